import { venue, type BodyOut, type QueryOut, chinaDate } from '@venue/contract';
import { iso, type Clock } from '../../lib/clock.ts';
import { alreadyExists, notFound, refuse } from '../../lib/errors.ts';
import { mapPage, pageWindow } from '../../lib/paging.ts';
import { assertVenue, inUserVenues, type UserSession } from '../../plugins/session.ts';
import type { AuditService } from '../audit/index.ts';
import type { VenueAdminRepository } from './venue-admin.repository.ts';
import { toCenter, toClosure, toItem, toVenue } from './venue-rows.ts';

export const VENUE_MISSING = '场馆不存在';
const CENTER_MISSING = '中心不存在';

/** 场馆管理: centers, venues, the settings of a venue's sports items and its closures. */
export class VenueAdminService {
  constructor(
    private readonly repo: VenueAdminRepository,
    private readonly clock: Clock,
    private readonly audit: AuditService,
  ) {}

  async centers(tenantId: number) {
    return (await this.repo.centers(tenantId)).map(toCenter);
  }

  async saveCenter(session: UserSession, id: number | null, b: BodyOut<typeof venue.centerAdd>) {
    const tenantId = session.tenantId;
    const before = id === null ? undefined : (await this.centers(tenantId)).find((c) => c.centerId === id);
    if (id !== null && !before) throw notFound(CENTER_MISSING);
    if (await this.repo.centerNameTaken(tenantId, b.centerName, id)) throw alreadyExists(`中心「${b.centerName}」已存在`);
    const values = { name: b.centerName, state: b.state, sort: b.sort };
    const saved = await this.repo.transaction(async (repo, trx) => {
      const centerId = id ?? (await repo.insertCenter(tenantId, values));
      if (id !== null) await repo.updateCenter(tenantId, id, values);
      await this.audit.record(trx, session, { action: 'venue.center', target: `中心 ${centerId}`, before, after: b });
      return centerId;
    });
    return (await this.centers(tenantId)).find((c) => c.centerId === saved)!;
  }

  async page(session: UserSession, q: QueryOut<typeof venue.venueAll>) {
    const filter = { blurry: q.blurry || undefined, centerId: q.centerId, state: q.state, scope: inUserVenues(session, 'v.id') };
    return mapPage(await this.repo.pageVenues(session.tenantId, filter, pageWindow(q)), toVenue);
  }

  /** The venue as a row of the list; refuses a venue of another tenant or outside the caller's venues. */
  async get(session: UserSession, id: number) {
    const row = await this.repo.findVenue(session.tenantId, id);
    if (!row) throw notFound(VENUE_MISSING);
    assertVenue(session, id);
    return toVenue(row);
  }

  async detail(session: UserSession, id: number) {
    const row = await this.get(session, id);
    const [items, closures] = await Promise.all([this.repo.items(session.tenantId, [id], false), this.repo.closures(session.tenantId, id)]);
    return { ...row, items: items.map(toItem), closures: closures.map(toClosure) };
  }

  async save(session: UserSession, id: number | null, b: BodyOut<typeof venue.venueAdd>) {
    const tenantId = session.tenantId;
    if (id !== null) await this.get(session, id);
    if (b.closeTime <= b.openTime) throw refuse(venue.HOURS_ORDER);
    if (!(await this.repo.findCenter(tenantId, b.centerId))) throw notFound(CENTER_MISSING);
    if (await this.repo.venueNameTaken(tenantId, b.centerId, b.venueName, id)) throw alreadyExists(`该中心已有场馆「${b.venueName}」`);
    const values = {
      center_id: b.centerId,
      name: b.venueName,
      address: b.address,
      phone: b.phone,
      open_time: b.openTime,
      close_time: b.closeTime,
      state: b.state,
      sort: b.sort,
      remark: b.remark ?? '',
      ...(b.boardPublic && { board_public: b.boardPublic }),
    };
    const before = id === null ? undefined : await this.get(session, id);
    const saved = await this.repo.transaction(async (repo, trx) => {
      const venueId = id ?? (await repo.insertVenue(tenantId, values, iso(this.clock.now())));
      if (id !== null) await repo.updateVenue(tenantId, id, values);
      const action = id === null ? 'venue.add' : 'venue.edit';
      await this.audit.record(trx, session, { action, target: `场馆 ${venueId}`, venueId, before, after: b });
      return venueId;
    });
    return this.get(session, saved);
  }

  async setState(session: UserSession, id: number, state: 'A' | 'S') {
    const before = await this.get(session, id);
    await this.repo.transaction(async (repo, trx) => {
      await repo.updateVenue(session.tenantId, id, { state });
      await this.audit.record(trx, session, { action: 'venue.state', target: `场馆 ${id}`, venueId: id, before: { state: before.state }, after: { state } });
    });
    return this.get(session, id);
  }

  async itemSettings(session: UserSession, venueId: number) {
    await this.get(session, venueId);
    return (await this.repo.items(session.tenantId, [venueId], false)).map(toItem);
  }

  /** Adds or changes one sports item of the venue; an item named anew joins the tenant's sports items. */
  async editItem(session: UserSession, b: BodyOut<typeof venue.editVenueItem>) {
    const tenantId = session.tenantId;
    await this.get(session, b.venueId);
    let item = await this.repo.findSportItem(tenantId, b.itemId !== undefined ? { id: b.itemId } : { name: b.itemName });
    if (b.itemId !== undefined && !item) throw notFound('运动项目不存在');
    if (item && item.name !== b.itemName) {
      // Renaming an item renames it in every venue of the tenant; a name another item has is refused.
      const other = await this.repo.findSportItem(tenantId, { name: b.itemName });
      if (other) throw alreadyExists(`运动项目「${b.itemName}」已存在`);
      await this.repo.renameSportItem(tenantId, item.id, b.itemName);
      item = { ...item, name: b.itemName };
    }
    const settings = { sale_mode: b.saleMode, capacity: b.capacity, pass_mode: b.passMode, state: b.state, sort: b.sort };
    const before = (await this.repo.items(tenantId, [b.venueId], false)).find((i) => i.item_id === item?.id);
    await this.repo.transaction(async (repo, trx) => {
      const itemId = await repo.saveVenueItem(tenantId, b.venueId, { id: item?.id, name: b.itemName }, settings);
      const target = `场馆 ${b.venueId} 项目 ${itemId}`;
      await this.audit.record(trx, session, { action: 'venue.item', target, venueId: b.venueId, before: before && toItem(before), after: b });
    });
    return this.itemSettings(session, b.venueId);
  }

  /** Replaces the venue's closures; an item named must be one the venue offers. */
  async editClosures(session: UserSession, b: BodyOut<typeof venue.editCloseInfo>) {
    const tenantId = session.tenantId;
    await this.get(session, b.venueId);
    const offered = new Set((await this.repo.items(tenantId, [b.venueId], false)).map((i) => i.item_id));
    for (const c of b.closures) {
      if (c.endDate < c.startDate) throw refuse(`${c.startDate}：${venue.CLOSURE_ORDER}`);
      if (c.itemId !== null && !offered.has(c.itemId)) throw refuse('闭馆项目不是该场馆的运动项目');
    }
    const rows = b.closures.map((c) => ({ item_id: c.itemId, start_date: c.startDate, end_date: c.endDate, reason: c.reason }));
    const before = (await this.repo.closures(tenantId, b.venueId)).map(toClosure);
    await this.repo.transaction(async (repo, trx) => {
      await repo.replaceClosures(tenantId, b.venueId, rows, iso(this.clock.now()));
      await this.audit.record(trx, session, { action: 'venue.close', target: `场馆 ${b.venueId}`, venueId: b.venueId, before, after: b.closures });
    });
    return (await this.repo.closures(tenantId, b.venueId)).map(toClosure);
  }

  /** Today in Asia/Shanghai, "YYYY-MM-DD". */
  today() {
    return chinaDate(this.clock.now());
  }
}
