import { expect, it } from 'vitest';
import { hand, MAX_CARD_BALANCE_FEN, MAX_HAND_CHARGED_FEN, member, sale, yuanToFen } from '@venue/contract';
import { setStock } from './goods.helpers.ts';
import { lend, register } from './hand.helpers.ts';
import { describeEachEngine } from './harness.ts';
import { cardByNo, DEMO, ledgerMismatches } from './member-card.helpers.ts';
import { goodsWithPrice, orders, VENUE } from './sale.helpers.ts';

const FULL = '充值后余额不能超过9999999.99元';

/** Issue 29: what accumulates (a card's balance and times, a band's charges) stops at its maximum, refused in Chinese on both engines. */
describeEachEngine('accumulating amounts have a ceiling on %s', (server) => {
  const { admin, cashier } = server;
  const topUp = (cardId: number, amount: number) => admin.call(member.createRechargeOrder, { body: { cardId, amount, venueId: VENUE } });
  const payCash = (orderId: number, money: number) => admin.call(member.payCardOrder, { body: { orderId, payMode: 'cashpay', money } });
  const bonusOf = async (cardId: number, amount: number) =>
    (await admin.call(member.rechargeBonus, { query: { cardId, amount: amount.toFixed(2) } })).body.data!.bonus;
  const balanceFen = async (cardNo: string) => yuanToFen((await cardByNo(admin, cardNo)).balance);

  it('a stored-value card holds at most 9,999,999.99 元: top-ups past it are refused when made and when paid; a refund to a full card too', async () => {
    const vip = await cardByNo(admin, DEMO.vip);
    // A sale paid by the card (refunded at the end).
    const drink = await goodsWithPrice(server.db, 500, 2);
    await setStock(server, drink.id, 10);
    const saleId = await orders.createId(admin, [{ goodsId: drink.id, quantity: 1 }], { memberId: vip.memberId });
    const due = (await orders.forPay(admin, { orderId: saleId, payMode: 'cardpay', cardIds: String(vip.cardId) })).body.data.totalPrice;
    await orders.pay(admin, { orderId: saleId, payMode: 'cardpay', payType: 'M', authCode: String(vip.cardId), money: due });

    // The case: 9,999,999.99 on a card that holds something is refused before any order.
    const start = await balanceFen(DEMO.vip);
    const refused = await topUp(vip.cardId, 9_999_999.99);
    expect([refused.status, refused.body.code, refused.body.msg]).toEqual([200, -9000, FULL]);

    // Two top-ups that each fit but not together: the second is refused at its payment, nothing changes.
    const first = (await topUp(vip.cardId, 6_000_000)).body.data!;
    const second = (await topUp(vip.cardId, 6_000_000)).body.data!;
    expect((await payCash(first.orderId, 6_000_000)).body.code).toBe(200);
    const after = start + yuanToFen(6_000_000 + first.bonus);
    expect(await balanceFen(DEMO.vip)).toBe(after);
    const late = await payCash(second.orderId, 6_000_000);
    expect([late.body.code, late.body.msg]).toEqual([-9000, FULL]);
    expect(await balanceFen(DEMO.vip)).toBe(after);
    expect((await admin.call(member.cardOrderById, { params: { id: second.orderId } })).body.data).toMatchObject({ payState: 'U' });

    // Filled to the maximum exactly; then not one fen more.
    const room = (MAX_CARD_BALANCE_FEN - after) / 100;
    const fill = Math.round((room - (await bonusOf(vip.cardId, room))) * 100) / 100;
    const filled = (await topUp(vip.cardId, fill)).body.data!;
    expect(fill + filled.bonus).toBeCloseTo(room, 2);
    expect((await payCash(filled.orderId, fill)).body.code).toBe(200);
    expect(await balanceFen(DEMO.vip)).toBe(MAX_CARD_BALANCE_FEN);
    expect((await topUp(vip.cardId, 0.01)).body.msg).toBe(FULL);

    // The sale's card payment cannot go back to the full card: refused by the original route, by cash it can.
    const back = await admin.call(sale.refundOrder, { body: { orderId: saleId, route: 'T' } });
    expect([back.status, back.body.msg]).toEqual([400, `退款后余额不能超过9999999.99元（卡号 ${DEMO.vip}），请选择其他方式退款`]);
    expect((await orders.get(admin, saleId)).body.data.payState).toBe('P');
    expect((await admin.call(sale.refundOrder, { body: { orderId: saleId, route: 'F' } })).body.code).toBe(200);
    expect(await balanceFen(DEMO.vip)).toBe(MAX_CARD_BALANCE_FEN);
    expect(await ledgerMismatches(server)).toEqual([]);
  });

  it('a count card holds at most 99,999 times; a card sold holds at most the maximum with its bonus', async () => {
    const times = await cardByNo(admin, DEMO.times);
    const add = await admin.call(member.createRechargeOrder, { body: { cardId: times.cardId, times: 99_999, venueId: VENUE } });
    expect([add.body.code, add.body.msg]).toEqual([-9000, '充值后剩余次数不能超过99999次']);
    expect((await cardByNo(admin, DEMO.times)).balance).toBe(times.balance);

    const type = await admin.call(member.cardTypeAdd, {
      body: {
        cardTypeName: '巨额储值卡',
        payType: 'M',
        price: 9_999_999,
        face: 9_999_999,
        bonus: 9_999_999,
        validDays: 0,
        validMonths: 0,
        validStart: 'O',
        discountable: false,
        discountPerMille: 1000,
        extendDayPrice: 0,
        replaceFee: 0,
        venueIds: [],
        itemIds: [],
        rechargeRules: [],
        state: 'A',
        sort: 1,
      },
    });
    expect(type.body.code).toBe(200);
    const vip = await cardByNo(admin, DEMO.vip);
    const sold = await admin.call(member.createSaleOrder, { body: { memberId: vip.memberId, cardTypeId: type.body.data!.cardTypeId, venueId: VENUE } });
    expect([sold.body.code, sold.body.msg]).toEqual([-9000, '开卡后余额不能超过9999999.99元']);
    expect(await ledgerMismatches(server)).toEqual([]);
  });

  it('a band out holds at most 21,474,836.47 元 of charges: the charge past it is refused and the order stays unpaid', async () => {
    const band = await register(admin, 'CEIL0001', 20);
    const deposit = await lend(cashier, band.handId);
    await cashier.call(hand.payOrder, { body: { orderId: deposit.orderId, payMode: 'cashpay', money: 20 } });
    const drink = await goodsWithPrice(server.db, 500, 4);
    await setStock(server, drink.id, 10);
    const charge = async () => {
      const id = await orders.createId(cashier, [{ goodsId: drink.id, quantity: 1 }]);
      return { id, answer: await cashier.call(hand.payWithHand, { body: { orderType: sale.SALE_ORDER_TYPE, orderId: id, handId: band.handId } }) };
    };
    expect((await charge()).answer.body.code).toBe(200);
    // As if charged for a long stay: 4.00 short of the maximum.
    await server.db
      .updateTable('hand_order')
      .set({ charged_fen: MAX_HAND_CHARGED_FEN - 400 })
      .where('id', '=', deposit.orderId)
      .execute();
    const { id, answer } = await charge();
    expect([answer.body.code, answer.body.msg]).toEqual([-9000, '手牌挂账金额不能超过21474836.47元，请先结算']);
    expect((await orders.get(cashier, id)).body.data.payState).toBe('U');
    const row = await server.db.selectFrom('hand_order').select('charged_fen').where('id', '=', deposit.orderId).executeTakeFirstOrThrow();
    expect(row.charged_fen).toBe(MAX_HAND_CHARGED_FEN - 400);
  });
});
