import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';

/** Every code table of spec point 3, as dictionaries: name (the dictType), description, [value, label]. */
export const CODE_TABLES: { name: string; description: string; entries: [string, string][] }[] = [
  {
    name: 'family_relation',
    description: '家庭关系',
    entries: [
      ['S', '本人'],
      ['F', '父亲'],
      ['M', '母亲'],
      ['O', '其他'],
    ],
  },
  {
    name: 'source',
    description: '来源',
    entries: [
      ['B', '后台'],
      ['W', '微信'],
      ['M', '小程序'],
      ['Z', '本地应用'],
      ['O', '其他'],
    ],
  },
  {
    name: 'state',
    description: '状态',
    entries: [
      ['A', '启用'],
      ['S', '停用'],
    ],
  },
  {
    name: 'supply_state',
    description: '进货审核状态',
    entries: [
      ['A', '审核通过'],
      ['D', '审核不通过'],
      ['P', '待审核'],
      ['E', '已完成'],
    ],
  },
  {
    name: 'card_stock',
    description: '卡库存状态',
    entries: [
      ['A', '在库'],
      ['U', '已使用'],
    ],
  },
  {
    name: 'pay_state',
    description: '支付状态',
    entries: [
      ['U', '未支付'],
      ['P', '已支付'],
      ['C', '已关闭'],
      ['N', '支付结果未知'],
      ['F', '支付失败'],
      ['FR', '全部退款'],
      ['PR', '部分退款'],
    ],
  },
  {
    name: 'order_state',
    description: '订单状态',
    entries: [
      ['P', '已创建未支付'],
      ['A', '可使用'],
      ['U', '已使用'],
      ['E', '已完成'],
      ['C', '已取消'],
    ],
  },
  {
    name: 'open_field_state',
    description: '开场状态',
    entries: [
      ['U', '已开场'],
      ['A', '可使用'],
    ],
  },
  {
    name: 'refund_type',
    description: '退款类型',
    entries: [
      ['U', '无退款'],
      ['P', '部分退款'],
      ['A', '全额退款'],
    ],
  },
  {
    name: 'refund_route',
    description: '退款途径',
    entries: [
      ['T', '原路退回'],
      ['F', '其他方式'],
    ],
  },
  {
    name: 'order_type',
    description: '订场类型',
    entries: [
      ['R', '预订'],
      ['P', '包场'],
      ['L', '占场'],
    ],
  },
  {
    name: 'sale_flag',
    description: '上架状态',
    entries: [
      ['1', '在售'],
      ['0', '停售'],
    ],
  },
  {
    name: 'field_sale_mode',
    description: '场地售卖方式',
    entries: [
      ['F', '按时段'],
      ['C', '按人数'],
    ],
  },
  {
    name: 'refund_state',
    description: '退款状态',
    entries: [
      ['P', '未退款'],
      ['U', '退款结果未知'],
      ['R', '已退款'],
      ['F', '退款失败'],
      ['A', '全部'],
    ],
  },
  {
    name: 'blacklist_rule_type',
    description: '黑名单规则类型',
    entries: [
      ['FC', '订场取消'],
      ['TR', '门票退票'],
      ['TE', '门票过期'],
      ['FN', '订场未到场'],
    ],
  },
  {
    name: 'reader_type',
    description: '读卡器类型',
    entries: [
      ['WG', '韦根'],
      ['COM', '串口'],
      ['FACE', '人脸'],
      ['ID', '身份证'],
      ['FINGER', '指纹'],
      ['NET', '网络'],
      ['OUXUAN', '欧选'],
    ],
  },
  {
    name: 'supply_type',
    description: '进货价格类型',
    entries: [
      ['A', '全价'],
      ['F', '阶梯价'],
    ],
  },
  {
    name: 'settlement_mode',
    description: '结算方式',
    entries: [
      ['C', '向上取整'],
      ['R', '四舍五入'],
      ['Z', '截断'],
    ],
  },
  {
    name: 'carry_unit',
    description: '进位单位',
    entries: [
      ['Y', '元'],
      ['D', '角'],
      ['C', '分'],
    ],
  },
  {
    name: 'pass_mode',
    description: '通行模式',
    entries: [
      ['S', '一进一出'],
      ['M', '多进多出'],
    ],
  },
  {
    name: 'card_pay_type',
    description: '会员卡付费类型',
    entries: [
      ['T', '计次'],
      ['D', '计时'],
      ['M', '储值'],
    ],
  },
  {
    name: 'door_state',
    description: '闸机门状态',
    entries: [
      ['0', '开一次'],
      ['1', '常开'],
      ['3', '常闭'],
    ],
  },
  {
    name: 'direction',
    description: '通行方向',
    entries: [
      ['I', '进'],
      ['O', '出'],
    ],
  },
];

/** Every code table as a dictionary of the tenant, entries in their order. */
export async function seedCodeTables(db: Kysely<Database>, tenantId: number): Promise<void> {
  for (const table of CODE_TABLES) {
    const dict = await db
      .insertInto('dict')
      .values({ tenant_id: tenantId, name: table.name, description: table.description })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('dict_detail')
      .values(table.entries.map(([value, label], i) => ({ tenant_id: tenantId, dict_id: dict.id, value, label, sort: i + 1 })))
      .execute();
  }
}
