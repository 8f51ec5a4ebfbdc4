import { Code, type BodyOut, type goods, type QueryOut } from '@venue/contract';
import type { Selectable } from 'kysely';
import type { WarehouseTable } from '../../db/tables.ts';
import { BizError, notFound } from '../../lib/errors.ts';
import { pageWindow } from '../../lib/paging.ts';
import type { AuditActor, AuditService } from '../audit/index.ts';
import type { VenueService } from '../venue/venue.service.ts';
import type { WarehouseFilter, WarehouseRepository } from './warehouse.repository.ts';

type Fields = BodyOut<typeof goods.warehouseAdd>;
type Row = Pick<Selectable<WarehouseTable>, 'id' | 'name' | 'state' | 'remark'>;
const MISSING = '仓库不存在';

export class WarehouseService {
  constructor(
    private readonly repo: WarehouseRepository,
    private readonly venues: VenueService,
    private readonly audit: AuditService,
  ) {}

  private async withVenues(tenantId: number, rows: Row[]) {
    const links = await this.repo.venuesOf(
      tenantId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => {
      const mine = links.filter((l) => l.warehouse_id === r.id);
      return {
        warehouseId: r.id,
        warehouseName: r.name,
        state: r.state,
        remark: r.remark,
        venueIds: mine.map((l) => l.venue_id),
        venueNames: mine.map((l) => l.venue_name),
      };
    });
  }

  async page(tenantId: number, q: QueryOut<typeof goods.warehouseQuery>) {
    const { total, records } = await this.repo.page(
      tenantId,
      { name: q.warehouseName, state: q.state, venueIds: q.venueId ? [q.venueId] : undefined },
      pageWindow(q),
    );
    return { total, records: await this.withVenues(tenantId, records) };
  }

  async list(tenantId: number, f: WarehouseFilter) {
    return this.withVenues(tenantId, await this.repo.list(tenantId, f));
  }

  async get(tenantId: number, id: number) {
    const row = await this.repo.find(tenantId, id);
    if (!row) throw notFound(MISSING);
    return (await this.withVenues(tenantId, [row]))[0];
  }

  async save(who: AuditActor, id: number | null, f: Fields) {
    const { tenantId } = who;
    const before = id === null ? null : await this.get(tenantId, id);
    const venueIds = [...new Set(f.venueIds)];
    if (!(await this.venues.allOfTenant(tenantId, venueIds))) throw new BizError(Code.NOT_EXISTENT, '所选场馆不存在');
    const saved = await this.repo.save(tenantId, id, { name: f.warehouseName, state: f.state, remark: f.remark ?? '' }, venueIds);
    const after = await this.get(tenantId, saved);
    const action = before ? 'warehouse.edit' : 'warehouse.add';
    await this.audit.recordNow(who, { action, target: `仓库 ${after.warehouseName}`, before, after });
    return after;
  }
}
