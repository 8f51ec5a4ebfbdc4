import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { booking, bookingAdmin, gate, member } from '@venue/contract';
import type { ControllerSimulator } from '../src/modules/gate/simulator/controller-simulator.ts';
import { addField, addRule, dateIn, itemId, moveTo, reserve } from './booking.helpers.ts';
import { DEMO_GATES, GATE_CONFIG, gateIdByName, simulateDemoControllers } from './gate.helpers.ts';
import { describeEachEngine } from './harness.ts';
import { cardByNo, DEMO } from './member-card.helpers.ts';

const wait = { timeout: 5000, interval: 20 };
const settle = () => new Promise((done) => setTimeout(done, 400));

/**
 * Issue 35: a member's card passes the gates of its booking's venue during the booked time, from the
 * tenant's margin before the start until the end, written to the controllers like other card access
 * (the card queue's rounds add the record as the time begins and take it off as it ends).
 */
describeEachEngine(
  'field booking gate access through the simulator on %s',
  (server) => {
    const { admin, cashier } = server;
    let sims: Map<number, ControllerSimulator>;
    const board = (serialNo: number) => sims.get(serialNo)!.board(serialNo);
    const phy = Number(DEMO.phy);

    beforeAll(async () => {
      sims = await simulateDemoControllers(admin);
      // 羽毛球馆闸机 (城东羽毛球馆, doors 1 and 2) stops taking 储值卡: VIP0001 passes it only while a booking lets it.
      const g = (await admin.call(gate.gateAll)).body.data.find((x) => x.gateName === '羽毛球馆闸机')!;
      const times = (await admin.call(member.cardTypes)).body.data.find((t) => t.cardTypeName === '羽毛球10次卡')!;
      const edited = await admin.call(gate.gateEdit, {
        body: {
          gateId: await gateIdByName(admin, '羽毛球馆闸机'),
          gateName: g.gateName,
          areaId: g.areaId,
          venueId: g.venueId,
          controllerId: g.controllerId,
          inDoor: g.inDoor,
          outDoor: g.outDoor,
          cardTypeIds: [times.cardTypeId],
        },
      });
      expect(edited.body.code).toBe(200);
      await vi.waitFor(() => expect(board(DEMO_GATES.swim).cards.get(phy)?.doors).toEqual([1, 2, 3, 4]), wait);
      await vi.waitFor(() => expect(board(DEMO_GATES.badminton).cards.has(phy)).toBe(false), wait);
    });
    afterAll(async () => {
      for (const sim of sims?.values() ?? []) await sim.close();
    });

    it("lets the booking's card through its venue's member gates from the margin before the start until the end", async () => {
      expect((await admin.call(bookingAdmin.settingGet)).body.data!.gateEarlyMinutes).toBe(30);
      const item = await itemId(server);
      const f = await addField(admin, item, { fieldName: '闸机场' });
      await addRule(admin, item, { fieldIds: [f.fieldId], price: 40 });
      const card = await cardByNo(admin, DEMO.vip);
      const date = dateIn(server, 1);
      const made = await reserve(
        cashier,
        item,
        [
          { fieldId: f.fieldId, date, beginTime: '10:00' },
          { fieldId: f.fieldId, date, beginTime: '11:00' },
        ],
        { memberId: card.memberId, cardId: card.cardId },
      );
      expect(made.body.code).toBe(200);
      // Held unpaid, then paid a day ahead: not yet.
      const { orderId, pricePay } = made.body.data!;
      expect((await cashier.call(booking.payOrder, { body: { orderId, payMode: 'cashpay', money: pricePay } })).body.code).toBe(200);
      await settle();
      expect(board(DEMO_GATES.badminton).cards.has(phy)).toBe(false);

      moveTo(server, date, '09:29');
      await settle();
      expect(board(DEMO_GATES.badminton).cards.has(phy)).toBe(false);

      // 30 minutes before 10:00: the member gate's doors (1, 2), not the staff passage's (3, 4).
      moveTo(server, date, '09:31');
      await vi.waitFor(() => expect(board(DEMO_GATES.badminton).cards.get(phy)?.doors).toEqual([1, 2]), wait);
      expect(board(DEMO_GATES.badminton).decide(phy, 1).granted).toBe(true);
      expect(board(DEMO_GATES.badminton).decide(phy, 3).granted).toBe(false);
      // Its own card type's gates are kept as they were.
      expect(board(DEMO_GATES.swim).cards.get(phy)?.doors).toEqual([1, 2, 3, 4]);

      // Through both booked hours; off at the end of the last.
      moveTo(server, date, '11:59');
      await settle();
      expect(board(DEMO_GATES.badminton).cards.get(phy)?.doors).toEqual([1, 2]);
      moveTo(server, date, '12:00');
      await vi.waitFor(() => expect(board(DEMO_GATES.badminton).cards.has(phy)).toBe(false), wait);
      expect(board(DEMO_GATES.swim).cards.get(phy)?.doors).toEqual([1, 2, 3, 4]);
    });

    it('lets a card through at once when it pays within the time, and takes it off when the booking is cancelled before its start', async () => {
      // The day of the booking, 12:00: the suite's sessions have expired; log in again.
      const adminNow = server.api.as(await server.api.login('admin', 'admin123'));
      const cashierNow = server.api.as(await server.api.login('cashier', 'cashier123'));
      const item = await itemId(server);
      const f = await addField(adminNow, item, { fieldName: '闸机场二' });
      await addRule(adminNow, item, { fieldIds: [f.fieldId], price: 40 });
      // The margin: two hours; 13:00 is open to the card from 11:00.
      expect(
        (await adminNow.call(bookingAdmin.settingSave, { body: { cancelBeforeHours: 0, feePercent: 0, freeBeforeHours: 0, gateEarlyMinutes: 120 } })).body.code,
      ).toBe(200);
      const card = await cardByNo(adminNow, DEMO.vip);
      const date = dateIn(server, 0);
      const made = await reserve(cashierNow, item, [{ fieldId: f.fieldId, date, beginTime: '13:00' }], { memberId: card.memberId, cardId: card.cardId });
      expect(made.body.code).toBe(200);
      await settle();
      expect(board(DEMO_GATES.badminton).cards.has(phy)).toBe(false);
      const { orderId, pricePay } = made.body.data!;
      expect((await cashierNow.call(booking.payOrder, { body: { orderId, payMode: 'cashpay', money: pricePay } })).body.code).toBe(200);
      await vi.waitFor(() => expect(board(DEMO_GATES.badminton).cards.get(phy)?.doors).toEqual([1, 2]), wait);
      expect((await adminNow.call(booking.cancel, { body: { orderId } })).body).toMatchObject({ code: 200, data: { cancelled: 1 } });
      await vi.waitFor(() => expect(board(DEMO_GATES.badminton).cards.has(phy)).toBe(false), wait);
    });

    it('lets the card through when its payment commits after a round that began after the payment was stamped', async () => {
      // PostgreSQL: the card queue's round (every 100 ms here) can read between the pay's stamp and its commit.
      // Written here as that commit: paid 2 s ago, landing only now, after a score of rounds.
      const adminNow = server.api.as(await server.api.login('admin', 'admin123'));
      const cashierNow = server.api.as(await server.api.login('cashier', 'cashier123'));
      const item = await itemId(server);
      const f = await addField(adminNow, item, { fieldName: '闸机场三' });
      await addRule(adminNow, item, { fieldIds: [f.fieldId], price: 40 });
      const card = await cardByNo(adminNow, DEMO.vip);
      const made = await reserve(cashierNow, item, [{ fieldId: f.fieldId, date: dateIn(server, 0), beginTime: '13:00' }], {
        memberId: card.memberId,
        cardId: card.cardId,
      });
      expect(made.body.code).toBe(200);
      await settle();
      const paidAt = new Date(server.clock.now().getTime() - 2000).toISOString();
      const { orderId } = made.body.data!;
      await server.db.transaction().execute(async (trx) => {
        await trx.updateTable('booking_order').set({ pay_state: 'P', paid_at: paidAt }).where('id', '=', orderId).execute();
        await trx.updateTable('booking_line').set({ state: 'A' }).where('order_id', '=', orderId).execute();
      });
      await vi.waitFor(() => expect(board(DEMO_GATES.badminton).cards.get(phy)?.doors).toEqual([1, 2]), wait);
    });
  },
  { config: GATE_CONFIG },
);
