import { payment } from '@venue/contract';
import { outTradeNo } from '../../modules/checkout/payable.ts';
import type { StockReason } from '../../db/tables.ts';
import { basket, type Random } from './random.ts';
import { leaseDay, refundSale, type DayKit } from './returns.ts';
import { ORDER_TYPES, paidAtOnce, type HistoryTable, type Rows, type VenueWorld, type World } from './world.ts';

export const emptyRows = (): Rows => Object.fromEntries(Object.keys(PREFIX).map((t) => [t, []])) as unknown as Rows;

/** The checkout's trade prefixes (sale, card order, ticket kinds), for channel payments' out_trade_no. */
const PREFIX: Record<HistoryTable, string> = {
  member: '',
  card: '',
  card_order: 'CO',
  stock_in: '',
  stock_in_line: '',
  sale_order: 'GS',
  sale_order_line: '',
  ticket_order: 'TK',
  ticket_detail: '',
  ticket_check: '',
  lease_order: 'GL',
  lease_order_line: '',
  card_consume: '',
  pay_record: '',
  order_refund: '',
  order_refund_line: '',
  order_refund_pay: '',
  stock_movement: '',
  gate_pass: '',
};
const HOUR = 3600_000;
const MINUTE = 60_000;
/** Below this a goods is restocked before the till opens, by RESTOCK units (one passed stock-in order per warehouse). */
const LOW_STOCK = 40;
const RESTOCK = 300;
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高';
const GIVEN = ['伟', '芳', '娜', '敏', '静', '磊', '洋', '勇', '艳', '杰', '涛', '明', '超', '霞', '平', '刚'];

/**
 * One China day of the demo tenant's trade, as the product's services write it: each payment's
 * rows as the checkout's pay-at-once transaction writes them (order marked paid, pay records, card
 * ledger row for a card part, stock movements of the lines), card sales and top-ups as the card
 * orders' fulfilment (card, OPEN/RECHARGE ledger rows), passed stock-in orders with their movements,
 * sold tickets verified and let out, and gate passes. The running books (stock per warehouse, card
 * balances) are kept in `world`: a line never takes more stock than there is, a card never pays more
 * than its balance, and every ledger and movement row carries the balance after it.
 */
export function planDay(world: World, rows: Rows, rnd: Random, date: string, perDay: number) {
  const dayStart = Date.parse(`${date}T00:00:00+08:00`);
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  const busy = weekday === 0 || weekday === 6 ? 1.3 : 0.9;
  const at = (fromHour: number, toHour: number) => dayStart + fromHour * HOUR + Math.floor(rnd.next() * (toHour - fromHour) * HOUR);
  const iso = (ms: number) => new Date(ms).toISOString();
  const id = (table: HistoryTable) => world.nextId[table]++;
  const { tenantId, userId } = world;

  const payRecord = (
    orderType: string,
    prefix: string,
    orderId: number,
    method: { payMode: string; payName: string; remote: boolean },
    fen: number,
    t: string,
  ) => {
    const out = method.remote ? outTradeNo({ tradePrefix: prefix }, tenantId, orderId, 1) : null;
    const recordId = id('pay_record');
    rows.pay_record.push({
      id: recordId,
      tenant_id: tenantId,
      order_type: orderType,
      order_id: orderId,
      attempt: 1,
      pay_mode: method.payMode,
      pay_name: method.payName,
      pay_type: null,
      card_id: null,
      consume_id: null,
      money_fen: fen,
      out_trade_no: out,
      channel_trade_no: out ? `SIM${out}` : null,
      state: 'P',
      message: '',
      created_by: userId,
      created_at: t,
      paid_at: t,
    });
    return recordId;
  };
  const ledger = (
    card: World['cards'][number],
    kind: 'OPEN' | 'RECHARGE' | 'CONSUME',
    amount: number,
    o: { type: string; id: number; venueId: number | null; remark: string; t: string },
  ) => {
    card.balance += amount;
    const consumeId = id('card_consume');
    rows.card_consume.push({
      id: consumeId,
      tenant_id: tenantId,
      card_id: card.id,
      kind,
      amount,
      balance_after: card.balance,
      order_type: o.type,
      order_id: o.id,
      venue_id: o.venueId,
      refund_of: null,
      remark: o.remark,
      created_at: o.t,
      created_by: userId,
    });
    return consumeId;
  };
  const move = (warehouseId: number, goodsId: number, change: number, reason: StockReason, refId: number, remark: string, t: string) => {
    const key = `${warehouseId}:${goodsId}`;
    const balance = (world.stock.get(key) ?? 0) + change;
    world.stock.set(key, balance);
    rows.stock_movement.push({
      id: id('stock_movement'),
      tenant_id: tenantId,
      goods_id: goodsId,
      warehouse_id: warehouseId,
      change,
      balance,
      reason,
      ref_id: refId,
      remark,
      created_at: t,
      created_by: userId,
    });
  };

  const kit: DayKit = { world, rows, rnd, id, iso, dayEnd: dayStart + 24 * HOUR - MINUTE, payRecord, move };
  const tills = world.venues.filter((v) => v.methods.length);
  for (const venue of tills) {
    if (venue.warehouseId !== null && world.goods.length) goodsDay(venue, venue.warehouseId);
    if (venue.warehouseId !== null) leaseDay(kit, venue, venue.warehouseId, Math.round((perDay / 16) * busy * (0.6 + rnd.next() * 0.8)), at);
    if (venue.ticketTypes.length) ticketDay(venue);
    if (venue.gates.length) gateDay(venue);
  }
  if (tills.length) cardDay();

  function restock(warehouseId: number, venueId: number) {
    const low = world.goods.filter((g) => (world.stock.get(`${warehouseId}:${g.id}`) ?? 0) < LOW_STOCK);
    if (!low.length || !world.supplierIds.length) return;
    const created = iso(dayStart + 7 * HOUR);
    const reviewed = iso(dayStart + 7 * HOUR + 10 * MINUTE);
    const stockInId = id('stock_in');
    rows.stock_in.push({
      id: stockInId,
      tenant_id: tenantId,
      warehouse_id: warehouseId,
      venue_id: venueId,
      supplier_id: rnd.pick(world.supplierIds),
      supply_type: 'A',
      state: 'A',
      total_fen: low.reduce((s, g) => s + Math.round(g.priceFen * 0.5) * RESTOCK, 0),
      remark: '',
      review_remark: '',
      created_at: created,
      created_by: userId,
      reviewed_at: reviewed,
      reviewed_by: userId,
    });
    for (const g of low) {
      rows.stock_in_line.push({
        id: id('stock_in_line'),
        tenant_id: tenantId,
        stock_in_id: stockInId,
        goods_id: g.id,
        quantity: RESTOCK,
        price_fen: Math.round(g.priceFen * 0.5),
      });
      move(warehouseId, g.id, RESTOCK, 'STOCK_IN', stockInId, `进货单 ${stockInId}`, reviewed);
    }
  }

  function goodsDay(venue: VenueWorld, warehouseId: number) {
    restock(warehouseId, venue.id);
    const count = Math.round(perDay * busy * (0.8 + rnd.next() * 0.4));
    const times = Array.from({ length: count }, () => at(8, 22)).sort((a, b) => a - b);
    for (const time of times) {
      const t = iso(time);
      const goods = basket(rnd, world.goods, 3, (g) => world.stock.get(`${warehouseId}:${g.id}`) ?? 0);
      if (!goods.length) continue;
      const orderId = id('sale_order');
      const written: (Rows['sale_order_line'][number] & { id: number })[] = [];
      const total = goods.reduce((s, l) => s + l.g.priceFen * l.quantity, 0);
      const card = rnd.next() < 0.2 ? payingCard(total) : undefined;
      const method = card ? undefined : rnd.pick(venue.methods);
      const order: Rows['sale_order'][number] & { id: number } = {
        id: orderId,
        tenant_id: tenantId,
        venue_id: venue.id,
        warehouse_id: warehouseId,
        member_id: card?.memberId ?? null,
        order_state: 'E',
        pay_state: 'P',
        source: 'B',
        price_orig_fen: total,
        price_pay_fen: total,
        ...paidAtOnce(card ? payment.CARD_PAY : method!.payMode, t),
        created_by: userId,
        username: world.username,
        remark: '',
        created_at: iso(time - 2 * MINUTE),
        // Every row names the columns a refund sets: a bulk insert's rows have one shape.
        refund_type: 'U',
        refunded_fen: 0,
      };
      rows.sale_order.push(order);
      for (const l of goods) {
        const line = {
          id: id('sale_order_line'),
          tenant_id: tenantId,
          order_id: orderId,
          goods_id: l.g.id,
          goods_name: l.g.name,
          specs: l.g.specs,
          unit: l.g.unit,
          quantity: l.quantity,
          price_fen: l.g.priceFen,
          price_orig_fen: l.g.priceFen,
          price_pay_fen: l.g.priceFen,
          refunded_quantity: 0,
        };
        written.push(line);
        rows.sale_order_line.push(line);
      }
      if (card) {
        const consumeId = ledger(card, 'CONSUME', -total, { type: ORDER_TYPES.sale, id: orderId, venueId: venue.id, remark: `商品销售 ${orderId}`, t });
        rows.pay_record.push({
          id: id('pay_record'),
          tenant_id: tenantId,
          order_type: ORDER_TYPES.sale,
          order_id: orderId,
          attempt: 1,
          pay_mode: payment.CARD_PAY,
          pay_name: world.cardType.name,
          pay_type: 'M',
          card_id: card.id,
          consume_id: consumeId,
          money_fen: total,
          out_trade_no: null,
          channel_trade_no: null,
          state: 'P',
          message: '',
          created_by: userId,
          created_at: t,
          paid_at: t,
        });
        // The stock moves last, in goods order (as applyLines does).
        for (const l of [...goods].sort((a, b) => a.g.id - b.g.id)) move(warehouseId, l.g.id, -l.quantity, 'SALE', orderId, `销售订单 ${orderId}`, t);
      } else {
        const payId = payRecord(ORDER_TYPES.sale, PREFIX.sale_order, orderId, method!, total, t);
        for (const l of [...goods].sort((a, b) => a.g.id - b.g.id)) move(warehouseId, l.g.id, -l.quantity, 'SALE', orderId, `销售订单 ${orderId}`, t);
        // About one sale in a hundred paid by a method comes back (a card's part would go back through its ledger).
        if (rnd.next() < 0.01) refundSale(kit, order, written, { id: payId, method: method! }, time);
      }
    }
  }

  /** A history card whose balance covers `fen` (a few tries, as a member at the till would have one or not). */
  function payingCard(fen: number) {
    for (let i = 0; i < 4 && world.cards.length; i += 1) {
      const card = rnd.pick(world.cards);
      if (card.balance >= fen) return card;
    }
    return undefined;
  }

  function cardDay() {
    const type = world.cardType;
    const sales = Math.max(1, Math.round((perDay / 30) * busy * (0.6 + rnd.next() * 0.8)));
    for (let i = 0; i < sales; i += 1) {
      const venue = rnd.pick(tills);
      const time = at(9, 21);
      const t = iso(time);
      const memberId = id('member');
      rows.member.push({
        id: memberId,
        tenant_id: tenantId,
        name: rnd.pick([...SURNAMES]) + rnd.pick(GIVEN) + (rnd.next() < 0.5 ? rnd.pick(GIVEN) : ''),
        phone: `137${String(memberId).padStart(8, '0')}`,
        id_number: null,
        photo: null,
        member_type_id: null,
        source: 'B',
        created_at: iso(time - 3 * MINUTE),
        gender: null,
        birthday: null,
      });
      const orderId = id('card_order');
      const cardId = id('card');
      const cardNo = `H${String(orderId).padStart(8, '0')}`;
      const face = type.faceFen || type.priceFen;
      rows.card.push({
        id: cardId,
        tenant_id: tenantId,
        card_no: cardNo,
        phy_card_id: null,
        member_id: memberId,
        card_type_id: type.id,
        venue_id: null,
        state: 'A',
        is_opened: 'T',
        // Set to the ledger's running balance when the history is written out.
        balance: 0,
        use_begin: t,
        use_end: null,
        remark: '',
        created_at: t,
      });
      const card = { id: cardId, cardNo, memberId, balance: 0 };
      world.cards.push(card);
      cardOrder(venue, 'SALE', orderId, card, cardNo, type.priceFen, face, type.bonusFen, time);
      ledger(card, 'OPEN', face + type.bonusFen, { type: ORDER_TYPES.card, id: orderId, venueId: null, remark: '办卡', t });
    }
    const topUps = world.cards.length ? Math.round((perDay / 20) * busy * (0.6 + rnd.next() * 0.8)) : 0;
    for (let i = 0; i < topUps; i += 1) {
      const card = rnd.pick(world.cards);
      const venue = rnd.pick(tills);
      const time = at(9, 21);
      const fen = rnd.pick([10_000, 20_000, 50_000, 100_000]);
      const bonus = type.rules.filter((r) => r.minFen <= fen).sort((a, b) => b.minFen - a.minFen)[0]?.bonusFen ?? 0;
      const orderId = id('card_order');
      cardOrder(venue, 'RECHARGE', orderId, card, card.cardNo, fen, fen, bonus, time);
      ledger(card, 'RECHARGE', fen + bonus, { type: ORDER_TYPES.card, id: orderId, venueId: null, remark: `充值订单 ${orderId}`, t: iso(time) });
    }
  }

  function cardOrder(
    venue: VenueWorld,
    kind: 'SALE' | 'RECHARGE',
    orderId: number,
    card: World['cards'][number],
    cardNo: string,
    priceFen: number,
    amount: number,
    bonus: number,
    time: number,
  ) {
    const method = rnd.pick(venue.methods);
    const t = iso(time);
    rows.card_order.push({
      id: orderId,
      tenant_id: tenantId,
      venue_id: venue.id,
      member_id: card.memberId,
      order_state: 'E',
      pay_state: 'P',
      price_pay_fen: priceFen,
      ...paidAtOnce(method.payMode, t),
      remark: '',
      kind,
      card_type_id: world.cardType.id,
      card_id: card.id,
      card_no: cardNo,
      phy_card_id: null,
      open_now: 'T',
      amount,
      bonus,
      created_by: userId,
      created_at: iso(time - MINUTE),
    });
    payRecord(ORDER_TYPES.card, PREFIX.card_order, orderId, method, priceFen, t);
  }

  function ticketDay(venue: VenueWorld) {
    const type = venue.ticketTypes[0];
    const count = Math.round((perDay / 3) * busy * (0.8 + rnd.next() * 0.4));
    for (let i = 0; i < count; i += 1) {
      const time = at(8, 20);
      const t = iso(time);
      const tickets = rnd.int(1, 3);
      const total = tickets * type.priceFen;
      const orderId = id('ticket_order');
      const method = rnd.pick(venue.methods);
      rows.ticket_order.push({
        id: orderId,
        tenant_id: tenantId,
        venue_id: venue.id,
        member_id: null,
        order_state: 'A',
        pay_state: 'P',
        price_pay_fen: total,
        price_orig_fen: total,
        ...paidAtOnce(method.payMode, t),
        source: 'B',
        created_by: userId,
        username: world.username,
        created_at: iso(time - MINUTE),
      });
      payRecord(ORDER_TYPES.ticket, PREFIX.ticket_order, orderId, method, total, t);
      for (let k = 0; k < tickets; k += 1) {
        const detailId = id('ticket_detail');
        rows.ticket_detail.push({
          id: detailId,
          tenant_id: tenantId,
          order_id: orderId,
          type_id: type.id,
          venue_id: venue.id,
          item_id: type.itemId,
          qr_code: `TH${tenantId}X${String(detailId).padStart(9, '0')}`,
          // Verified once (its only use) and let out the same day.
          detail_state: 'U',
          type_name: type.name,
          use_begin_date: date,
          use_end_date: date,
          uses_left: 0,
          price_fen: type.priceFen,
          price_orig_fen: type.priceFen,
          price_pay_fen: type.priceFen,
        });
        const checked = time + rnd.int(2, 30) * MINUTE;
        rows.ticket_check.push({
          id: id('ticket_check'),
          tenant_id: tenantId,
          detail_id: detailId,
          venue_id: venue.id,
          item_id: type.itemId,
          slot_end: iso(dayStart + 24 * HOUR - MINUTE),
          checked_by: userId,
          checked_at: iso(checked),
          exit_at: iso(checked + rnd.int(40, 180) * MINUTE),
        });
      }
    }
  }

  function gateDay(venue: VenueWorld) {
    const people = Math.round(perDay * busy * (0.8 + rnd.next() * 0.4));
    for (let i = 0; i < people; i += 1) {
      const gate = rnd.pick(venue.gates);
      const enter = at(7, 21);
      const cardNumber = rnd.int(10_000_000, 99_999_999);
      for (const [direction, time] of [
        ['I', enter],
        ['O', enter + rnd.int(30, 150) * MINUTE],
      ] as const) {
        const index = (world.eventIndex.get(gate.controllerId) ?? 0) + 1;
        world.eventIndex.set(gate.controllerId, index);
        const t = iso(time);
        rows.gate_pass.push({
          id: id('gate_pass'),
          tenant_id: tenantId,
          venue_id: venue.id,
          gate_id: gate.id,
          controller_id: gate.controllerId,
          event_index: index,
          door: (direction === 'I' ? gate.inDoor : gate.outDoor) ?? 1,
          direction,
          kind: 'S',
          card_number: cardNumber,
          card_id: null,
          granted: 'T',
          reason: 1,
          pass_time: t,
          created_at: t,
        });
      }
    }
  }
}
