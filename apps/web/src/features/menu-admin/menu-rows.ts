import type { MenuRow } from '@venue/contract/system';

/** A row of the lazy tree table: `children` [] until loaded when the menu has children (antd shows the expander). */
export type TreeRow = MenuRow & { children?: TreeRow[] };

/** The tree table's rows from the levels loaded so far, keyed by parent id (0: the top level). */
export function treeRows(loaded: ReadonlyMap<number, MenuRow[]>, pid = 0): TreeRow[] {
  return (loaded.get(pid) ?? []).map((row) => {
    const below = loaded.get(row.id);
    if (below) return { ...row, children: treeRows(loaded, row.id) };
    return row.hasChildren ? { ...row, children: [] } : row;
  });
}

/** A TreeSelect node of the parent picker: buttons cannot hold entries, nor can the menu edited or what is below it. */
export interface ParentOption {
  value: number;
  title: string;
  pId: number;
  isLeaf: boolean;
  disabled: boolean;
}

export function parentOptions(
  rows: { id: number; pid: number | null; title: string; type: number; hasChildren: boolean }[],
  excluded: ReadonlySet<number>,
): ParentOption[] {
  return rows.map((r) => ({
    value: r.id,
    title: r.title,
    pId: r.pid ?? 0,
    isLeaf: !r.hasChildren,
    disabled: r.type === 2 || excluded.has(r.id),
  }));
}

/** Flattens a superior answer (levels with the chain to a menu expanded) into rows. */
export function flatten<T extends { children?: T[] }>(nodes: T[]): Omit<T, 'children'>[] {
  return nodes.flatMap(({ children, ...row }) => [row, ...flatten(children ?? [])]);
}
