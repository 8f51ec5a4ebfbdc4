import { Code, fenToYuan, yuanToFen, type BodyOut, type goods, type QueryOut, Msg } from '@venue/contract';
import type { GoodsTable } from '../../db/tables.ts';
import { iso, addMs, DAY_MS, type Clock } from '../../lib/clock.ts';
import { BizError, notFound } from '../../lib/errors.ts';
import { mapPage, pageWindow } from '../../lib/paging.ts';
import { SizedCache } from '../../lib/byte-cache.ts';
import { RawJson } from '../../plugins/route.ts';
import type { ArchiveRepository, GoodsFilter } from './archive.repository.ts';
import type { CatalogVersionRepository } from './catalog-version.repository.ts';
import type { ClassificationService } from './classification.service.ts';

type Fields = BodyOut<typeof goods.goodsAdd>;
type SaleListQuery = QueryOut<typeof goods.allByClassification>;
type Row = GoodsTable & { id: number; classification_name: string; item_name: string | null };
const MISSING = Msg.goodsNotFound;
const HOT_SALE_DAYS = 30;
const HOT_SALE_SIZE = 8;
const HOUR_MS = 3600 * 1000;

export const toGoods = (r: Row) => ({
  goodsId: r.id,
  goodsName: r.name,
  specs: r.specs,
  picture: r.picture,
  unit: r.unit,
  price: fenToYuan(r.price_fen),
  barcode: r.barcode,
  shorthand: r.shorthand,
  classificationId: r.classification_id,
  classificationName: r.classification_name,
  itemId: r.item_id,
  itemName: r.item_name,
  isOnSale: r.is_on_sale,
  state: r.state,
});

export class ArchiveService {
  /** Serialized sale lists, keyed by their query and the catalogue fingerprint (64 MB at most). */
  private readonly saleLists = new SizedCache<RawJson>(64 * 1024 * 1024, (answer) => answer.size);
  private readonly computing = new Map<string, Promise<RawJson>>();

  constructor(
    private readonly repo: ArchiveRepository,
    private readonly classes: ClassificationService,
    private readonly catalog: CatalogVersionRepository,
    private readonly clock: Clock,
  ) {}

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

  async add(tenantId: number, f: Fields) {
    const id = await this.repo.insert(tenantId, await this.values(tenantId, null, f), iso(this.clock.now()));
    await this.catalog.bump(tenantId);
    return this.get(tenantId, id);
  }

  async edit(tenantId: number, id: number, f: Fields) {
    await this.get(tenantId, id);
    await this.repo.update(tenantId, id, await this.values(tenantId, id, f));
    await this.catalog.bump(tenantId);
    return this.get(tenantId, id);
  }

  async setState(tenantId: number, id: number, patch: Omit<BodyOut<typeof goods.goodsState>, 'goodsId'>) {
    await this.get(tenantId, id);
    await this.repo.update(tenantId, id, { ...(patch.state && { state: patch.state }), ...(patch.isOnSale && { is_on_sale: patch.isOnSale }) });
    await this.catalog.bump(tenantId);
    return this.get(tenantId, id);
  }

  /**
   * The sale dialog's list, served from the cache while neither stock nor catalogue changed (the
   * fingerprint is one indexed read); a busy venue's tills ask for the same list all day.
   */
  async cachedSaleList(tenantId: number, q: SaleListQuery) {
    const hour = Math.floor(this.clock.now().getTime() / HOUR_MS);
    const key = JSON.stringify([
      tenantId,
      [...q.warehouseIds].sort(),
      q.classificationId ?? 0,
      q.goodsQuery ?? '',
      q.isOnSale,
      hour,
      await this.catalog.fingerprint(tenantId),
    ]);
    const cached = this.saleLists.get(key);
    if (cached) return cached;
    // Right after a sale every till misses at once: they share one computation instead of running ten.
    let pending = this.computing.get(key);
    if (!pending) {
      pending = this.allByClassification(tenantId, q)
        .then((data) => {
          const answer = new RawJson(JSON.stringify(data));
          this.saleLists.set(key, answer);
          return answer;
        })
        .finally(() => this.computing.delete(key));
      this.computing.set(key, pending);
    }
    return pending;
  }

  /**
   * The sale dialog's goods: keyed by classificationId, plus `hotSale`: the 8 goods of the same list
   * with the most units sold in the last 30 days. No sales table exists yet, so "sold" is read from the
   * stock ledger's SALE movements (the cashier's sale writes one per line); empty when none.
   */
  async allByClassification(tenantId: number, q: SaleListQuery) {
    const since = iso(addMs(this.clock.now(), -HOT_SALE_DAYS * DAY_MS));
    const filter = { classificationId: q.classificationId, keyword: q.goodsQuery, isOnSale: q.isOnSale };
    const [rows, sellers] = await Promise.all([
      this.repo.saleTiles(tenantId, q.warehouseIds, filter),
      this.repo.bestSellers(tenantId, filter, since, HOT_SALE_SIZE),
    ]);
    type Tile = ReturnType<typeof toGoods> & { quantity: number };
    const answer: Record<string, Tile[]> = {};
    const byId = new Map<number, Tile>();
    for (const r of rows) {
      const tile = { ...toGoods(r as unknown as Row), quantity: Number(r.quantity) };
      byId.set(tile.goodsId, tile);
      (answer[String(tile.classificationId)] ??= []).push(tile);
    }
    answer.hotSale = sellers.map((s) => byId.get(s.goods_id)).filter((t): t is Tile => t !== undefined);
    return answer;
  }
}
