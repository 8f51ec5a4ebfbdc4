import { expect, it } from 'vitest';
import { booking, member } from '@venue/contract';
import { addField, addRule, cellOf, dateIn, itemId, moveTo, reserve } from './booking.helpers.ts';
import { describeEachEngine } from './harness.ts';
import { cardByNo, DEMO } from './member-card.helpers.ts';

const MINUTE = 60_000;

// The jobs run every 100 ms here; the suite's clock decides what is old enough or over.
describeEachEngine(
  'field booking jobs on %s',
  (server) => {
    const { admin, cashier } = server;

    it('closes a reservation left unpaid past the auto-close minutes and frees its cells', async () => {
      const item = await itemId(server);
      const f = await addField(admin, item, { fieldName: '关单场' });
      await addRule(admin, item, { fieldIds: [f.fieldId] });
      const date = dateIn(server, 2);
      const old = (await reserve(cashier, item, [{ fieldId: f.fieldId, date, beginTime: '10:00' }])).body.data!;
      server.clock.advance(20 * MINUTE);
      const young = (await reserve(cashier, item, [{ fieldId: f.fieldId, date, beginTime: '11:00' }])).body.data!;
      server.clock.advance(11 * MINUTE);
      const state = async (orderId: number) => (await cashier.call(booking.getBookingOrder, { query: { code: String(orderId) } })).body.data!.payState;
      await expect.poll(() => state(old.orderId), { timeout: 5000 }).toBe('C');
      expect(await state(young.orderId)).toBe('U');
      expect(await cellOf(cashier, item, date, f.fieldId, '10:00')).toMatchObject({ state: 'free' });
      expect(await cellOf(cashier, item, date, f.fieldId, '11:00')).toMatchObject({ state: 'held' });
      const lines = await server.db.selectFrom('booking_line').select(['state', 'void_kind']).where('order_id', '=', old.orderId).execute();
      expect(lines).toEqual([{ state: 'C', void_kind: 'CLOSE' }]);
    });

    it('marks paid cells never opened by their end (FN) and counts cancellations (FC) for the blacklist rules', async () => {
      const item = await itemId(server);
      const f = await addField(admin, item, { fieldName: '黑名单场' });
      await addRule(admin, item, { fieldIds: [f.fieldId], price: 20 });
      const vip = await cardByNo(cashier, DEMO.vip);
      const date = dateIn(server, 3);
      const made = (
        await reserve(
          cashier,
          item,
          [
            { fieldId: f.fieldId, date, beginTime: '10:00' },
            { fieldId: f.fieldId, date, beginTime: '11:00' },
          ],
          { cardId: vip.cardId },
        )
      ).body.data!;
      expect((await cashier.call(booking.payOrder, { body: { orderId: made.orderId, payMode: 'cashpay', money: made.pricePay } })).body.code).toBe(200);
      const order = (await cashier.call(booking.getBookingOrder, { query: { code: String(made.orderId) } })).body.data!;
      const cancelled = await admin.call(booking.cancel, { body: { orderId: made.orderId, detailIds: [order.details[1].detailId], route: 'T' } });
      expect(cancelled.body).toMatchObject({ code: 200, data: { fee: 0, cancelled: 1 } });

      moveTo(server, date, '11:05');
      // Days later: the suite's session has expired; log in again.
      const adminNow = server.api.as(await server.api.login('admin', 'admin123'));
      const lineState = async () =>
        (await server.db.selectFrom('booking_line').select('state').where('id', '=', order.details[0].detailId).executeTakeFirstOrThrow()).state;
      await expect.poll(lineState, { timeout: 5000 }).toBe('N');
      expect(await cellOf(adminNow, item, date, f.fieldId, '10:00')).toMatchObject({ state: 'paid' });

      for (const ruleType of ['FC', 'FN'] as const) {
        expect((await adminNow.call(member.saveBlacklistRule, { body: { ruleType, threshold: 1, days: 30, state: 'A' } })).body.code).toBe(200);
      }
      expect((await adminNow.call(member.applyBlacklistRules)).body).toMatchObject({ code: 200 });
      const entries = await server.db
        .selectFrom('blacklist')
        .select(['rule_type', 'reason'])
        .where('member_id', '=', vip.memberId)
        .where('active', '=', 1)
        .execute();
      expect(entries.map((e) => e.rule_type).sort()).toEqual(['FC', 'FN']);
      expect(entries.find((e) => e.rule_type === 'FN')!.reason).toBe('预订未到场1次（30天内达到1次）');
    });
  },
  { jobEveryMs: 100 },
);
