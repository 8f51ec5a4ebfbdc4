// `npm run lint:openapi`: writes the server's OpenAPI document to a temp file and runs `redocly lint`
// on it with ../redocly.yaml. Exits with redocly's status.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openApiDocument } from '../apps/server/src/openapi.ts';

const root = resolve(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'venue-openapi-lint-'));
const file = join(dir, 'openapi.json');
writeFileSync(file, JSON.stringify(await openApiDocument(), null, 2));
const redocly = join(root, 'node_modules/@redocly/cli/bin/cli.js');
const { status } = spawnSync(process.execPath, [redocly, 'lint', file, '--config', join(root, 'redocly.yaml'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
});
rmSync(dir, { recursive: true, force: true });
process.exit(status ?? 1);
