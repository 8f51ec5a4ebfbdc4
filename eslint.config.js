// Lint for the whole repository. Beyond the recommended rule sets it enforces the import direction of
// design.md (section 1): a wrong import between layers fails `npm run lint` and so `npm test`.
// oxlint (.oxlintrc.json) runs first and owns the rules it implements, import cycles among them: ESLint
// walking the import graph took 10 of its 40 s cold. The recommended rules oxlint has are enabled there
// too (cold lint 39 s → 31 s on a slow day); ESLint keeps the import boundaries, the hook rules and what
// oxlint lacks. The last blocks below turn the rest off here.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import oxlint from 'eslint-plugin-oxlint';

const root = import.meta.dirname;
const web = 'apps/web/src';
const server = 'apps/server/src';

/** Import rules resolve paths as the project's own tsconfig does (the web's `@/` alias, the server's `.ts` suffixes). */
const resolverFor = (project) => ({
  'import-x/resolver-next': [createTypeScriptImportResolver({ project: join(root, project) }), createNodeResolver()],
});

/** A feature reaches another feature only through its face, `features/<name>/index.ts`. */
const featureNames = readdirSync(join(root, web, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = featureNames.map((name) => ({
  target: `${web}/features/${name}`,
  from: featureNames.filter((other) => other !== name).map((other) => `${web}/features/${other}`),
  except: ['index.ts', 'index.tsx'],
  message: `A feature imports another feature only through its index.ts: use '@/features/<name>'.`,
}));

const boundaryZones = [
  {
    target: [`${web}/lib`, `${web}/hooks`, `${web}/components`],
    from: [`${web}/features`, `${web}/app`],
    message: 'Shared web code (lib, hooks, components) never imports a feature or app/.',
  },
  { target: `${web}/features`, from: `${web}/app`, message: 'Features never import app/: move what they need below them (lib, hooks, components).' },
  ...featureZones.filter((zone) => zone.from.length > 0),
  {
    target: `${server}/**/*.repository.ts`,
    from: `${server}/**/*.routes.ts`,
    message: 'A repository never imports routes.',
  },
  { target: `${server}/lib`, from: server, except: ['lib'], message: 'Server lib/ holds pure helpers: it imports only lib/.' },
  { target: 'packages/contract', from: 'apps', message: 'The contract imports nothing from the apps.' },
  { target: 'apps/web', from: 'apps/server', message: 'The web app shares code with the server only through the contract.' },
  { target: 'apps/server', from: 'apps/web', message: 'The server shares code with the web app only through the contract.' },
];

export default defineConfig(
  { ignores: ['**/node_modules/', '**/dist/', 'data/', '**/test-results/', 'coverage/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // No rule here reads JSDoc, and TypeScript parsing every doc comment was a fifth of a cold lint.
    languageOptions: { globals: globals.node, parserOptions: { jsDocParsingMode: 'none' } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX },
    settings: {
      // Without these import-x reads only .js files, and the boundary zones would see no edges in TypeScript.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      ...resolverFor('tsconfig.base.json'),
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
    },
  },
  { files: ['apps/web/**'], settings: resolverFor('apps/web/tsconfig.json') },
  { files: ['apps/server/**'], settings: resolverFor('apps/server/tsconfig.json') },
  { files: ['packages/contract/**'], settings: resolverFor('packages/contract/tsconfig.json') },
  { files: ['e2e/**'], settings: resolverFor('e2e/tsconfig.json') },
  { files: ['bench/**'], settings: resolverFor('bench/tsconfig.json') },
  { files: ['scripts/**'], settings: resolverFor('scripts/tsconfig.json') },
  {
    // The two hook rules, not the React Compiler's checks the recommended set adds: those compile every
    // component and took two thirds of a cold lint (over 40 s in CI, where there is no cache).
    files: [`${web}/**`],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
    languageOptions: { globals: globals.browser },
  },
  {
    // Kysely's own advice: a migration sees the database as it was then, so it takes `Kysely<any>`, not today's tables.
    files: [`${server}/db/migrations/**`],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: [`${server}/lib/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['fastify', 'fastify-*', '@fastify/*'], message: 'Server lib/ holds pure helpers: no Fastify (take plain values instead).' },
            { group: ['kysely', 'kysely-*'], message: 'Server lib/ holds pure helpers: no Kysely (queries live in repositories).' },
          ],
        },
      ],
    },
  },
  ...oxlint.buildFromOxlintConfigFile(join(root, '.oxlintrc.json')),
  // Run by oxlint too (.oxlintrc.json), but not mapped by eslint-plugin-oxlint's table.
  { rules: { 'no-useless-assignment': 'off', 'import-x/no-self-import': 'off' } },
);
