import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { gate, member } from '@venue/contract';
import type { ControllerSimulator } from '../src/modules/gate/simulator/controller-simulator.ts';
import { describeEachEngine } from './harness.ts';
import { cardByNo, DEMO } from './member-card.helpers.ts';
import { controllerBySerial, DEMO_GATES, editController, GATE_CONFIG, gateIdByName, simulateDemoControllers } from './gate.helpers.ts';

const wait = { timeout: 5000, interval: 20 };

/**
 * Issue 20: the real driver (uhppoted) against the in-project controller simulator: door commands,
 * a controller that does not answer, swipes becoming pass records and the in-venue count, card
 * records following the member cards, and the retry queue when a controller is down.
 */
describeEachEngine(
  'gate remote control and events through the simulator on %s',
  (server) => {
    const { admin, cashier } = server;
    let sims: Map<number, ControllerSimulator>;
    const board = (serialNo: number) => sims.get(serialNo)!.board(serialNo);
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      sims = await simulateDemoControllers(admin);
      for (const name of ['游泳馆1号闸', '游泳馆2号闸', '羽毛球馆闸机', '员工通道', '健身馆闸机']) ids[name] = await gateIdByName(admin, name);
      // Each board has been told where events go.
      await vi.waitFor(() => expect([...sims.keys()].every((s) => board(s).listener?.address === '127.0.0.1')).toBe(true), wait);
    });
    afterAll(async () => {
      for (const sim of sims?.values() ?? []) await sim.close();
    });

    it('lists the gates a user may see by area; the cashier only its granted gates of its venues', async () => {
      const mine = (await admin.call(gate.getGateByUser)).body.data;
      expect(mine.map((a) => a.areaName)).toEqual(['游泳馆入口', '羽毛球馆大门', '健身馆通道']);
      const staff = mine[1].gateList.find((g) => g.gateName === '员工通道')!;
      expect(staff).toMatchObject({ isRemoteControl: 'F', usage: 'A', openChecked: false, closeChecked: false });
      const theirs = (await cashier.call(gate.getGateByUser)).body.data;
      expect(theirs.flatMap((a) => a.gateList.map((g) => g.gateName))).toEqual(['游泳馆1号闸', '游泳馆2号闸', '羽毛球馆闸机', '员工通道']);
    });

    it('sends each button to the right controller and door: 常开 (1), 常闭 (3), 开门 (0)', async () => {
      const items = [
        { gateId: ids['游泳馆2号闸'], passDirection: 'I' as const },
        { gateId: ids['羽毛球馆闸机'], passDirection: 'O' as const },
      ];
      const send = (doorState: 0 | 1 | 3) => cashier.call(gate.remoteControl, { body: items.map((i) => ({ ...i, doorState })) });

      const keepOpen = (await send(1)).body;
      expect(keepOpen.data).toMatchObject({ succeeded: 2, failed: 0 });
      expect(keepOpen.data.results.map((r) => [r.serialNo, r.door, r.message])).toEqual([
        [DEMO_GATES.swim, 3, '已设为常开'],
        [DEMO_GATES.badminton, 2, '已设为常开'],
      ]);
      expect(board(DEMO_GATES.swim).doors.get(3)!.control).toBe(1);
      expect(board(DEMO_GATES.badminton).doors.get(2)!.control).toBe(1);
      // Nothing else moved: the other doors of both boards, and the third board, are as they were.
      expect([1, 2, 4].map((d) => board(DEMO_GATES.swim).doors.get(d)!.control)).toEqual([3, 3, 3]);
      expect(board(DEMO_GATES.fitness).actions).toEqual([]);

      await send(3);
      expect(board(DEMO_GATES.swim).doors.get(3)!.control).toBe(2);
      expect(board(DEMO_GATES.badminton).doors.get(2)!.control).toBe(2);

      const before = board(DEMO_GATES.swim).actions.length;
      expect((await send(0)).body.data.results.map((r) => r.message)).toEqual(['已开门', '已开门']);
      // Open once: back to card control, then one open, on door 3 only.
      expect(
        board(DEMO_GATES.swim)
          .actions.slice(before)
          .map((a) => [a.kind, a.door, a.control]),
      ).toEqual([
        ['control', 3, 3],
        ['open', 3, undefined],
      ]);

      const log = (await admin.call(gate.commandQuery, { query: { gateId: ids['游泳馆2号闸'], size: 10 } })).body.data;
      expect(log.records.map((c) => [c.doorState, c.passDirection, c.door, c.success, c.userName])).toEqual([
        [0, 'I', 3, 'T', '收银员小李'],
        [3, 'I', 3, 'T', '收银员小李'],
        [1, 'I', 3, 'T', '收银员小李'],
      ]);
    });

    it("reports a silent controller's gates with which controller and why, while the others' doors act", async () => {
      board(DEMO_GATES.badminton).silent = true;
      try {
        const started = performance.now();
        const { body } = await admin.call(gate.remoteControl, {
          body: [
            { gateId: ids['游泳馆1号闸'], passDirection: 'I', doorState: 1 },
            { gateId: ids['羽毛球馆闸机'], passDirection: 'I', doorState: 1 },
          ],
        });
        const took = performance.now() - started;
        expect(body.data).toMatchObject({ succeeded: 1, failed: 1 });
        const [ok, silent] = body.data.results;
        expect(ok).toMatchObject({ success: true, message: '已设为常开' });
        expect(silent.success).toBe(false);
        expect(silent.message).toBe(
          `常开失败：控制器 ${DEMO_GATES.badminton}（127.0.0.1:${sims.get(DEMO_GATES.badminton)!.port}）未应答（400 毫秒内无回应，已重试 1 次）`,
        );
        expect(board(DEMO_GATES.swim).doors.get(1)!.control).toBe(1);
        // The answer waited for the silent board's timeout (400 ms), not for one after the other.
        expect(took).toBeLessThan(400 + 600);
        const failed = (await admin.call(gate.commandQuery, { query: { success: 'F' } })).body.data.records[0];
        expect(failed).toMatchObject({ gateName: '羽毛球馆闸机', success: 'F', answer: silent.message });
      } finally {
        board(DEMO_GATES.badminton).silent = false;
      }
    });

    it('says 控制器答复无法识别 when a board answers with the reply of another function, in 远程开闸 and in 测试', async () => {
      const swim = board(DEMO_GATES.swim);
      const words = `控制器答复无法识别（${DEMO_GATES.swim}，127.0.0.1:${sims.get(DEMO_GATES.swim)!.port}）`;
      const controller = await controllerBySerial(admin, DEMO_GATES.swim);
      // 0x94 (device), 0x20 (status), 0x92 (listener) and 0x5a (card) replies to a door-control request (0x80) and to the others.
      for (const fn of [0x94, 0x20, 0x92, 0x5a]) {
        swim.answersAs = fn;
        try {
          const { body } = await admin.call(gate.remoteControl, {
            body: [
              { gateId: ids['游泳馆1号闸'], passDirection: 'I', doorState: 0 },
              { gateId: ids['游泳馆2号闸'], passDirection: 'O', doorState: 1 },
            ],
          });
          expect(body.data).toMatchObject({ succeeded: 0, failed: 2 });
          expect([fn, body.data.results.map((r) => r.message)]).toEqual([fn, [`开门失败：${words}`, `常开失败：${words}`]]);
          const tested = (await admin.call(gate.controllerTest, { body: { controllerId: controller.controllerId } })).body.data;
          expect([fn, tested.online, tested.message, tested.doors]).toEqual([fn, false, words, []]);
        } finally {
          swim.answersAs = null;
        }
      }
      const logged = (await admin.call(gate.commandQuery, { query: { gateId: ids['游泳馆1号闸'], size: 1 } })).body.data.records[0];
      expect(logged).toMatchObject({ success: 'F', answer: `开门失败：${words}` });
      expect((await admin.call(gate.controllerTest, { body: { controllerId: controller.controllerId } })).body.data.online).toBe(true);
    });

    it('refuses gates that cannot be driven from here and changes nothing', async () => {
      const staff = await cashier.call(gate.remoteControl, { body: [{ gateId: ids['员工通道'], passDirection: 'I', doorState: 0 }] });
      expect(staff.body).toMatchObject({ code: -9000, msg: '闸机「员工通道」该闸机不支持远程控制' });
      const otherVenue = await cashier.call(gate.remoteControl, { body: [{ gateId: ids['健身馆闸机'], passDirection: 'I', doorState: 0 }] });
      expect(otherVenue.body).toMatchObject({ code: -1100, msg: '所选闸机不存在或您无权控制' });
      const none = await cashier.call('POST', gate.remoteControl.path, { body: [] });
      expect([none.status, none.body.msg]).toEqual([400, '请选择闸机通道']);
      const badState = await cashier.call('POST', gate.remoteControl.path, { body: [{ gateId: ids['游泳馆1号闸'], passDirection: 'I', doorState: 2 }] });
      expect(badState.status).toBe(400);
      expect(board(DEMO_GATES.fitness).actions).toEqual([]);
    });

    it('records a swipe as a pass and moves the in-venue count; a refused card is recorded, not counted', async () => {
      const swimVenue = (await admin.call(gate.gateAll)).body.data.find((g) => g.gateId === ids['游泳馆1号闸'])!.venueId;
      const flow = async () => (await admin.call(gate.passFlow, { query: { venueId: swimVenue } })).body.data;
      const before = await flow();
      // VIP0001 (储值卡, physical card 1234567890) may pass the swimming gates: its record reached the board.
      await vi.waitFor(() => expect(board(DEMO_GATES.swim).cards.get(Number(DEMO.phy))?.doors).toEqual([1, 2, 3, 4]), wait);
      const event = sims.get(DEMO_GATES.swim)!.swipe(DEMO_GATES.swim, Number(DEMO.phy), 1);
      expect(event.granted).toBe(true);
      await vi.waitFor(async () => {
        const passes = (await admin.call(gate.passQuery, { query: { keyword: DEMO.vip, size: 5 } })).body.data.records;
        expect(passes[0]).toMatchObject({
          gateName: '游泳馆1号闸',
          direction: 'I',
          kind: 'S',
          granted: 'T',
          cardNo: DEMO.vip,
          memberName: '张三',
          reason: '刷卡通过',
        });
      }, wait);
      expect(await flow()).toMatchObject({ inCount: before.inCount + 1, inVenue: before.inVenue + 1 });

      sims.get(DEMO_GATES.swim)!.swipe(DEMO_GATES.swim, 3_999_999_999, 3);
      await vi.waitFor(async () => {
        const refused = (await admin.call(gate.passQuery, { query: { granted: 'F', gateId: ids['游泳馆2号闸'] } })).body.data.records[0];
        expect(refused).toMatchObject({ cardNumber: 3_999_999_999, cardNo: null, reason: '无通行权限' });
      }, wait);
      sims.get(DEMO_GATES.swim)!.swipe(DEMO_GATES.swim, Number(DEMO.phy), 2);
      await vi.waitFor(
        async () => expect(await flow()).toMatchObject({ inCount: before.inCount + 1, outCount: before.outCount + 1, inVenue: before.inVenue }),
        wait,
      );
    });

    it('writes a card with gate access to its controllers when it is bound and opened, and takes it off when it no longer may pass', async () => {
      // VIP0002 (储值卡, not opened): a physical card bound to it is not written until the card is opened.
      const unopened = await cardByNo(admin, DEMO.unopened);
      expect((await admin.call(member.bindCard, { body: { cardId: unopened.cardId, phyCardId: '3300000001' } })).body.code).toBe(200);
      expect((await admin.call(member.openCard, { body: { cardId: unopened.cardId } })).body.code).toBe(200);
      await vi.waitFor(() => {
        expect(board(DEMO_GATES.swim).cards.get(3_300_000_001)).toEqual({ from: expect.any(String), to: '2099-12-31', doors: [1, 2, 3, 4] });
        expect(board(DEMO_GATES.badminton).cards.get(3_300_000_001)?.doors).toEqual([1, 2]);
      }, wait);
      expect(board(DEMO_GATES.swim).decide(3_300_000_001, 1).granted).toBe(true);

      // A new physical card replaces the old number on every board.
      expect((await admin.call(member.bindCard, { body: { cardId: unopened.cardId, phyCardId: '3300000002' } })).body.code).toBe(200);
      await vi.waitFor(() => {
        expect(board(DEMO_GATES.swim).cards.has(3_300_000_001)).toBe(false);
        expect(board(DEMO_GATES.swim).cards.has(3_300_000_002)).toBe(true);
      }, wait);

      // The gate stops taking 储值卡: the card leaves that gate's doors, the other gate's stay.
      const g = (await admin.call(gate.gateAll)).body.data.find((x) => x.gateId === ids['游泳馆1号闸'])!;
      const year = (await admin.call(member.cardTypes)).body.data.find((t) => t.cardTypeName === '游泳年卡')!;
      const edited = await admin.call(gate.gateEdit, {
        body: {
          gateId: g.gateId,
          gateName: g.gateName,
          areaId: g.areaId,
          venueId: g.venueId,
          controllerId: g.controllerId,
          inDoor: g.inDoor,
          outDoor: g.outDoor,
          cardTypeIds: [year.cardTypeId],
        },
      });
      expect(edited.body.data.cardTypeNames).toEqual(['游泳年卡']);
      await vi.waitFor(() => expect(board(DEMO_GATES.swim).cards.get(3_300_000_002)?.doors).toEqual([3, 4]), wait);
    });

    it('keeps card records in the database while a controller is down and sends them when it answers again', async () => {
      board(DEMO_GATES.fitness).silent = true;
      const card = await cardByNo(admin, DEMO.vip);
      expect((await admin.call(member.bindCard, { body: { cardId: card.cardId, phyCardId: '3300000009' } })).body.code).toBe(200);
      await vi.waitFor(async () => {
        const now = await controllerBySerial(admin, DEMO_GATES.fitness);
        expect(now.pendingCards).toBeGreaterThan(0);
        expect(now.lastError).toContain('未应答');
      }, wait);
      expect(board(DEMO_GATES.fitness).cards.has(3_300_000_009)).toBe(false);

      board(DEMO_GATES.fitness).silent = false;
      // The queue tries again after its back-off (5 s, then longer): move the server's clock past it.
      server.clock.advance(10 * 60_000);
      await vi.waitFor(async () => {
        expect(board(DEMO_GATES.fitness).cards.get(3_300_000_009)?.doors).toEqual([1, 2]);
        expect((await controllerBySerial(admin, DEMO_GATES.fitness)).pendingCards).toBe(0);
      }, wait);
    });

    it('tests a controller (status, time, doors, listener) and says why one is offline', async () => {
      const swim = await controllerBySerial(admin, DEMO_GATES.swim);
      const online = (await admin.call(gate.controllerTest, { body: { controllerId: swim.controllerId } })).body.data;
      expect(online).toMatchObject({ online: true, message: '控制器在线' });
      expect(online.doors.map((d) => d.door)).toEqual([1, 2, 3, 4]);
      expect(online.listener).toMatch(/^127\.0\.0\.1:\d+$/);
      // The board's clock is an hour behind (the server's moved on too): 校时 writes the server's time.
      board(DEMO_GATES.swim).clockOffsetMs = -3600_000;
      expect((await admin.call(gate.controllerTest, { body: { controllerId: swim.controllerId } })).body.data.driftSeconds).toBeLessThan(-3590);
      const synced = (await admin.call(gate.controllerSyncTime, { body: { controllerId: swim.controllerId } })).body.data;
      const after = (await admin.call(gate.controllerTest, { body: { controllerId: swim.controllerId } })).body.data;
      expect(Math.abs(after.driftSeconds!)).toBeLessThanOrEqual(2);
      expect(synced.controllerTime.slice(0, 16)).toBe(after.serverTime.slice(0, 16));

      const gone = await editController(admin, swim, { port: 9 });
      const offline = (await admin.call(gate.controllerTest, { body: { controllerId: gone.controllerId } })).body.data;
      expect(offline).toMatchObject({ online: false, doors: [] });
      expect(offline.message).toBe(`控制器 ${DEMO_GATES.swim}（127.0.0.1:9）未应答（400 毫秒内无回应，已重试 1 次）`);
      await editController(admin, gone, { port: sims.get(DEMO_GATES.swim)!.port });
    });
  },
  { config: GATE_CONFIG },
);
