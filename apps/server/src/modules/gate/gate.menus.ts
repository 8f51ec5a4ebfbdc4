import { PERMISSIONS, SCREENS } from '@venue/contract';
import type { MenuSeed } from '../module.ts';

const P = PERMISSIONS.gate;
export const GATE_MENUS: MenuSeed = {
  title: '门禁管理',
  path: 'gate',
  icon: 'scan',
  children: [
    {
      title: '闸机管理',
      path: 'gate',
      component: SCREENS.gateGate,
      icon: 'appstore',
      permission: P.gate.list,
      buttons: [
        ['新增闸机', P.gate.add],
        ['修改闸机', P.gate.edit],
        ['授权用户', P.gate.grant],
        ['远程开闸', P.gate.remoteControl, ['cashier']],
      ],
    },
    {
      title: '区域管理',
      path: 'area',
      component: SCREENS.gateArea,
      icon: 'database',
      permission: P.area.list,
      buttons: [
        ['新增区域', P.area.add],
        ['修改区域', P.area.edit],
        ['删除区域', P.area.del],
      ],
    },
    {
      title: '控制器管理',
      path: 'controller',
      component: SCREENS.gateController,
      icon: 'setting',
      permission: P.controller.list,
      buttons: [
        ['新增控制器', P.controller.add],
        ['修改控制器', P.controller.edit],
        ['测试与同步', P.controller.test],
      ],
    },
    {
      title: '闸机通行记录',
      path: 'pass',
      component: SCREENS.gatePass,
      icon: 'team',
      permission: P.pass.list,
      roles: ['cashier'],
      buttons: [['导出通行记录', P.pass.export]],
    },
    {
      title: '闸机操作记录',
      path: 'command',
      component: SCREENS.gateCommand,
      icon: 'book',
      permission: P.command.list,
      buttons: [['导出操作记录', P.command.export]],
    },
  ],
};
