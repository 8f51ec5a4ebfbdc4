import type { Plugin, Rolldown } from 'vite';
import { importClosure, LOGIN, SHELL } from './route-bytes.ts';

/**
 * The modules the app, its frame and 首页 load that the login route does not, read from a build split
 * by the bundler's own rules: there they were ~45 files (one per set of screens sharing them), fetched
 * after the login six at a time (HTTP/1.1) and holding the login's own request back, though every route
 * of the app needs all of them. Read from the output, not the import graph: a barrel (antd's index)
 * imports every component, the output only those used.
 */
export function shellModulesOf(output: Rolldown.RolldownOutput): Set<string> {
  const chunks = new Map(output.output.flatMap((out) => (out.type === 'chunk' ? [[out.fileName, out] as const] : [])));
  const closure = (files: string[]) => importClosure((file) => chunks.get(file)?.imports ?? [], files);
  const facades = (ends: string[]) => [...chunks.values()].filter((c) => ends.some((end) => c.facadeModuleId?.endsWith(end))).map((c) => c.fileName);
  const entries = [...chunks.values()].filter((c) => c.isEntry).map((c) => c.fileName);
  const loginRoute = closure([...entries, ...facades([LOGIN])]);
  const shellFiles = [...closure(facades(SHELL))].filter((file) => !loginRoute.has(file));
  return new Set(shellFiles.flatMap((file) => chunks.get(file)!.moduleIds));
}

/** Puts `modules` (shellModulesOf) in one chunk, named shell. */
export function shellChunk(modules: Set<string>): Plugin {
  return {
    name: 'shell-chunk',
    apply: 'build',
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              // The set is whole: what its modules import outside it is the login route's, loaded before.
              groups: [{ name: 'shell', test: (id: string) => modules.has(id), includeDependenciesRecursively: false }],
            },
          },
        },
      },
    }),
  };
}
