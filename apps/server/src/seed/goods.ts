import type { Kysely } from 'kysely';

import type { Database } from '../db/tables.ts';

type GoodsLine = [name: string, specs: string, unit: string, price: number, shorthand: string, item?: string];
const CATALOGUE: [className: string, colour: string, goods: GoodsLine[]][] = [
  [
    '饮料',
    '#409EFF',
    [
      ['农夫山泉', '550ml', '瓶', 2, 'nfsq'],
      ['怡宝纯净水', '555ml', '瓶', 2, 'yb'],
      ['脉动', '600ml', '瓶', 6, 'md'],
      ['佳得乐', '600ml', '瓶', 6.5, 'jdl'],
      ['红牛', '250ml', '罐', 6, 'hn'],
      ['可口可乐', '330ml', '罐', 3.5, 'kkkl'],
      ['东方树叶', '500ml', '瓶', 5, 'dfsy'],
      ['宝矿力水特', '500ml', '瓶', 6, 'bklst'],
      ['元气森林', '480ml', '瓶', 5.5, 'yqsl'],
      ['农夫果园', '500ml', '瓶', 5, 'nfgy'],
    ],
  ],
  [
    '零食',
    '#E6A23C',
    [
      ['士力架', '51g', '条', 5.5, 'slj'],
      ['能量棒', '40g', '条', 8, 'nlb'],
      ['乐事薯片', '70g', '袋', 7, 'lssp'],
      ['奥利奥', '97g', '盒', 7.5, 'aly'],
      ['德芙巧克力', '43g', '条', 8.5, 'dfqkl'],
      ['每日坚果', '25g', '袋', 6, 'mrjg'],
      ['香蕉', '1根', '根', 3, 'xj'],
    ],
  ],
  [
    '球拍',
    '#67C23A',
    [
      ['尤尼克斯羽毛球拍', 'NR7000', '支', 268, 'ynksymqp', '羽毛球'],
      ['李宁羽毛球拍', 'A880', '支', 199, 'lnymqp', '羽毛球'],
      ['红双喜乒乓球拍', '二星', '副', 68, 'hsxppqp', '乒乓球'],
      ['威尔胜网球拍', 'Burn 100', '支', 899, 'wesowqp', '网球'],
      ['租用羽毛球拍押金卡', '单支', '张', 50, 'zyymqp', '羽毛球'],
    ],
  ],
  [
    '羽毛球',
    '#F56C6C',
    [
      ['尤尼克斯AS-05', '12只装', '筒', 98, 'ynksas05', '羽毛球'],
      ['亚狮龙7号', '12只装', '筒', 128, 'yslqh', '羽毛球'],
      ['李宁A+60', '12只装', '筒', 75, 'lnap60', '羽毛球'],
      ['羽毛球单只', '1只', '只', 9, 'ymqdz', '羽毛球'],
      ['乒乓球', '3只装', '盒', 12, 'ppq', '乒乓球'],
      ['网球', '3只装', '筒', 45, 'wq', '网球'],
      ['斯伯丁篮球', '7号', '个', 199, 'sbdlq', '篮球'],
    ],
  ],
  [
    '运动护具',
    '#909399',
    [
      ['护腕', '均码', '副', 25, 'hw'],
      ['护膝', 'M', '副', 58, 'hx'],
      ['护踝', 'M', '副', 45, 'hh'],
      ['运动头带', '均码', '条', 19, 'ydtd'],
      ['手胶', '3条装', '盒', 18, 'sj', '羽毛球'],
      ['握把布', '单条', '条', 8, 'wbb'],
      ['肌效贴', '5cm×5m', '卷', 35, 'jxt'],
    ],
  ],
  [
    '游泳用品',
    '#13C2C2',
    [
      ['泳镜', '防雾', '副', 49, 'yj', '游泳'],
      ['泳帽', '硅胶', '顶', 29, 'ym', '游泳'],
      ['耳塞', '2只', '对', 9.9, 'es', '游泳'],
      ['鼻夹', '1只', '个', 6, 'bj', '游泳'],
      ['男士泳裤', 'L', '条', 89, 'nsyk', '游泳'],
      ['女士泳衣', 'M', '件', 159, 'nsyy', '游泳'],
      ['浮板', '标准', '块', 35, 'fb', '游泳'],
    ],
  ],
  [
    '毛巾',
    '#B37FEB',
    [
      ['运动毛巾', '30×110cm', '条', 25, 'ydmj'],
      ['速干浴巾', '70×140cm', '条', 59, 'sgyj'],
      ['冰凉巾', '30×100cm', '条', 29, 'bljj'],
      ['一次性毛巾', '压缩', '片', 2, 'ycxmj'],
      ['浴巾租用', '次', '次', 5, 'yjzy'],
    ],
  ],
  [
    '器材配件',
    '#FF9C6E',
    [
      ['羽毛球线', 'BG65', '条', 38, 'ymqx', '羽毛球'],
      ['穿线服务', '次', '次', 20, 'cxfw', '羽毛球'],
      ['瑜伽垫', '6mm', '张', 89, 'yjd', '瑜伽'],
      ['弹力带', '中阻力', '条', 29, 'tld', '健身'],
      ['跳绳', '计数', '根', 39, 'ts', '健身'],
      ['储物柜锁', '密码', '把', 25, 'cwgs'],
      ['篮球气针', '2支', '包', 3, 'lqqz', '篮球'],
      ['网球线', '聚酯', '条', 45, 'wqx', '网球'],
    ],
  ],
];

/**
 * A small square picture with the product's first character, as a data URL (no files to ship).
 * Percent-encoded rather than base64 so it stays within the contract's 300 characters of `picture`:
 * an edit sends the stored value back, and a longer one would be refused.
 */
export function goodsPicture(name: string, colour: string): string {
  const svg =
    `<svg xmlns='http://www.w3.org/2000/svg' width='96' height='96'><rect width='96' height='96' rx='12' fill='${colour}'/>` +
    `<text x='48' y='63' font-size='42' text-anchor='middle' fill='white'>${name.slice(0, 1)}</text></svg>`;
  return `data:image/svg+xml,${svg.replace(/[<>#%\s]|[^\p{ASCII}]/gu, encodeURIComponent)}`;
}

const barcodeOf = (n: number) => {
  const body = `69${String(1_000_000_000 + n * 7919).slice(-10)}`;
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return body + ((10 - (sum % 10)) % 10);
};

/**
 * Demo goods of a tenant: classes, about 60 goods, a warehouse per venue plus a central one for
 * 城东, suppliers, and passed stock-in orders so the till has stock. 滨江健身馆's warehouse is
 * disabled (its till shows 当前场馆没有可用的商品仓库); a few orders wait for review.
 */
export async function seedGoods(db: Kysely<Database>, tenantId: number, venues: Map<string, number>, userId: number, nowIso: string): Promise<void> {
  const items = new Map((await db.selectFrom('sport_item').select(['id', 'name']).where('tenant_id', '=', tenantId).execute()).map((i) => [i.name, i.id]));
  let n = 0;
  for (const [index, [className, colour, lines]] of CATALOGUE.entries()) {
    const { id: classId } = await db
      .insertInto('goods_classification')
      .values({ tenant_id: tenantId, name: className, state: 'A', sort: index + 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = lines.map(([name, specs, unit, price, shorthand, item]) => ({
      tenant_id: tenantId,
      name,
      specs,
      unit,
      price_fen: Math.round(price * 100),
      barcode: barcodeOf(++n),
      shorthand,
      classification_id: classId,
      item_id: item ? (items.get(item) ?? null) : null,
      is_on_sale: '1' as '1' | '0',
      state: 'A' as const,
      created_at: nowIso,
      picture: goodsPicture(name, colour),
    }));
    rows[rows.length - 1].is_on_sale = index === 2 ? '0' : '1';
    await db.insertInto('goods').values(rows).execute();
  }

  const warehouses: { id: number; venueIds: number[] }[] = [];
  const addWarehouse = async (name: string, venueIds: number[], state: 'A' | 'S' = 'A') => {
    const { id } = await db.insertInto('warehouse').values({ tenant_id: tenantId, name, state, remark: '' }).returning('id').executeTakeFirstOrThrow();
    await db
      .insertInto('warehouse_venue')
      .values(venueIds.map((venue_id) => ({ tenant_id: tenantId, warehouse_id: id, venue_id })))
      .execute();
    if (state === 'A') warehouses.push({ id, venueIds });
  };
  for (const [name, venueId] of venues) await addWarehouse(`${name}仓库`, [venueId], name === '滨江健身馆' ? 'S' : 'A');
  const east = [...venues].filter(([name]) => name.startsWith('城东')).map(([, id]) => id);
  if (east.length) await addWarehouse('城东中心仓库', east);

  const suppliers = await db
    .insertInto('supplier')
    .values([
      { tenant_id: tenantId, name: '杭州体育用品批发有限公司', contact: '王经理', phone: '0571-86001234', address: '杭州市拱墅区', state: 'A', remark: '' },
      { tenant_id: tenantId, name: '浙江饮品配送中心', contact: '李先生', phone: '13905710001', address: '杭州市余杭区', state: 'A', remark: '' },
      { tenant_id: tenantId, name: '华东运动装备贸易', contact: '陈女士', phone: '13905710002', address: '宁波市鄞州区', state: 'A', remark: '月结' },
    ])
    .returning('id')
    .execute();

  const goodsRows = await db.selectFrom('goods').select(['id', 'price_fen']).where('tenant_id', '=', tenantId).orderBy('id').execute();
  // One passed order per enabled warehouse; then one not passed and two pending, the first two in the
  // first venue (where the admin starts) so its 进货 screen has something to review.
  const extra: [state: 'A' | 'D' | 'P', warehouse: number][] = [
    ['D', 0],
    ['P', warehouses.length - 1],
    ['P', 1 % warehouses.length],
  ];
  for (let i = 0; i < warehouses.length + extra.length; i += 1) {
    const [orderState, w] = i < warehouses.length ? ['A' as const, i] : extra[i - warehouses.length];
    const warehouse = warehouses[w];
    const lines = goodsRows
      .filter((_, g) => (g + i) % 5 !== 0)
      .map((g, j) => ({ goods_id: g.id, quantity: 20 + ((j * 7 + i * 3) % 60), price_fen: Math.round(g.price_fen * 0.6) }));
    const { id: orderId } = await db
      .insertInto('stock_in')
      .values({
        tenant_id: tenantId,
        warehouse_id: warehouse.id,
        venue_id: warehouse.venueIds[0],
        supplier_id: suppliers[i % suppliers.length].id,
        supply_type: 'A',
        state: orderState,
        total_fen: lines.reduce((s, l) => s + l.price_fen * l.quantity, 0),
        remark: '',
        review_remark: orderState === 'D' ? '价格偏高，请重新议价' : '',
        created_at: nowIso,
        created_by: userId,
        reviewed_at: orderState === 'P' ? null : nowIso,
        reviewed_by: orderState === 'P' ? null : userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('stock_in_line')
      .values(lines.map((l) => ({ tenant_id: tenantId, stock_in_id: orderId, ...l })))
      .execute();
    if (orderState !== 'A') continue;
    await db
      .insertInto('goods_stock')
      .values(lines.map((l) => ({ tenant_id: tenantId, goods_id: l.goods_id, warehouse_id: warehouse.id, quantity: l.quantity })))
      .execute();
    await db
      .insertInto('stock_movement')
      .values(
        lines.map((l) => ({
          tenant_id: tenantId,
          goods_id: l.goods_id,
          warehouse_id: warehouse.id,
          change: l.quantity,
          balance: l.quantity,
          reason: 'STOCK_IN' as const,
          ref_id: orderId,
          remark: `进货单 ${orderId}`,
          created_at: nowIso,
          created_by: userId,
        })),
      )
      .execute();
  }
}
