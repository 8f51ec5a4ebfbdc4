import { PERMISSIONS, SCREENS } from '@venue/contract';
import type { MenuSeed } from '../module.ts';

/** 租户信息, the tenant module's screen in the system group: name, logo, footer text and case number. */
export const TENANT_MENU: MenuSeed = {
  title: '租户信息',
  path: 'tenant',
  component: SCREENS.systemTenant,
  icon: 'setting',
  permission: PERMISSIONS.system.tenant.list,
  buttons: [['修改租户信息', PERMISSIONS.system.tenant.edit]],
};
