import { z } from 'zod';
import { PERMISSIONS } from './common/access.ts';
import { defineCall, defineDownload } from './common/call.ts';
import { listQuery, pageOf } from './common/envelope.ts';
import { dateTime, id, plainString } from './common/fields.ts';

/**
 * What an audit entry records, by action code (操作日志). Money-moving actions (收款, 退款, card balance,
 * price override, stock adjustment) and every administration change; a new module adds its codes here.
 */
export const AUDIT_ACTIONS = {
  'order.pay': '收款',
  'order.refund': '退款',
  'card.refund': '会员卡消费退回',
  'card.state': '会员卡状态变更',
  'card.replace': '补卡',
  'card.return': '退卡',
  'member.add': '新增会员',
  'member.edit': '修改会员',
  'sale.editPrice': '修改实收价',
  'stock.adjust': '库存调整',
  'user.add': '新增用户',
  'user.edit': '修改用户',
  'user.state': '启用/停用用户',
  'user.resetPassword': '重置密码',
  'role.add': '新增角色',
  'role.edit': '修改角色',
  'role.delete': '删除角色',
  'menu.add': '新增菜单',
  'menu.edit': '修改菜单',
  'menu.delete': '删除菜单',
  'tenant.edit': '修改租户信息',
  'venue.center': '新增/修改中心',
  'venue.add': '新增场馆',
  'venue.edit': '修改场馆',
  'venue.state': '启用/停用场馆',
  'venue.item': '场馆项目设置',
  'venue.close': '闭馆设置',
  'dict.add': '新增字典项',
  'dict.edit': '修改字典项',
  'dict.delete': '删除字典项',
  'voucher.verify': '团购券核销',
  'voucher.cancel': '撤销团购券核销',
  'voucher.config': '修改短视频平台设置',
  'payment.channel': '修改收款通道商户参数',
  'lecture.add': '新增讲座',
  'lecture.edit': '修改讲座',
  'coupon.add': '新增优惠券',
  'coupon.edit': '修改优惠券',
  'coupon.state': '启用/停用优惠券',
  'coupon.issue': '发放优惠券',
  'coupon.revoke': '作废优惠券',
  'cardType.add': '新增会员卡类型',
  'cardType.edit': '修改会员卡类型',
  'cardType.state': '会员卡类型在售/停售',
  'memberType.add': '新增会员类型',
  'memberType.edit': '修改会员类型',
  'card.extend': '会员卡延期',
  'card.expire': '会员卡到期',
  'blacklist.rule': '设置黑名单规则',
  'blacklist.add': '规则加入黑名单',
  'blacklist.remove': '移出黑名单',
  'payType.add': '新增收款方式',
  'payType.edit': '修改收款方式',
  'payType.state': '启用/停用收款方式',
  'payType.delete': '删除收款方式',
  'print.config': '小票打印设置',
  'goods.add': '新增商品',
  'goods.edit': '修改商品',
  'goods.state': '商品启停/上下架',
  'stockIn.add': '新增进货单',
  'stockIn.review': '审核进货单',
  'stockIn.complete': '进货单完结',
  'user.password': '修改密码',
  'goodsClass.add': '新增商品分类',
  'goodsClass.edit': '修改商品分类',
  'warehouse.add': '新增仓库',
  'warehouse.edit': '修改仓库',
  'supplier.add': '新增供应商',
  'supplier.edit': '修改供应商',
  'hand.add': '新增手牌',
  'hand.edit': '修改手牌',
  'hand.state': '手牌状态变更',
  'leaseGoods.add': '新增租赁物品',
  'leaseGoods.edit': '修改租赁物品',
  'leaseGoods.state': '租赁物品启用/停用',
  'ticketType.add': '新增票种',
  'ticketType.edit': '修改票种',
  'sale.autoClose': '设置自动关单',
  'gateArea.add': '新增闸机区域',
  'gateArea.edit': '修改闸机区域',
  'gateArea.delete': '删除闸机区域',
  'gateController.add': '新增闸机控制器',
  'gateController.edit': '修改闸机控制器',
  'gate.add': '新增闸机',
  'gate.edit': '修改闸机',
  'gate.users': '设置闸机操作员',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_CODES = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];

export const auditEntry = z.object({
  logId: z.number(),
  action: z.string(),
  actionName: z.string(),
  /** What was acted on, e.g. 商品销售订单 12. */
  target: z.string(),
  venueId: z.number().nullable(),
  venueName: z.string().nullable(),
  userId: z.number().nullable(),
  username: z.string(),
  realName: z.string(),
  /** JSON text of the values before and after (null: nothing before, e.g. a new row). */
  before: z.string().nullable(),
  after: z.string().nullable(),
  clientIp: z.string(),
  createTime: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

const auditFilters = z.object({
  beginTime: dateTime('beginTime').optional(),
  endTime: dateTime('endTime').optional(),
  action: z.enum(AUDIT_ACTION_CODES, { error: '操作类型不正确' }).optional(),
  venueId: id().optional(),
  /** The user name or real name of who acted. */
  userName: plainString('操作人').trim().max(30).optional(),
  /** Text in the target or in the before/after values (an order number, a goods name). */
  keyword: plainString('关键字').trim().max(50).optional(),
});
export type AuditFilters = z.infer<typeof auditFilters>;

export const auditQuery = defineCall({
  method: 'GET',
  path: 'system/api/auditLog',
  summary: '操作日志',
  access: { permission: PERMISSIONS.system.audit.list },
  query: listQuery.extend(auditFilters.shape),
  response: pageOf(auditEntry),
});
export const auditExport = defineDownload({
  method: 'GET',
  path: 'system/api/auditLog/export',
  summary: '导出操作日志（.xlsx，条件同查询）',
  access: { permission: PERMISSIONS.system.audit.export },
  query: auditFilters,
  fileName: '操作日志.xlsx',
  asciiName: 'audit-log.xlsx',
});
