import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { gate, PERMISSIONS } from '@venue/contract';
import { migrateToLatest } from '../src/db/migrate.ts';
import { describeEachEngine } from './harness.ts';
import { readXlsx } from './member-card.helpers.ts';
import { controllerBySerial, DEMO_GATES, gateIdByName } from './gate.helpers.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Issue 20: areas, controllers and gates as the administration screens keep them, who may see a gate, the logs' filters and exports. */
describeEachEngine('gate administration on %s', (server) => {
  const { admin, cashier, other } = server;

  it('keeps areas: a clear refusal for a duplicate name and for deleting an area that holds gates', async () => {
    const added = (await admin.call(gate.areaAdd, { body: { areaName: '东门', sort: 5 } })).body;
    expect(added.data).toMatchObject({ areaName: '东门', sort: 5, remark: '', gateCount: 0 });
    expect((await admin.call(gate.areaAdd, { body: { areaName: '东门' } })).body).toMatchObject({ code: -1000, msg: '区域「东门」已存在' });
    const renamed = (await admin.call(gate.areaEdit, { body: { areaId: added.data.areaId, areaName: '东门入口', remark: '临时入口' } })).body.data;
    expect(renamed).toMatchObject({ areaName: '东门入口', remark: '临时入口' });
    const swim = (await admin.call(gate.areaAll)).body.data.find((a) => a.areaName === '游泳馆入口')!;
    expect(swim.gateCount).toBe(2);
    expect((await admin.call(gate.areaDelete, { params: { id: swim.areaId } })).body).toMatchObject({
      code: -9000,
      msg: '区域「游泳馆入口」下还有闸机，不能删除',
    });
    expect((await admin.call(gate.areaDelete, { params: { id: added.data.areaId } })).body.code).toBe(200);
    const empty = await admin.call('POST', gate.areaAdd.path, { body: { areaName: '  ' } });
    expect([empty.status, empty.body.msg]).toEqual([400, '请输入区域名称']);
  });

  it('keeps controllers: a serial number once in the installation, the address checked, defaults of a board', async () => {
    const body = { controllerName: '东门控制器', serialNo: 223000001, address: '192.168.10.20' };
    const added = (await admin.call(gate.controllerAdd, { body })).body.data;
    expect(added).toMatchObject({ port: 60000, broadcast: 'F', timeoutMs: 1000, retries: 1, openDelay: 3, state: 'A', gateCount: 0, pendingCards: 0 });
    const taken = { code: -1000, msg: '该控制器序列号已被使用' };
    expect((await admin.call(gate.controllerAdd, { body })).body).toMatchObject(taken);
    // Issue 29: a board's events name only its serial number, so another tenant cannot hold it too (it
    // received tenant 1's swipes); its refusal reads the same as tenant 1's own, telling nothing of whose it is.
    const othersBefore = (await other.call(gate.controllerAll)).body.data;
    expect((await other.call(gate.controllerAdd, { body: { ...body, state: 'S' } })).body).toMatchObject(taken);
    expect((await other.call(gate.controllerAdd, { body: { ...body, serialNo: DEMO_GATES.swim } })).body).toMatchObject(taken);
    const theirs = await controllerBySerial(other, 523000001);
    const stolen = await other.call(gate.controllerEdit, { body: { ...theirs, serialNo: DEMO_GATES.fitness } });
    expect(stolen.body).toMatchObject(taken);
    expect((await other.call(gate.controllerAll)).body.data).toEqual(othersBefore);
    // Nor can tenant 1 take tenant 2's, by adding or by editing its own; its own controller keeps its number when edited.
    expect((await admin.call(gate.controllerAdd, { body: { ...body, serialNo: 523000001 } })).body).toMatchObject(taken);
    const edited = await admin.call(gate.controllerEdit, { body: { ...added, serialNo: 523000001 } });
    expect(edited.body).toMatchObject(taken);
    const kept = await admin.call(gate.controllerEdit, { body: { ...added, remark: '东门岗亭' } });
    expect(kept.body.data).toMatchObject({ remark: '东门岗亭', serialNo: 223000001 });
    const badIp = await admin.call('POST', gate.controllerAdd.path, { body: { ...body, serialNo: 223000002, address: '192.168.10.256' } });
    expect([badIp.status, badIp.body.msg]).toEqual([400, '请输入正确的IP地址']);
    const tooBig = await admin.call('POST', gate.controllerAdd.path, { body: { ...body, serialNo: 4_294_967_296 } });
    expect(tooBig.status).toBe(400);
    const page = (await admin.call(gate.controllerQuery, { query: { keyword: '223000001' } })).body.data;
    expect(page.records.map((c) => c.controllerName)).toEqual(['东门控制器']);
  });

  it('keeps gates: doors of a controller used once, at least one channel, card types of the tenant', async () => {
    const area = (await admin.call(gate.areaAll)).body.data[0];
    const swim = await controllerBySerial(admin, DEMO_GATES.swim);
    const venueId = (await admin.call(gate.gateAll)).body.data[0].venueId;
    const base = { gateName: '游泳馆3号闸', areaId: area.areaId, venueId, controllerId: swim.controllerId };
    const taken = await admin.call(gate.gateAdd, { body: { ...base, inDoor: 3, outDoor: null } });
    expect(taken.body).toMatchObject({ code: -9000, msg: '控制器「游泳馆闸机控制器」的 3 号门已由闸机「游泳馆2号闸」使用' });
    const noDoor = await admin.call(gate.gateAdd, { body: { ...base, inDoor: null, outDoor: null } });
    expect(noDoor.body).toMatchObject({ code: -9000, msg: '请至少选择进场门或出场门' });
    const same = await admin.call(gate.gateAdd, { body: { ...base, inDoor: 1, outDoor: 1 } });
    expect(same.body).toMatchObject({ code: -9000, msg: '进场门与出场门不能是同一个门' });
    const otherTypes = await admin.call(gate.gateAdd, {
      body: { ...base, controllerId: (await controllerBySerial(admin, 223000001)).controllerId, inDoor: 1, cardTypeIds: [999] },
    });
    expect(otherTypes.body).toMatchObject({ code: -1100, msg: '所选卡类型不存在' });

    const ctl = (await admin.call(gate.controllerAdd, { body: { controllerName: '3号闸控制器', serialNo: 223000009, address: '192.168.10.21' } })).body.data;
    const added = (
      await admin.call(gate.gateAdd, { body: { ...base, controllerId: ctl.controllerId, inDoor: 1, readerType: 'FACE', passMode: 'M', isRemoteControl: 'F' } })
    ).body.data;
    expect(added).toMatchObject({ gateName: '游泳馆3号闸', inDoor: 1, outDoor: null, readerType: 'FACE', passMode: 'M', isRemoteControl: 'F', usage: 'A' });
    expect((await admin.call(gate.gateAdd, { body: { ...base, controllerId: ctl.controllerId, inDoor: 2 } })).body).toMatchObject({ code: -1000 });
    const listed = (await admin.call(gate.gateQuery, { query: { controllerId: ctl.controllerId } })).body.data;
    expect(listed.records.map((g) => g.gateName)).toEqual(['游泳馆3号闸']);
  });

  it('grants gates to users: only granted users see them in the dialog', async () => {
    const gateId = await gateIdByName(admin, '游泳馆1号闸');
    const users = (await admin.call(gate.gateUsers, { query: { gateId } })).body.data;
    expect(users.find((u) => u.username === 'cashier')?.granted).toBe(true);
    const cashierId = users.find((u) => u.username === 'cashier')!.userId;
    expect((await admin.call(gate.gateSetUsers, { body: { gateId, userIds: [] } })).body.data).toEqual({ userCount: 0 });
    const seen = (await cashier.call(gate.getGateByUser)).body.data.flatMap((a) => a.gateList.map((g) => g.gateName));
    expect(seen).not.toContain('游泳馆1号闸');
    const refused = await cashier.call(gate.remoteControl, { body: [{ gateId, passDirection: 'I', doorState: 0 }] });
    expect(refused.body.code).toBe(-1100);
    expect((await admin.call(gate.gateSetUsers, { body: { gateId, userIds: [cashierId] } })).body.data).toEqual({ userCount: 1 });
    expect((await admin.call(gate.gateSetUsers, { body: { gateId, userIds: [2_000_000] } })).body.msg).toBe('所选用户不存在');
    // The administration screens are the admin's; the cashier holds only remote control and the pass records.
    expect((await cashier.call(gate.gateQuery)).status).toBe(403);
    expect((await cashier.call(gate.controllerAll)).status).toBe(403);
    expect(gate.passQuery.access).toEqual({ permission: PERMISSIONS.gate.pass.list });
    expect((await cashier.call(gate.passQuery)).body.code).toBe(200);
  });

  it('filters and exports the pass records and the command log as .xlsx', async () => {
    const all = (await admin.call(gate.passQuery, { query: { size: 100 } })).body.data;
    expect(all.total).toBeGreaterThan(0);
    const refused = (await admin.call(gate.passQuery, { query: { granted: 'F' } })).body.data;
    expect(refused.total).toBeGreaterThan(0);
    expect(refused.records.every((p) => p.granted === 'F' && p.reason === '无通行权限')).toBe(true);
    const byGate = (await admin.call(gate.passQuery, { query: { gateId: await gateIdByName(admin, '羽毛球馆闸机'), direction: 'O' } })).body.data;
    expect(byGate.records.every((p) => p.gateName === '羽毛球馆闸机' && p.direction === 'O')).toBe(true);
    // The cashier sees the passes of its venues only.
    const theirs = (await cashier.call(gate.passQuery, { query: { size: 100 } })).body.data;
    expect(theirs.records.some((p) => p.venueName === '滨江健身馆')).toBe(false);
    expect(theirs.total).toBeLessThan(all.total);

    const file = await admin.download(gate.passExport.path, { query: { granted: 'F' } });
    expect([file.status, file.type]).toEqual([200, XLSX]);
    const rows = await readXlsx(file.bytes);
    expect(rows[0].slice(0, 5)).toEqual(['通行时间', '场馆', '区域', '闸机', '方向']);
    expect(rows.length - 1).toBe(refused.total);
    expect(rows.slice(1).every((r) => r[9] === '拒绝')).toBe(true);

    const empty = await readXlsx((await admin.download(gate.commandExport.path, { query: { success: 'F' } })).bytes);
    expect(empty).toEqual([['时间', '操作人', '场馆', '区域', '闸机', '方向', '操作', '控制器', '序列号', '门', '结果', '控制器应答', '耗时（毫秒）']]);
    const badDate = await admin.call('GET', gate.commandQuery.path, { query: { beginTime: '2026/01/01' } });
    expect([badDate.status, badDate.body.msg]).toEqual([400, '日期格式错误，参数{beginTime},不符合该格式{yyyy-MM-dd HH:mm:ss}']);
  });

  it("answers a venue's visitor flow, and refuses a venue of another tenant or outside the user's venues", async () => {
    const venueId = (await admin.call(gate.gateAll)).body.data.find((g) => g.gateName === '羽毛球馆闸机')!.venueId;
    const flow = (await admin.call(gate.passFlow, { query: { venueId } })).body.data;
    expect(flow.hours).toHaveLength(24);
    expect(flow.inVenue).toBe(Math.max(0, flow.inCount - flow.outCount));
    expect(flow.inCount).toBe(flow.hours.reduce((n, h) => n + h.in, 0));
    expect((await other.call(gate.passFlow, { query: { venueId } })).body).toMatchObject({ code: -1100, msg: '场馆不存在' });
    const fitness = (await admin.call(gate.gateAll)).body.data.find((g) => g.gateName === '健身馆闸机')!.venueId;
    const notTheirs = await cashier.call(gate.passFlow, { query: { venueId: fitness } });
    expect([notTheirs.status, notTheirs.body.code]).toEqual([403, 510]);
  });

  it('upgrades a database where two tenants share a serial number: the first keeps it, a later one is disabled and must be given its own', async () => {
    const db = server.db;
    // The database as it was before migration 2026-11-26-2902, holding what that allowed.
    await db.schema.dropIndex('gate_controller_serial_once').execute();
    await db.schema.createIndex('gate_controller_serial_idx').on('gate_controller').column('serial_no').execute();
    await sql`delete from kysely_migration where name = ${'2026-11-26-2902-gate-controller-serial-once'}`.execute(db);
    const copy = {
      name: '冒用的控制器',
      address: '10.0.0.9',
      port: 60000,
      broadcast: 'F' as const,
      timeout_ms: 1000,
      retries: 1,
      open_delay: 3,
      state: 'A' as const,
      created_at: new Date().toISOString(),
    };
    const { id } = await db
      .insertInto('gate_controller')
      .values({ ...copy, tenant_id: 2, serial_no: DEMO_GATES.swim, remark: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: second } = await db
      .insertInto('gate_controller')
      .values({ ...copy, tenant_id: 1, serial_no: 523000001, remark: '前台' })
      .returning('id')
      .executeTakeFirstOrThrow();

    await migrateToLatest(server.database.db);

    const rows = await db
      .selectFrom('gate_controller')
      .select(['id', 'tenant_id', 'serial_no', 'state', 'remark'])
      .where('id', 'in', [id, second])
      .orderBy('id')
      .execute();
    const note = (serial: number) => `序列号 ${serial} 已被其他控制器使用，已停用：请填写本控制器的正确序列号`;
    expect(rows.map((r) => [r.tenant_id, Number(r.serial_no), r.state, r.remark])).toEqual([
      [2, DEMO_GATES.swim + 2 ** 32 * id, 'S', note(DEMO_GATES.swim)],
      [1, 523000001 + 2 ** 32 * second, 'S', `${note(523000001)}；前台`],
    ]);
    // The first holders keep theirs.
    expect((await controllerBySerial(admin, DEMO_GATES.swim)).state).toBe('A');
    expect((await controllerBySerial(other, 523000001)).state).toBe('A');
    // The database refuses a second holder from now on, whatever the service checked.
    await expect(db.updateTable('gate_controller').set({ serial_no: DEMO_GATES.swim }).where('id', '=', id).execute()).rejects.toThrow();
  });
});
