import type { BodyOut, goods, QueryOut } from '@venue/contract';
import type { Selectable } from 'kysely';
import type { GoodsClassificationTable } from '../../db/tables.ts';
import { alreadyExists, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { AuditActor, AuditService } from '../audit/index.ts';
import type { CatalogVersionRepository } from './catalog-version.repository.ts';
import type { ClassificationRepository } from './classification.repository.ts';

type Fields = BodyOut<typeof goods.classificationAdd>;
const NAME_TAKEN = '该商品分类名称已存在';
const MISSING = '商品分类不存在';
/** Two saves of one name at once: the unique index refuses the second; answer as the check does. */
const nameTakenOnRace = (error: unknown): never => {
  throw isUniqueViolation(error) ? alreadyExists(NAME_TAKEN) : error;
};

const toClassification = (r: Pick<Selectable<GoodsClassificationTable>, 'id' | 'name' | 'state' | 'sort'>) => ({
  classificationId: r.id,
  classificationName: r.name,
  state: r.state,
  sort: r.sort,
});

export class ClassificationService {
  constructor(
    private readonly repo: ClassificationRepository,
    private readonly catalog: CatalogVersionRepository,
    private readonly audit: AuditService,
  ) {}

  async list(tenantId: number, q: QueryOut<typeof goods.classificationAll>) {
    return (await this.repo.list(tenantId, { state: q.state, name: q.classificationName })).map(toClassification);
  }

  async withGoodsCount(tenantId: number) {
    return (await this.repo.withGoodsCount(tenantId)).map((r) => ({ ...toClassification(r), goodsCount: Number(r.goods_count) }));
  }

  async get(tenantId: number, id: number) {
    const row = await this.repo.find(tenantId, id);
    if (!row) throw notFound(MISSING);
    return toClassification(row);
  }

  async add(who: AuditActor, f: Fields) {
    const { tenantId } = who;
    if (await this.repo.findByName(tenantId, f.classificationName)) throw alreadyExists(NAME_TAKEN);
    const id = await this.repo.insert(tenantId, { name: f.classificationName, state: f.state, sort: f.sort }).catch(nameTakenOnRace);
    await this.catalog.bump(tenantId);
    const after = await this.get(tenantId, id);
    await this.audit.recordNow(who, { action: 'goodsClass.add', target: `商品分类 ${after.classificationName}`, after });
    return after;
  }

  async edit(who: AuditActor, id: number, f: Fields) {
    const { tenantId } = who;
    const before = await this.get(tenantId, id);
    const same = await this.repo.findByName(tenantId, f.classificationName);
    if (same && same.id !== id) throw alreadyExists(NAME_TAKEN);
    await this.repo.update(tenantId, id, { name: f.classificationName, state: f.state, sort: f.sort }).catch(nameTakenOnRace);
    await this.catalog.bump(tenantId);
    const after = await this.get(tenantId, id);
    await this.audit.recordNow(who, { action: 'goodsClass.edit', target: `商品分类 ${after.classificationName}`, before, after });
    return after;
  }

  /** For goods: the class must be the tenant's. */
  async mustExist(tenantId: number, id: number) {
    await this.get(tenantId, id);
  }
}
