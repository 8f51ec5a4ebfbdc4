import { Code } from '@venue/contract';
import { BizError, notFound } from '../../lib/errors.ts';
import { pageWindow } from '../../lib/paging.ts';
import type { WarehouseFilter, WarehouseRepository } from './warehouse.repository.ts';

type Fields = { warehouseName: string; state: 'A' | 'S'; venueIds: number[]; remark?: string };
type Row = { id: number; name: string; state: string; remark: string };
const MISSING = '仓库不存在';

export class WarehouseService {
  constructor(private readonly repo: WarehouseRepository) {}

  private async withVenues(tenantId: number, rows: Row[]) {
    const links = await this.repo.venuesOf(tenantId, rows.map((r) => r.id));
    return rows.map((r) => {
      const mine = links.filter((l) => l.warehouse_id === r.id);
      return {
        warehouseId: r.id, warehouseName: r.name, state: r.state, remark: r.remark,
        venueIds: mine.map((l) => l.venue_id), venueNames: mine.map((l) => l.venue_name),
      };
    });
  }

  async page(tenantId: number, q: { current: number; size: number; warehouseName?: string; state?: string; venueId?: number }) {
    const { offset, limit } = pageWindow(q);
    const { total, rows } = await this.repo.page(tenantId, { name: q.warehouseName, state: q.state, venueIds: q.venueId ? [q.venueId] : undefined }, offset, limit);
    return { total: Number(total), records: await this.withVenues(tenantId, rows) };
  }

  async list(tenantId: number, f: WarehouseFilter) {
    return this.withVenues(tenantId, await this.repo.list(tenantId, f));
  }

  async get(tenantId: number, id: number) {
    const row = await this.repo.find(tenantId, id);
    if (!row) throw notFound(MISSING);
    return (await this.withVenues(tenantId, [row]))[0];
  }

  async save(tenantId: number, id: number | null, f: Fields) {
    if (id !== null) await this.get(tenantId, id);
    const venueIds = [...new Set(f.venueIds)];
    if ((await this.repo.countTenantVenues(tenantId, venueIds)) !== venueIds.length) throw new BizError(Code.NOT_EXISTENT, '所选场馆不存在');
    const saved = await this.repo.save(tenantId, id, { name: f.warehouseName, state: f.state, remark: f.remark ?? '' }, venueIds);
    return this.get(tenantId, saved);
  }
}
