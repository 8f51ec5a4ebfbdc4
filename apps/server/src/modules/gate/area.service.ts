import type { BodyOut, gate, QueryOut } from '@venue/contract';
import { iso, type Clock } from '../../lib/clock.ts';
import { alreadyExists, isUniqueViolation, notFound, refuse } from '../../lib/errors.ts';
import { mapPage, pageWindow } from '../../lib/paging.ts';
import type { AuditActor, AuditService } from '../audit/index.ts';
import type { AreaRepository } from './area.repository.ts';

type Row = { id: number; name: string; sort: number; remark: string; gate_count: number | string | bigint | null };
const toArea = (r: Row) => ({ areaId: r.id, areaName: r.name, sort: r.sort, remark: r.remark, gateCount: Number(r.gate_count ?? 0) });
export const AREA_MISSING = '区域不存在';

/** 区域管理: the areas gates are grouped by in the remote-control dialog. */
export class AreaService {
  constructor(
    private readonly repo: AreaRepository,
    private readonly clock: Clock,
    private readonly audit: AuditService,
  ) {}

  async page(tenantId: number, q: QueryOut<typeof gate.areaQuery>) {
    return mapPage(await this.repo.page(tenantId, q.areaName || undefined, pageWindow(q)), toArea);
  }

  async all(tenantId: number) {
    return (await this.repo.all(tenantId)).map(toArea);
  }

  async get(tenantId: number, id: number) {
    const row = await this.repo.find(tenantId, id);
    if (!row) throw notFound(AREA_MISSING);
    return toArea(row);
  }

  async save(who: AuditActor, id: number | null, b: BodyOut<typeof gate.areaAdd>) {
    const { tenantId } = who;
    const before = id === null ? null : await this.get(tenantId, id);
    const values = { name: b.areaName, sort: b.sort, remark: b.remark ?? '' };
    try {
      if (id === null) id = await this.repo.insert(tenantId, values, iso(this.clock.now()));
      else await this.repo.update(tenantId, id, values);
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadyExists(`区域「${b.areaName}」已存在`);
      throw error;
    }
    const after = await this.get(tenantId, id);
    await this.audit.recordNow(who, { action: before ? 'gateArea.edit' : 'gateArea.add', target: `闸机区域 ${after.areaName}`, before, after });
    return after;
  }

  async remove(who: AuditActor, id: number) {
    const area = await this.get(who.tenantId, id);
    if (!(await this.repo.deleteEmpty(who.tenantId, id))) throw refuse(`区域「${area.areaName}」下还有闸机，不能删除`);
    await this.audit.recordNow(who, { action: 'gateArea.delete', target: `闸机区域 ${area.areaName}`, before: area });
    return null;
  }
}
