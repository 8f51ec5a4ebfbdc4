import { PERMISSIONS, SCREENS } from '@venue/contract';
import type { MenuSeed } from '../module.ts';

export const MEMBER_MENUS: MenuSeed = {
  title: '会员管理',
  path: 'member',
  icon: 'idcard',
  children: [
    {
      title: '会员卡管理',
      path: 'card',
      component: SCREENS.memberCard,
      icon: 'idcard',
      permission: PERMISSIONS.member.card.list,
      roles: ['cashier'],
      buttons: [
        ['开卡', PERMISSIONS.member.card.open, ['cashier']],
        ['修改备注', PERMISSIONS.member.card.remark],
        ['消费退款', PERMISSIONS.member.card.refund],
        ['导入会员卡', PERMISSIONS.member.card.import],
        ['导出会员卡', PERMISSIONS.member.card.export],
        ['绑定实体卡', PERMISSIONS.member.card.bind],
        ['批量延期', PERMISSIONS.member.card.extend],
        ['办卡', PERMISSIONS.member.card.sell, ['cashier']],
        ['充值', PERMISSIONS.member.card.recharge, ['cashier']],
        ['挂失解挂停用补卡', PERMISSIONS.member.card.state, ['cashier']],
        ['退卡', PERMISSIONS.member.card.cardReturn],
      ],
    },
    {
      title: '会员档案',
      path: 'archive',
      component: SCREENS.memberArchive,
      icon: 'user',
      permission: PERMISSIONS.member.member.list,
      roles: ['cashier'],
      buttons: [
        ['新增会员', PERMISSIONS.member.member.add, ['cashier']],
        ['修改会员', PERMISSIONS.member.member.edit, ['cashier']],
        ['查看完整手机号', PERMISSIONS.member.member.plain],
      ],
    },
    {
      title: '会员卡类型',
      path: 'cardType',
      component: SCREENS.memberCardType,
      icon: 'idcard',
      permission: PERMISSIONS.member.cardType.list,
      buttons: [
        ['新增卡类型', PERMISSIONS.member.cardType.add],
        ['修改卡类型', PERMISSIONS.member.cardType.edit],
      ],
    },
    {
      title: '黑名单规则',
      path: 'blacklistRule',
      component: SCREENS.memberBlacklistRule,
      icon: 'lock',
      permission: PERMISSIONS.member.blacklist.list,
      buttons: [['设置黑名单规则', PERMISSIONS.member.blacklist.edit]],
    },
  ],
};

/** The fixed route /readCards of spec 2.1: a hidden top-level screen, so the web app can route it. */
export const READ_CARDS_MENU: MenuSeed = {
  title: '读卡',
  path: 'readCards',
  component: SCREENS.memberReadCards,
  icon: 'idcard',
  permission: PERMISSIONS.member.card.list,
  hidden: true,
  roles: ['cashier'],
};
