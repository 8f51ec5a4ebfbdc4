import type { Insertable } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { overtimeFen } from '../../modules/lease/lease-rent.ts';
import { basket, type Random } from './random.ts';
import { paidAtOnce, type HistoryTable, type Rows, type VenueWorld, type World } from './world.ts';

type PayMethod = { payMode: string; payName: string; remote: boolean };

/** What planDay lends the rentals and refunds: its ids, times, pay records and stock movements. */
export interface DayKit {
  world: World;
  rows: Rows;
  rnd: Random;
  id: (table: HistoryTable) => number;
  iso: (ms: number) => string;
  /** The day's last minute: a return or refund never passes into the next day. */
  dayEnd: number;
  payRecord: (orderType: string, prefix: string, orderId: number, method: PayMethod, fen: number, t: string) => number;
  move: (warehouseId: number, goodsId: number, change: number, reason: 'LEASE' | 'LEASE_RETURN' | 'REFUND', refId: number, remark: string, t: string) => void;
}

const MINUTE = 60_000;
const yuan = (fen: number) => (fen / 100).toFixed(2);

/**
 * A refund as RefundService writes one settled at once by the original route (T): the refund, its lines
 * and one part per pay record (a scan-code part with the refund number the channel knows it by), each
 * line's refunded units, the order's refunded money, pay state (FR once every unit is back, else PR) and
 * refund type. The caller gives back what its kind gives back (stock).
 */
function refund(
  kit: DayKit,
  o: {
    orderType: string;
    prefix: string;
    order: { id: number; venue_id: number; refunded_fen?: number };
    lines: { line: { id?: number; quantity: number; refunded_quantity?: number }; itemId: number; quantity: number; amountFen: number }[];
    pay: { id: number; method: PayMethod };
    reason: string;
    t: string;
  },
) {
  const { world, rows, id } = kit;
  const refundId = id('order_refund');
  const amount = o.lines.reduce((s, l) => s + l.amountFen, 0);
  rows.order_refund.push({
    id: refundId,
    tenant_id: world.tenantId,
    venue_id: o.order.venue_id,
    order_type: o.orderType,
    order_id: o.order.id,
    request_id: null,
    route: 'T',
    amount_fen: amount,
    state: 'R',
    reason: o.reason,
    message: '',
    lock_until: null,
    created_by: world.userId,
    created_at: o.t,
    finished_at: o.t,
  });
  for (const l of o.lines) {
    rows.order_refund_line.push({
      id: id('order_refund_line'),
      tenant_id: world.tenantId,
      refund_id: refundId,
      order_id: o.order.id,
      line_id: l.line.id!,
      item_id: l.itemId,
      quantity: l.quantity,
      amount_fen: l.amountFen,
    });
    l.line.refunded_quantity = (l.line.refunded_quantity ?? 0) + l.quantity;
  }
  if (amount > 0) {
    const out = o.pay.method.remote ? `${o.prefix}${world.tenantId}O${o.order.id}R${refundId}P1` : null;
    rows.order_refund_pay.push({
      id: id('order_refund_pay'),
      tenant_id: world.tenantId,
      refund_id: refundId,
      order_id: o.order.id,
      pay_record_id: o.pay.id,
      pay_mode: o.pay.method.payMode,
      pay_name: o.pay.method.payName,
      card_id: null,
      consume_id: null,
      money_fen: amount,
      out_refund_no: out,
      channel_refund_no: out ? `SIM${out}` : null,
      state: 'R',
      message: '',
    });
  }
  o.order.refunded_fen = (o.order.refunded_fen ?? 0) + amount;
  return { refundId, amount };
}

/** A goods sale paid by a method (not a card) given back: a line (or the whole order) returned at the till later that day, its units back in the warehouse. */
export function refundSale(
  kit: DayKit,
  order: Insertable<Database['sale_order']> & { id: number },
  lines: (Insertable<Database['sale_order_line']> & { id: number })[],
  pay: { id: number; method: PayMethod },
  paidMs: number,
) {
  const { rnd } = kit;
  const back = rnd.next() < 0.5 ? lines : [rnd.pick(lines)];
  const picked = back.map((l) => ({ line: l, itemId: l.goods_id, quantity: back.length > 1 ? l.quantity : rnd.int(1, l.quantity), amountFen: 0 }));
  for (const p of picked) p.amountFen = p.line.price_pay_fen * p.quantity;
  const t = kit.iso(Math.min(kit.dayEnd, paidMs + rnd.int(10, 180) * MINUTE));
  const done = refund(kit, { orderType: 'GOODS_SALE', prefix: 'GS', order, lines: picked, pay, reason: '顾客退货', t });
  const full = lines.every((l) => (l.refunded_quantity ?? 0) === l.quantity);
  order.pay_state = full ? 'FR' : 'PR';
  order.refund_type = full ? 'A' : 'P';
  const remark = `销售订单 ${order.id} 退款（退款单 ${done.refundId}）`;
  for (const p of [...picked].sort((a, b) => a.itemId - b.itemId)) kit.move(order.warehouse_id, p.itemId, p.quantity, 'REFUND', order.id, remark, t);
}

/**
 * A venue's rentals of a day, as LeaseOrderService and the checkout write them: an order of one or two
 * lease goods for rent plus deposit, paid by one of the venue's methods (the units leave the warehouse,
 * LEASE), and its return (归还) later the same day: a refund of the deposit less the overtime of timed
 * goods kept past their paid unit (about one rental in six) and now and then some damage, the units back
 * (LEASE_RETURN), the lines marked returned with what the deposit kept, the order done (E).
 */
export function leaseDay(kit: DayKit, venue: VenueWorld, warehouseId: number, count: number, at: (from: number, to: number) => number) {
  const { world, rows, rnd, id, iso } = kit;
  if (!venue.leaseGoods.length) return;
  for (let i = 0; i < count; i += 1) {
    const lent = at(8, 19);
    const t = iso(lent);
    const goods = basket(rnd, venue.leaseGoods, 2, (g) => world.stock.get(`${warehouseId}:${g.goodsId}`) ?? 0);
    if (!goods.length) continue;
    const itemId = goods[0].g.itemId;
    const lines = goods.filter((l) => l.g.itemId === itemId);
    const rent = lines.reduce((s, l) => s + l.g.terms.rent_fen * l.quantity, 0);
    const deposit = lines.reduce((s, l) => s + l.g.depositFen * l.quantity, 0);
    const orderId = id('lease_order');
    const method = rnd.pick(venue.methods);
    const order = {
      id: orderId,
      tenant_id: world.tenantId,
      venue_id: venue.id,
      warehouse_id: warehouseId,
      item_id: itemId,
      member_id: null,
      order_state: 'E' as const,
      pay_state: 'P' as string,
      price_orig_fen: rent + deposit,
      price_pay_fen: rent + deposit,
      rent_fen: rent,
      deposit_fen: deposit,
      ...paidAtOnce(method.payMode, t),
      remark: '',
      refund_type: 'U' as string,
      refunded_fen: 0,
      created_by: world.userId,
      username: world.username,
      created_at: iso(lent - MINUTE),
    };
    rows.lease_order.push(order as Insertable<Database['lease_order']>);
    const written = lines.map((l) => {
      const line = {
        id: id('lease_order_line'),
        tenant_id: world.tenantId,
        order_id: orderId,
        lease_goods_id: l.g.id,
        goods_id: l.g.goodsId,
        goods_name: l.g.name,
        specs: l.g.specs,
        unit: l.g.unit,
        quantity: l.quantity,
        ...l.g.terms,
        deposit_fen: l.g.depositFen,
        price_orig_fen: l.g.terms.rent_fen + l.g.depositFen,
        price_pay_fen: l.g.terms.rent_fen + l.g.depositFen,
        refunded_quantity: 0,
        deducted_fen: 0,
        returned_at: null as string | null,
      };
      rows.lease_order_line.push(line);
      return line;
    });
    const payId = kit.payRecord('GOODS_LEASE', 'GL', orderId, method, rent + deposit, t);
    const lendRemark = `租赁订单 ${orderId}（押金 ${yuan(deposit)} 元）`;
    for (const l of [...written].sort((a, b) => a.goods_id - b.goods_id)) kit.move(warehouseId, l.goods_id, -l.quantity, 'LEASE', orderId, lendRemark, t);

    // Most come back within their paid unit; some are kept past it and pay overtime out of the deposit.
    const late = rnd.next() < 0.17;
    const back = Math.min(kit.dayEnd, lent + (late ? rnd.int(150, 300) : rnd.int(20, 110)) * MINUTE);
    const minutes = Math.floor((back - lent) / MINUTE);
    const damaged = rnd.next() < 0.03;
    const refunded = written.map((l) => {
      const depositFen = l.deposit_fen * l.quantity;
      const damageFen = damaged ? Math.min(depositFen, 1000) : 0;
      return { line: l, itemId: l.goods_id, quantity: l.quantity, amountFen: Math.max(0, depositFen - damageFen - overtimeFen(l, minutes) * l.quantity) };
    });
    const returnedAt = iso(back);
    const done = refund(kit, { orderType: 'GOODS_LEASE', prefix: 'GL', order, lines: refunded, pay: { id: payId, method }, reason: '归还', t: returnedAt });
    order.pay_state = 'FR';
    order.refund_type = 'A';
    for (const r of refunded) {
      r.line.deducted_fen = r.line.deposit_fen * r.quantity - r.amountFen;
      r.line.returned_at = returnedAt;
    }
    const backRemark = `租赁订单 ${orderId} 退款（退款单 ${done.refundId}）`;
    for (const l of [...written].sort((a, b) => a.goods_id - b.goods_id))
      kit.move(warehouseId, l.goods_id, l.quantity, 'LEASE_RETURN', orderId, backRemark, returnedAt);
  }
}
