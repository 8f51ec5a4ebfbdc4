import { z } from 'zod';
import { PERMISSIONS } from './common/access.ts';
import { defineCall } from './common/call.ts';
import { Msg } from './common/codes.ts';
import { listQuery, pageOf } from './common/envelope.ts';
import { id, idList, idNumber, idParams, plainString, stateAS } from './common/fields.ts';
import { MAX_QUANTITY, yuan } from './common/money.ts';
import { orderRefund, refundRequest } from './order-refund.ts';
import { forPayAnswer, forPayQuery, payRecord, payRequest, payResult } from './payment.ts';

/** pay_record.order_type of a rental (also the receipt's print config typeId). */
export const LEASE_ORDER_TYPE = 'GOODS_LEASE';
/** Code table "Rent mode": U per use, T per time unit. */
export const RENT_MODE_LABELS: Record<string, string> = { U: '按次', T: '按时' };
/** A rental's order states: P created unpaid, A out (lent), E all returned, C cancelled. */
export const LEASE_ORDER_STATE_LABELS: Record<string, string> = { P: '已创建未支付', A: '租赁中', E: '已归还', C: '已取消' };

export const leaseMsg = {
  noItems: '当前场馆未设置项目，请先前往设置',
  noWarehouse: '当前场馆没有可用的商品仓库',
  notFound: '租赁商品不存在',
  orderNotFound: '租赁订单不存在',
  goodsTaken: '该商品已设置为租赁商品',
  notOut: '只有租赁中的订单可以归还',
  damageTooLarge: (name: string) => `商品「${name}」的损坏赔偿不能超过其押金`,
} as const;

const minutes = (label: string, min: number) =>
  z
    .number({ error: `请输入${label}` })
    .int(`${label}必须是整数`)
    .min(min, `${label}不能小于${min}`)
    .max(10080, `${label}不能超过10080分钟`);

/** A lease goods archive entry: a goods archive entry (name, picture, unit) lent out with its rent and deposit. */
export const leaseGoods = z.object({
  leaseGoodsId: z.number(),
  goodsId: z.number(),
  goodsName: z.string(),
  specs: z.string(),
  picture: z.string().nullable(),
  unit: z.string(),
  itemId: z.number(),
  itemName: z.string(),
  rentMode: z.enum(['U', 'T']),
  /** Rent in yuan: per use, or per time unit. */
  price: z.number(),
  unitMinutes: z.number(),
  freeMinutes: z.number(),
  dailyCap: z.number(),
  deposit: z.number(),
  /** Stock of the venue's warehouse (the venue asked, else none: 0). */
  qty: z.number(),
  state: z.enum(['A', 'S']),
});
export type LeaseGoods = z.infer<typeof leaseGoods>;

const leaseGoodsFields = z.object({
  goodsId: id('商品'),
  itemId: id('项目'),
  rentMode: z.enum(['U', 'T'], { error: '请选择计费方式' }),
  price: yuan('租金'),
  unitMinutes: minutes('计时单位', 1).default(60),
  freeMinutes: minutes('免费时长', 0).default(0),
  dailyCap: yuan('每日封顶').default(0),
  deposit: yuan('押金'),
  state: stateAS.default('A'),
});

export const goodsQuery = defineCall({
  method: 'GET',
  path: 'lease/leaseGoodsArchive/query',
  summary: '租赁商品档案（分页；库存为所选场馆仓库的库存）',
  access: { permission: PERMISSIONS.lease.goods.list },
  query: listQuery.extend({
    venueId: id('场馆').optional(),
    itemId: id('项目').optional(),
    goodsName: plainString('商品名称').trim().max(50).optional(),
    state: stateAS.optional(),
  }),
  response: pageOf(leaseGoods),
});
/** The 商品租赁 dialog's goods: enabled lease goods of the venue, by item and name. */
export const goodsAll = defineCall({
  method: 'GET',
  path: 'lease/leaseGoodsArchive/all',
  summary: '可租赁商品（按场馆、项目、名称）',
  access: { anyOf: [PERMISSIONS.lease.order.add, PERMISSIONS.lease.goods.list] },
  query: z.object({
    venueId: id('场馆'),
    itemId: id('项目').optional(),
    goodsName: plainString('商品名称').trim().max(50).optional(),
  }),
  response: z.array(leaseGoods),
});
export const goodsById = defineCall({
  method: 'GET',
  path: 'lease/leaseGoodsArchive/id/{id}',
  summary: '租赁商品详情',
  access: { permission: PERMISSIONS.lease.goods.list },
  params: idParams,
  response: leaseGoods,
});
export const goodsAdd = defineCall({
  method: 'POST',
  path: 'lease/leaseGoodsArchive/add',
  summary: '新增租赁商品（从商品档案选择）',
  access: { permission: PERMISSIONS.lease.goods.add },
  body: leaseGoodsFields,
  response: leaseGoods,
});
export const goodsEdit = defineCall({
  method: 'PUT',
  path: 'lease/leaseGoodsArchive/edit',
  summary: '修改租赁商品',
  access: { permission: PERMISSIONS.lease.goods.edit },
  body: leaseGoodsFields.omit({ goodsId: true }).extend({ leaseGoodsId: id('租赁商品') }),
  response: leaseGoods,
});
export const goodsState = defineCall({
  method: 'PUT',
  path: 'lease/leaseGoodsArchive/state',
  summary: '启用/停用租赁商品',
  access: { permission: PERMISSIONS.lease.goods.edit },
  body: z.object({ leaseGoodsId: id('租赁商品'), state: stateAS }),
  response: leaseGoods,
});

export const leaseLine = z.object({
  detailId: z.number(),
  leaseGoodsId: z.number(),
  goodsId: z.number(),
  goodsName: z.string(),
  specs: z.string(),
  unit: z.string(),
  quantity: z.number(),
  rentMode: z.string(),
  /** Rent of one unit (per use, or the first time unit), yuan. */
  rent: z.number(),
  unitMinutes: z.number(),
  freeMinutes: z.number(),
  dailyCap: z.number(),
  deposit: z.number(),
  /** Rent plus deposit of one unit: what the 收款 dialog charges. */
  price: z.number(),
  pricePay: z.number(),
  /** Units returned (归还). */
  returnedQuantity: z.number(),
  /** Deposit kept on returns (overtime, damage), yuan. */
  deducted: z.number(),
  returnTime: z.string().nullable(),
});
export const leaseOrder = z.object({
  orderId: z.number(),
  orderState: z.string(),
  payState: z.string(),
  venueId: z.number(),
  venueName: z.string(),
  itemId: z.number(),
  itemName: z.string(),
  priceOrig: z.number(),
  pricePay: z.number(),
  totalPrice: z.number(),
  rent: z.number(),
  deposit: z.number(),
  /** Deposit given back so far. */
  refundedAmount: z.number(),
  memberId: z.number().nullable(),
  memberName: z.string().nullable(),
  cardNo: z.string().nullable(),
  createTime: z.string(),
  payTime: z.string().nullable(),
  createName: z.string(),
  username: z.string(),
  /** Out with a timed line past its first time unit and free minutes (租赁订单 highlights it). */
  overdue: z.boolean(),
  details: z.array(leaseLine),
  payRecords: z.array(payRecord),
});
export type LeaseOrder = z.infer<typeof leaseOrder>;

export const createOrder = defineCall({
  method: 'POST',
  path: 'lease/leaseOrder/createOrder',
  summary: '创建租赁订单（租金＋押金，服务端计价）',
  access: { permission: PERMISSIONS.lease.order.add },
  body: z.object({
    details: z
      .array(
        z.object({ goodsId: id('租赁商品'), quantity: z.number({ error: '请输入数量' }).int('数量必须是整数').min(1, '数量至少为1').max(999, '数量过大') }),
        {
          error: Msg.chooseGoods,
        },
      )
      .min(1, Msg.chooseGoods)
      .max(50, '一单最多50种商品'),
    itemId: id('项目'),
    memberId: idNumber().nullable().optional(),
    venueId: id('场馆'),
  }),
  response: z.object({ orderId: z.number(), orderState: z.string(), payState: z.string(), pricePay: z.number() }),
});
export const queryOrderForPay = defineCall({
  method: 'GET',
  path: 'lease/leaseOrder/queryOrderForPay',
  summary: '租赁订单应付（押金不打折）',
  access: { permission: PERMISSIONS.lease.order.add },
  query: forPayQuery,
  response: forPayAnswer(leaseLine),
});
export const payOrder = defineCall({
  method: 'POST',
  path: 'lease/leaseOrder/payOrder',
  summary: '租赁订单收款（200 成功、605 结果未知、606 失败）',
  access: { permission: PERMISSIONS.lease.order.add },
  body: payRequest,
  response: payResult,
});
export const orderById = defineCall({
  method: 'GET',
  path: 'lease/leaseOrder/id/{id}',
  summary: '租赁订单详情',
  access: { anyOf: [PERMISSIONS.lease.order.list, PERMISSIONS.lease.order.add] },
  params: idParams,
  response: leaseOrder,
});
export const query = defineCall({
  method: 'GET',
  path: 'lease/leaseOrder/query',
  summary: '租赁订单（当前场馆；租赁中在前）',
  access: { permission: PERMISSIONS.lease.order.list },
  query: listQuery.extend({
    orderState: plainString('订单状态').max(2).optional(),
    memberName: plainString('会员姓名').trim().max(50).optional(),
    orderId: id().optional(),
  }),
  response: pageOf(leaseOrder),
});
export const getPrint = defineCall({
  method: 'GET',
  path: 'lease/leaseOrder/getPrintLeaseOrder',
  summary: '租赁小票数据',
  access: { anyOf: [PERMISSIONS.lease.order.add, PERMISSIONS.lease.order.list] },
  query: z.object({ orderIds: idList('订单') }),
  response: z.array(leaseOrder),
});

/** A return (归还): lines and units back, damage or loss per line, the deposit back by the original route (T) or another (F). */
export const returnRequest = refundRequest.omit({ lines: true }).extend({
  lines: z
    .array(
      z.object({
        detailId: idNumber('归还商品'),
        quantity: z.number({ error: '请输入归还数量' }).int('归还数量必须是整数').min(1, '归还数量至少为1').max(MAX_QUANTITY, '归还数量过大'),
        /** Damage or loss the clerk records for these units, yuan, kept from their deposit. */
        damage: yuan('损坏赔偿').default(0),
      }),
    )
    .min(1, '请选择要归还的商品和数量')
    .max(50),
});
export const returnGoods = defineCall({
  method: 'POST',
  path: 'lease/leaseOrder/returnGoods',
  summary: '归还（部分或全部）：入库、计算超时费与损坏赔偿、退还押金（原路或其他方式）',
  access: { permission: PERMISSIONS.lease.order.return },
  body: returnRequest,
  response: orderRefund,
});
export const orderReturns = defineCall({
  method: 'GET',
  path: 'lease/leaseOrder/returns',
  summary: '租赁订单的归还记录（押金退款单）',
  access: { anyOf: [PERMISSIONS.lease.order.list, PERMISSIONS.lease.order.return] },
  query: z.object({ orderId: id('订单') }),
  response: z.array(orderRefund),
});
export const queryReturn = defineCall({
  method: 'POST',
  path: 'lease/leaseOrder/queryReturn',
  summary: '查询结果未知的押金退款',
  access: { permission: PERMISSIONS.lease.order.return },
  body: z.object({ refundId: id('退款单') }),
  response: orderRefund,
});
