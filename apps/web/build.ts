// The web app's build (npm run build): two passes, see shell-chunk.ts.
import { build, type Rolldown } from 'vite';
import { shellChunk, shellModulesOf } from './shell-chunk.ts';

// Pass 1, in memory and uncompressed: how the bundler splits the app by itself.
const survey = (await build({ mode: 'survey', logLevel: 'warn', build: { write: false } })) as Rolldown.RolldownOutput;
// Pass 2, the build: the app, its frame and 首页 in one file.
await build({ plugins: [shellChunk(shellModulesOf(survey))] });
