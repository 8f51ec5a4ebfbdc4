import { expect, it } from 'vitest';
import { audit, auth, system, venue } from '@venue/contract';
import { AuditRepository } from '../src/modules/audit/audit.repository.ts';
import { AuditService } from '../src/modules/audit/audit.service.ts';
import { VenueAdminRepository } from '../src/modules/venue/venue-admin.repository.ts';
import { VenueRepository } from '../src/modules/venue/venue.repository.ts';
import { VenueService } from '../src/modules/venue/venue.service.ts';
import { describeEachEngine } from './harness.ts';

const day = (offsetDays: number) => new Date(Date.now() + 8 * 3600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** Issue 15 B1: centers, venues, their sports items with settings, closures, and what other modules ask of them. */
describeEachEngine('venue administration on %s', (server) => {
  const { admin, cashier, other } = server;
  const services = () =>
    new VenueService(
      new VenueRepository(server.db),
      new VenueAdminRepository(server.db),
      server.clock,
      new AuditService(new AuditRepository(server.db), server.clock),
    );

  it('adds a center and a venue in it; names once per tenant (center) and center (venue); hours in order', async () => {
    const center = (await admin.call(venue.centerAdd, { body: { centerName: '城北体育中心', sort: 3 } })).body.data;
    expect(center).toMatchObject({ centerName: '城北体育中心', state: 'A', sort: 3, venueCount: 0 });
    expect((await admin.call(venue.centerAdd, { body: { centerName: '城北体育中心' } })).body).toMatchObject({
      code: -1000,
      msg: '中心「城北体育中心」已存在',
    });
    const body = { venueName: '城北综合馆', centerId: center.centerId, address: '城北路 1 号', phone: '0571-88000009', openTime: '09:00', closeTime: '21:30' };
    const added = (await admin.call(venue.venueAdd, { body })).body.data;
    expect(added).toMatchObject({ venueName: '城北综合馆', centerName: '城北体育中心', openTime: '09:00', closeTime: '21:30', state: 'A', itemCount: 0 });
    expect((await admin.call(venue.venueAdd, { body })).body).toMatchObject({ code: -1000, msg: '该中心已有场馆「城北综合馆」' });
    const late = await admin.call(venue.venueAdd, { body: { ...body, venueName: '夜场馆', openTime: '22:00', closeTime: '08:00' } });
    expect(late.body).toMatchObject({ code: -9000, msg: '闭馆时间必须晚于开馆时间' });
    const badPhone = await admin.call('POST', venue.venueAdd.path, { body: { ...body, venueName: '电话馆', phone: '12345' } });
    expect([badPhone.status, badPhone.body.msg]).toEqual([400, '请输入正确的电话号码或者固话号码']);
    const badTime = await admin.call('POST', venue.venueAdd.path, { body: { ...body, venueName: '时间馆', openTime: '25:00' } });
    expect([badTime.status, badTime.body.msg]).toEqual([400, '开馆时间格式应为HH:mm']);
    const elsewhere = await other.call(venue.venueAdd, { body: { ...body, venueName: '越界馆' } });
    expect(elsewhere.body).toMatchObject({ code: -1100, msg: '中心不存在' });

    const page = (await admin.call(venue.venueAll, { query: { centerId: center.centerId } })).body.data;
    expect(page).toMatchObject({ total: 1, records: [{ venueName: '城北综合馆' }] });
    expect((await admin.call(venue.venueAll, { query: { blurry: '城东' } })).body.data.total).toBe(2);
    expect((await other.call(venue.venueAll)).body.data.records.map((v) => v.venueName)).toEqual(['星河综合馆']);
    const centers = (await admin.call(venue.centerAll)).body.data;
    expect(centers.find((c) => c.centerId === center.centerId)?.venueCount).toBe(1);
    const moved = (await admin.call(venue.centerEdit, { body: { centerId: center.centerId, centerName: '城北中心', state: 'A', sort: 3 } })).body.data;
    expect(moved.centerName).toBe('城北中心');
  });

  it('disables and enables a venue: a disabled venue leaves the users’ venue lists', async () => {
    const city = (await admin.call(venue.venueAll, { query: { blurry: '城北综合馆' } })).body.data.records[0];
    const stopped = (await admin.call(venue.venueSetState, { body: { venueId: city.venueId, state: 'S' } })).body.data;
    expect(stopped.state).toBe('S');
    const tree = (await admin.call(system.enableVenueInfo)).body.data.flatMap((c) => c.venues.map((v) => v.venueName));
    expect(tree).not.toContain('城北综合馆');
    await admin.call(venue.venueSetState, { body: { venueId: city.venueId, state: 'A' } });
    const edited = await admin.call(venue.venueEdit, { body: { venueId: city.venueId, venueName: '城北综合馆', centerId: city.centerId, remark: '新馆' } });
    expect(edited.body.data).toMatchObject({ remark: '新馆', openTime: '08:00', closeTime: '22:00' });
    expect((await other.call(venue.venueSetState, { body: { venueId: city.venueId, state: 'S' } })).body).toMatchObject({ code: -1100, msg: '场馆不存在' });
  });

  it('keeps the sports items of a venue with their settings; a venue without items warns where one is needed', async () => {
    const city = (await admin.call(venue.venueAll, { query: { blurry: '城北综合馆' } })).body.data.records[0];
    const none = await admin.call(venue.venueItemSettings, { query: { venueId: city.venueId, itemId: 1 } });
    expect(none.body).toMatchObject({ code: -9000, msg: '当前场馆未设置项目，请先前往设置' });
    await expect(services().requireItems(1, city.venueId)).rejects.toThrow('当前场馆未设置项目，请先前往设置');

    const items = (await admin.call(venue.editVenueItem, { body: { venueId: city.venueId, itemName: '壁球', saleMode: 'C', capacity: 40, passMode: 'M' } }))
      .body.data;
    expect(items).toMatchObject([{ itemName: '壁球', saleMode: 'C', capacity: 40, passMode: 'M', state: 'A' }]);
    // An item the tenant has already (by name) is linked, not created twice.
    const badminton = (await admin.call(system.sportItems)).body.data.find((i) => i.itemName === '羽毛球')!;
    const two = (
      await admin.call(venue.editVenueItem, { body: { venueId: city.venueId, itemName: '羽毛球', saleMode: 'F', capacity: 0, passMode: 'S', sort: 1 } })
    ).body.data;
    expect(two.map((i) => [i.itemId, i.itemName])).toEqual([
      [items[0].itemId, '壁球'],
      [badminton.itemId, '羽毛球'],
    ]);
    const changed = (
      await admin.call(venue.editVenueItem, {
        body: { venueId: city.venueId, itemId: items[0].itemId, itemName: '壁球', saleMode: 'F', capacity: 12, passMode: 'S', state: 'S' },
      })
    ).body.data;
    expect(changed.find((i) => i.itemName === '壁球')).toMatchObject({ saleMode: 'F', capacity: 12, state: 'S' });
    const rename = await admin.call(venue.editVenueItem, {
      body: { venueId: city.venueId, itemId: items[0].itemId, itemName: '羽毛球', saleMode: 'F', capacity: 12, passMode: 'S' },
    });
    expect(rename.body).toMatchObject({ code: -1000, msg: '运动项目「羽毛球」已存在' });

    expect((await admin.call(venue.itemSettingsByVenue, { query: { venueId: city.venueId } })).body.data).toHaveLength(2);
    const settings = (await admin.call(venue.venueItemSettings, { query: { venueId: city.venueId, itemId: badminton.itemId } })).body.data;
    expect(settings).toMatchObject({ itemName: '羽毛球', saleMode: 'F', passMode: 'S', closures: [] });
    const disabled = await admin.call(venue.venueItemSettings, { query: { venueId: city.venueId, itemId: items[0].itemId } });
    expect(disabled.body).toMatchObject({ code: -9000, msg: '该场馆未开设此运动项目' });

    const withItems = (await admin.call(venue.allVenueWithSportItems)).body.data.find((v) => v.venueId === city.venueId)!;
    expect(withItems.items.map((i) => i.itemName)).toEqual(['羽毛球']);
    const cashierVenues = (await cashier.call(venue.allVenueWithSportItems)).body.data.map((v) => v.venueName);
    expect(cashierVenues).toEqual(['城东羽毛球馆', '城东游泳馆']);
    expect((await other.call(venue.editVenueItem, { body: { venueId: city.venueId, itemName: '越界', saleMode: 'F', passMode: 'S' } })).body.code).toBe(-1100);
  });

  it('keeps closures: whole venue or one item, days in order; other modules ask whether a day is closed', async () => {
    const city = (await admin.call(venue.venueAll, { query: { blurry: '城北综合馆' } })).body.data.records[0];
    const badminton = (await admin.call(venue.itemSettingsByVenue, { query: { venueId: city.venueId } })).body.data.find((i) => i.itemName === '羽毛球')!;
    const closures = [
      { startDate: day(1), endDate: day(2), reason: '设备检修' },
      { itemId: badminton.itemId, startDate: day(5), endDate: day(5), reason: '比赛包场' },
    ];
    const saved = (await admin.call(venue.editCloseInfo, { body: { venueId: city.venueId, closures } })).body.data;
    expect(saved).toMatchObject([
      { itemId: null, itemName: null, reason: '设备检修' },
      { itemId: badminton.itemId, itemName: '羽毛球', reason: '比赛包场' },
    ]);
    const reversed = await admin.call(venue.editCloseInfo, {
      body: { venueId: city.venueId, closures: [{ startDate: day(3), endDate: day(2), reason: '反了' }] },
    });
    expect(reversed.body).toMatchObject({ code: -9000, msg: `${day(3)}：结束日期不能早于开始日期` });
    const notOffered = await admin.call(venue.editCloseInfo, {
      body: { venueId: city.venueId, closures: [{ itemId: 999, startDate: day(3), endDate: day(3), reason: '无' }] },
    });
    expect(notOffered.body).toMatchObject({ code: -9000, msg: '闭馆项目不是该场馆的运动项目' });
    const badDay = await admin.call('POST', venue.editCloseInfo.path, {
      body: { venueId: city.venueId, closures: [{ startDate: '2026-02-30', endDate: '2026-03-01', reason: 'x' }] },
    });
    expect([badDay.status, badDay.body.msg]).toEqual([400, '开始日期不是有效日期']);
    expect((await admin.call(venue.venueGet, { params: { id: city.venueId } })).body.data.closures).toHaveLength(2);

    const venues = services();
    expect(await venues.closureOn(1, city.venueId, day(0))).toBeNull();
    expect(await venues.closureOn(1, city.venueId, day(2))).toMatchObject({ itemId: null, reason: '设备检修' });
    expect(await venues.closureOn(1, city.venueId, day(5))).toBeNull();
    expect(await venues.closureOn(1, city.venueId, day(5), badminton.itemId)).toMatchObject({ reason: '比赛包场' });
    await expect(venues.assertOpen(1, city.venueId, day(1))).rejects.toThrow(`场馆${day(1)}至${day(2)}闭馆：设备检修`);
    expect(await venues.closureOn(2, city.venueId, day(2))).toBeNull();
    const settings = (await admin.call(venue.venueItemSettings, { query: { venueId: city.venueId, itemId: badminton.itemId } })).body.data;
    expect(settings.closures.map((c) => c.reason)).toEqual(['设备检修', '比赛包场']);

    expect((await admin.call(venue.editCloseInfo, { body: { venueId: city.venueId, closures: [] } })).body.data).toEqual([]);
    expect(await venues.closureOn(1, city.venueId, day(2))).toBeNull();
  });

  it('records each administration change once in 操作日志, with before and after', async () => {
    const city = (await admin.call(venue.venueAll, { query: { blurry: '城北综合馆' } })).body.data.records[0];
    const log = async (action: string) => (await admin.call(audit.auditQuery, { query: { action: action as never, size: 50 } })).body.data.records;
    expect((await log('venue.add')).filter((e) => e.target === `场馆 ${city.venueId}`)).toHaveLength(1);
    expect((await log('venue.state')).filter((e) => e.target === `场馆 ${city.venueId}`).map((e) => e.after)).toEqual(['{"state":"A"}', '{"state":"S"}']);
    expect(await log('venue.item')).toHaveLength(3);
    const closes = await log('venue.close');
    expect(closes).toHaveLength(2);
    expect(closes[0]).toMatchObject({ venueId: city.venueId, username: 'admin', after: '[]' });
    expect(closes[0].before).toContain('设备检修');
    expect((await log('venue.center')).map((e) => e.target)).toHaveLength(2);
  });

  it('keeps a user with permission to the venues they work in; a cashier has no venue administration', async () => {
    expect((await cashier.call('GET', venue.venueAll.path)).status).toBe(403);
    expect((await cashier.call('POST', venue.editCloseInfo.path, { body: { venueId: 1, closures: [] } })).status).toBe(403);
    expect((await cashier.call(venue.venueItemSettings, { query: { venueId: 3, itemId: 1 } })).status).toBe(403);
    expect((await other.call('GET', 'system/venue/1')).body).toMatchObject({ code: -1100, msg: '场馆不存在' });
  });
  it('sets 公开看板 in the venue form: the boards of a new venue open without a login once it is on, and close when off', async () => {
    const center = (await admin.call(venue.centerAdd, { body: { centerName: '看板中心' } })).body.data;
    const body = { venueName: '看板馆', centerId: center.centerId, openTime: '08:00', closeTime: '22:00' };
    const added = (await admin.call(venue.venueAdd, { body })).body.data;
    expect(added.boardPublic).toBe('F');
    const token = () => server.api.call(auth.getAnonymous, { body: { venueId: added.venueId } });
    expect((await token()).body.code).not.toBe(200);
    const on = await admin.call(venue.venueEdit, { body: { ...body, venueId: added.venueId, boardPublic: 'T' } });
    expect(on.body.data.boardPublic).toBe('T');
    expect((await token()).body).toMatchObject({ code: 200, data: { venueId: added.venueId } });
    // An edit that leaves the switch out keeps it.
    expect((await admin.call(venue.venueEdit, { body: { ...body, venueId: added.venueId, remark: '改备注' } })).body.data.boardPublic).toBe('T');
    expect((await admin.call(venue.venueEdit, { body: { ...body, venueId: added.venueId, boardPublic: 'F' } })).body.data.boardPublic).toBe('F');
    expect((await token()).body.code).not.toBe(200);
    const bad = await admin.call('PUT', venue.venueEdit.path, { body: { ...body, venueId: added.venueId, boardPublic: 'Y' } });
    expect([bad.status, bad.body.msg]).toEqual([400, '公开看板应为T或F']);
  });
});
