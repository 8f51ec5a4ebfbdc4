import { describe, expect, it } from 'vitest';
import { menus as menuContract, SCREENS } from '@venue/contract';
import { MODULES } from '../../modules.ts';
import type { MenuSeed } from '../module.ts';
import { sidebarMenus } from './menu-seed.ts';

const titles = (menus: MenuSeed[]): unknown[] => menus.map((m) => (m.children ? { [m.title]: titles(m.children) } : m.title));

describe('sidebarMenus', () => {
  it("builds the sidebar from every module's menus: groups by place, other modules' screens at their group's end", () => {
    const menus = sidebarMenus(MODULES.modules.flatMap((module) => module.menus ?? []));
    expect(titles(menus)).toEqual([
      { 商品管理: ['商品分类', '仓库管理', '商品档案', '库存查询', '供应商', '进货', '销售订单'] },
      { 租赁管理: ['商品租赁', '租赁商品档案', '租赁订单', '手牌管理'] },
      { 会员管理: ['会员卡管理', '会员档案', '会员卡类型', '黑名单规则'] },
      { 场地预订: ['场地预订', '预订订单', '场地设置', '场地利用率'] },
      { 票务管理: ['售票', '票种管理'] },
      { 讲座管理: ['讲座报名', '讲座活动'] },
      { 课程培训: ['教练管理', '课程管理', '班级管理', '报名管理', '课时流水'] },
      { 门禁管理: ['闸机管理', '区域管理', '控制器管理', '闸机通行记录', '闸机操作记录'] },
      { 营销管理: ['核销记录', '优惠券管理', '发券', '领用记录'] },
      { 报表中心: ['商品销售统计', '票务销售统计', '会员卡报表', '租赁报表', '核销报表', '交班对账', '教练课时', '课时统计', '出勤统计', '数据看板'] },
      { 系统管理: ['用户管理', '操作日志', '场馆管理', '角色管理', '菜单管理', '字典管理', '支付方式', '支付对账', '租户信息'] },
      '读卡',
    ]);
  });

  it('gives every seeded menu an icon the sidebar draws (讲座管理 had none)', () => {
    const icons = (menus: MenuSeed[]): { title: string; icon?: string }[] =>
      menus.flatMap((m) => [{ title: m.title, icon: m.icon }, ...icons(m.children ?? [])]);
    const all = icons(sidebarMenus(MODULES.modules.flatMap((module) => module.menus ?? [])));
    const known: readonly string[] = menuContract.MENU_ICONS;
    expect(all.filter((m) => m.icon && !known.includes(m.icon))).toEqual([]);
    expect(all.find((m) => m.title === '讲座管理')?.icon).toBe('education');
  });

  it('leaves the modules’ own menu constants as they were', () => {
    const group: MenuSeed = { title: 'G', path: 'g', children: [] };
    sidebarMenus([
      { sidebar: 1, menu: group },
      { group: 'g', menu: { title: 'S', path: 's', component: SCREENS.goodsStock } },
    ]);
    expect(group.children).toEqual([]);
  });

  it('refuses a screen placed into a group no module declares', () => {
    expect(() => sidebarMenus([{ group: 'gate', menu: { title: 'S', path: 's' } }])).toThrow('gate');
  });
});
