import { create } from 'zustand';

export interface VisitedView {
  path: string;
  fullPath: string;
  title: string;
  affix: boolean;
  noCache: boolean;
}

interface TagsState {
  visited: VisitedView[];
  /** Paths whose cached view must be dropped (refresh, close). Bumped to remount. */
  generation: Record<string, number>;
  visit(view: VisitedView): void;
  close(path: string): VisitedView[];
  closeOthers(path: string): void;
  closeAll(): void;
  refresh(path: string): void;
}

export const HOME_VIEW: VisitedView = { path: '/dashboard', fullPath: '/dashboard', title: '首页', affix: true, noCache: true };

/** Visited views (shell-behaviour "Tags view"): de-duplicated by path; affix tags survive every close. */
export const useTags = create<TagsState>((set, get) => ({
  visited: [HOME_VIEW],
  generation: {},
  visit(view) {
    const visited = get().visited;
    const at = visited.findIndex((v) => v.path === view.path);
    if (at === -1) set({ visited: [...visited, view] });
    else if (visited[at].fullPath !== view.fullPath) set({ visited: visited.map((v, i) => (i === at ? { ...v, fullPath: view.fullPath } : v)) });
  },
  close(path) {
    const visited = get().visited.filter((v) => v.path !== path || v.affix);
    set({ visited });
    get().refresh(path);
    return visited;
  },
  closeOthers(path) {
    const dropped = get().visited.filter((v) => v.path !== path && !v.affix);
    set({ visited: get().visited.filter((v) => v.path === path || v.affix) });
    dropped.forEach((v) => get().refresh(v.path));
  },
  closeAll() {
    const dropped = get().visited.filter((v) => !v.affix);
    set({ visited: get().visited.filter((v) => v.affix) });
    dropped.forEach((v) => get().refresh(v.path));
  },
  refresh(path) {
    set({ generation: { ...get().generation, [path]: (get().generation[path] ?? 0) + 1 } });
  },
}));
