import { z } from 'zod';
import { PERMISSIONS } from './common/access.ts';
import { defineCall } from './common/call.ts';
import { optionalText, plainString, text } from './common/fields.ts';

/**
 * 租户信息 (issue 15, spec 2.4 settings): the tenant's name, its home-page logo (the sidebar shows it),
 * the footer text and case number (the sidebar's footer shows them). Read through system.tenantInfo
 * and system.globalSetting; the services it has through system.tenantServices.
 */

/** The logo is the product's own or a picture uploaded by this tenant (file/upload/picture). */
export const LOGO_PATH = /^\/(logo\.svg|uploads\/\d+\/[\w-]+\.(png|jpe?g|gif|webp))$/;
export const TENANT_MESSAGES = { logo: '请上传首页Logo图片', logoOfOther: '首页Logo图片不存在' } as const;

export const tenantSettings = z.object({
  tenantId: z.number(),
  tenantName: z.string(),
  homePageLogo: z.string().nullable(),
  showFooter: z.boolean(),
  footerTxt: z.string(),
  caseNumber: z.string(),
});
export type TenantSettings = z.infer<typeof tenantSettings>;

export const settings = defineCall({
  method: 'GET',
  path: 'system/tenant/settings',
  summary: '租户信息与系统设置（名称、首页Logo、页脚文字、备案号）',
  access: { permission: PERMISSIONS.system.tenant.list },
  response: tenantSettings,
});

export const edit = defineCall({
  method: 'PUT',
  path: 'system/tenant/edit',
  summary: '修改租户信息与系统设置',
  access: { permission: PERMISSIONS.system.tenant.edit },
  body: z.object({
    tenantName: text('租户名称', 50),
    homePageLogo: plainString('首页Logo').regex(LOGO_PATH, TENANT_MESSAGES.logo).nullable().default(null),
    showFooter: z.boolean({ error: '请选择是否显示页脚' }).default(true),
    footerTxt: optionalText('页脚文字', 100).default(''),
    caseNumber: optionalText('备案号', 50).default(''),
  }),
  response: tenantSettings,
});
