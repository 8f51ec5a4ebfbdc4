import { Code, yuanToFen, type BodyOut, type goods, type QueryOut, Msg } from '@venue/contract';
import { iso, type Clock } from '../../lib/clock.ts';
import { BizError, notFound } from '../../lib/errors.ts';
import { mapPage, pageWindow } from '../../lib/paging.ts';
import type { AuditActor, AuditService } from '../audit/index.ts';
import type { ArchiveRepository, GoodsFilter } from './archive.repository.ts';
import type { CatalogVersionRepository } from './catalog-version.repository.ts';
import type { ClassificationService } from './classification.service.ts';
import { toGoods, type Row } from './goods.mapper.ts';
import { SaleList, type SaleListQuery } from './sale-list.ts';

export { toGoods };
type Fields = BodyOut<typeof goods.goodsAdd>;
const MISSING = Msg.goodsNotFound;

export class ArchiveService {
  private readonly saleList: SaleList;

  constructor(
    private readonly repo: ArchiveRepository,
    private readonly classes: ClassificationService,
    private readonly catalog: CatalogVersionRepository,
    private readonly clock: Clock,
    private readonly audit: AuditService,
  ) {
    this.saleList = new SaleList(repo, catalog, clock);
  }

  async page(tenantId: number, q: QueryOut<typeof goods.goodsQuery>) {
    const filter: GoodsFilter = { name: q.goodsName, keyword: q.goodsQuery, classificationId: q.classificationId, state: q.state, isOnSale: q.isOnSale };
    return mapPage(await this.repo.page(tenantId, filter, pageWindow(q)), (r) => toGoods(r as Row));
  }

  async get(tenantId: number, id: number) {
    const row = await this.repo.find(tenantId, id);
    if (!row) throw notFound(MISSING);
    return toGoods(row as Row);
  }

  async enabled(tenantId: number) {
    return (await this.repo.enabled(tenantId)).map((r) => toGoods(r as Row));
  }

  private async values(tenantId: number, id: number | null, f: Fields) {
    await this.classes.mustExist(tenantId, f.classificationId);
    if (f.itemId && !(await this.repo.sportItemExists(tenantId, f.itemId))) throw new BizError(Code.NOT_EXISTENT, '运动项目不存在');
    const barcode = f.barcode?.trim() || null;
    if (barcode && (await this.repo.barcodeTaken(tenantId, barcode, id))) throw new BizError(Code.EXISTS, '该条码已被其他商品使用');
    return {
      name: f.goodsName,
      specs: f.specs ?? '',
      picture: f.picture ?? null,
      unit: f.unit,
      price_fen: yuanToFen(f.price),
      barcode,
      shorthand: (f.shorthand ?? '').toLowerCase(),
      classification_id: f.classificationId,
      item_id: f.itemId ?? null,
      is_on_sale: f.isOnSale ?? '1',
      state: f.state ?? 'A',
    };
  }

  async add(who: AuditActor, f: Fields) {
    const id = await this.repo.insert(who.tenantId, await this.values(who.tenantId, null, f), iso(this.clock.now()));
    await this.catalog.bump(who.tenantId);
    const after = await this.get(who.tenantId, id);
    await this.audit.recordNow(who, { action: 'goods.add', target: `商品 ${after.goodsName}`, after });
    return after;
  }

  async edit(who: AuditActor, id: number, f: Fields) {
    const before = await this.get(who.tenantId, id);
    await this.repo.update(who.tenantId, id, await this.values(who.tenantId, id, f));
    await this.catalog.bump(who.tenantId);
    const after = await this.get(who.tenantId, id);
    await this.audit.recordNow(who, { action: 'goods.edit', target: `商品 ${after.goodsName}`, before, after });
    return after;
  }

  async setState(who: AuditActor, id: number, patch: Omit<BodyOut<typeof goods.goodsState>, 'goodsId'>) {
    const before = await this.get(who.tenantId, id);
    await this.repo.update(who.tenantId, id, { ...(patch.state && { state: patch.state }), ...(patch.isOnSale && { is_on_sale: patch.isOnSale }) });
    await this.catalog.bump(who.tenantId);
    const after = await this.get(who.tenantId, id);
    await this.audit.recordNow(who, {
      action: 'goods.state',
      target: `商品 ${after.goodsName}`,
      before: { state: before.state, isOnSale: before.isOnSale },
      after: { state: after.state, isOnSale: after.isOnSale },
    });
    return after;
  }

  /** The sale dialog's list (see SaleList): whole lists served from memory while nothing changed. */
  cachedSaleList(tenantId: number, q: SaleListQuery) {
    return this.saleList.answer(tenantId, q);
  }

  /** The sale dialog's goods as data, read now (the bench times this path). */
  allByClassification(tenantId: number, q: SaleListQuery) {
    return this.saleList.data(tenantId, q);
  }
}
