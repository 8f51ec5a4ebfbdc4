import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Issue 33: the login route's JavaScript (gzip) stays under this; e2e/login-budget.e2e.ts fails past it. */
export const LOGIN_BUDGET_KB = 150;

interface ChunkInfo {
  code: string;
  imports: string[];
  facade: string;
  modules: string[];
  isEntry: boolean;
  isDynamicEntry: boolean;
}

/** The modules lazy import()s load, by the end of their path: the app with its frame and 首页, and the login page. */
export const SHELL = ['app/App.tsx', 'app/layout/MainLayout.tsx', 'features/home/pages/HomePage.tsx'];
export const LOGIN = 'features/auth/pages/LoginPage.tsx';

/** The chunks `files` load: themselves and, transitively, every chunk they import statically. */
export function importClosure(importsOf: (file: string) => readonly string[], files: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    importsOf(file).forEach(visit);
  };
  files.forEach(visit);
  return seen;
}

/**
 * Prints after each build the JavaScript each route needs, gzipped as the server sends it: the entry and
 * what it imports, plus for /login the login page, for every other route the app, the frame and 首页
 * (loaded beside it) and the route's own lazy page. Chunks shared by several are counted in each.
 */
export function routeBytes(): Plugin {
  return {
    name: 'route-bytes',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, ChunkInfo>();
      for (const [file, out] of Object.entries(bundle))
        if (out.type === 'chunk')
          chunks.set(file, {
            code: out.code,
            imports: out.imports,
            facade: out.facadeModuleId ?? '',
            modules: out.moduleIds,
            isEntry: out.isEntry,
            isDynamicEntry: out.isDynamicEntry,
          });
      const gzipped = new Map<string, number>();
      const size = (file: string) => {
        if (!gzipped.has(file)) gzipped.set(file, gzipSync(chunks.get(file)?.code ?? '', { level: 9 }).length);
        return gzipped.get(file)!;
      };
      const closure = (files: string[]) => importClosure((file) => chunks.get(file)?.imports ?? [], files);
      const kb = (files: Set<string>) => [...files].reduce((sum, f) => sum + size(f), 0) / 1024;
      const find = (end: string) => [...chunks].filter(([, c]) => c.modules.some((id) => id.endsWith(end))).map(([file]) => file);
      const entry = [...chunks].filter(([, c]) => c.isEntry).map(([file]) => file);
      const shell = SHELL.flatMap(find);
      const pages = [...chunks].filter(([, c]) => c.isDynamicEntry && !SHELL.concat(LOGIN).some((end) => c.facade.endsWith(end)));
      const rows: [string, number][] = [
        ['/login', kb(closure([...entry, ...find(LOGIN)]))],
        ['首页 (app, frame, home)', kb(closure([...entry, ...shell]))],
        ...pages.map(([file, c]): [string, number] => [c.facade.replace(/^.*\/src\//, ''), kb(closure([...entry, ...shell, file]))]),
      ];
      const width = Math.max(...rows.map(([name]) => name.length)) + 2;
      const lines = rows.map(([name, value]) => `  ${name.padEnd(width)}${value.toFixed(1).padStart(7)} KB`);
      const login = rows[0][1];
      this.info(
        `JavaScript per route (gzip -9, with every chunk it loads):\n${lines.join('\n')}\n` +
          `  /login: ${login.toFixed(1)} KB of a ${LOGIN_BUDGET_KB} KB budget${login < LOGIN_BUDGET_KB ? '' : ' — OVER BUDGET'}`,
      );
    },
  };
}
