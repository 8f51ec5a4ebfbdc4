import { PERMISSIONS, SCREENS } from '@venue/contract';
import type { MenuSeed } from '../module.ts';

/** 操作日志, the audit module's screen in the system group. */
export const AUDIT_MENU: MenuSeed = {
  title: '操作日志',
  path: 'auditLog',
  component: SCREENS.systemAudit,
  icon: 'log',
  permission: PERMISSIONS.system.audit.list,
  buttons: [['导出操作日志', PERMISSIONS.system.audit.export]],
};
