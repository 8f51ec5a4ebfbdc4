import type { MenuGrantNode } from '@venue/contract/roles';

/** Each node's parent and every node's descendants, to check a node with its ancestors and subtree. */
export interface GrantLinks {
  parent: Map<number, number>;
  below: Map<number, number[]>;
}

export function grantLinks(nodes: MenuGrantNode[]): GrantLinks {
  const parent = new Map<number, number>();
  const below = new Map<number, number[]>();
  const walk = (list: MenuGrantNode[], pid: number | null): number[] =>
    list.flatMap((n) => {
      if (pid !== null) parent.set(n.id, pid);
      const under = walk(n.children ?? [], n.id);
      below.set(n.id, under);
      return [n.id, ...under];
    });
  walk(nodes, null);
  return { parent, below };
}

/**
 * The menu ids a role grants after one node is checked or unchecked: checking grants its subtree and
 * the menus above it (a button needs its screen, a screen its group); unchecking takes its subtree away.
 * Every other node keeps its own state (a screen may be granted without its buttons).
 */
export function toggleGrant(granted: number[], links: GrantLinks, id: number, checked: boolean): number[] {
  const subtree = [id, ...(links.below.get(id) ?? [])];
  if (!checked) return granted.filter((v) => !subtree.includes(v));
  const above: number[] = [];
  for (let p = links.parent.get(id); p !== undefined; p = links.parent.get(p)) above.push(p);
  return [...new Set([...granted, ...subtree, ...above])];
}
