import { describe, expect, it } from 'vitest';
import type { MenuGrantNode } from '@venue/contract/roles';
import { grantLinks, toggleGrant } from './grant-tree';

const node = (id: number, title: string, type: number, children?: MenuGrantNode[]): MenuGrantNode => ({ id, title, type, permission: null, children });
// 商品管理 › 销售订单 › (商品销售收款, 修改实收价, 关闭订单); 商品管理 › 商品分类
const TREE = [
  node(1, '商品管理', 0, [node(2, '销售订单', 1, [node(3, '商品销售收款', 2), node(4, '修改实收价', 2), node(5, '关闭订单', 2)]), node(6, '商品分类', 1)]),
];
const links = grantLinks(TREE);

describe('角色管理 menu grants', () => {
  it('checking a button grants it with its screen and group, not its siblings', () => {
    const sell = toggleGrant([], links, 3, true);
    expect(sell.sort()).toEqual([1, 2, 3]);
    expect(toggleGrant(sell, links, 5, true).sort()).toEqual([1, 2, 3, 5]);
  });

  it('checking a screen grants its buttons; unchecking it takes them away and leaves the rest', () => {
    expect(toggleGrant([1, 6], links, 2, true).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(toggleGrant([1, 2, 3, 4, 5, 6], links, 2, false).sort()).toEqual([1, 6]);
  });

  it('keeps a screen granted without its buttons when a button is unchecked', () => {
    expect(toggleGrant([1, 2, 3], links, 3, false).sort()).toEqual([1, 2]);
  });
});
