import type { goods, QueryOut } from '@venue/contract';
import { addMs, DAY_MS, iso, type Clock } from '../../lib/clock.ts';
import { SizedCache } from '../../lib/byte-cache.ts';
import { RawJson } from '../../plugins/route.ts';
import type { ArchiveRepository } from './archive.repository.ts';
import type { CatalogVersionRepository } from './catalog-version.repository.ts';
import { toGoods, type Row } from './goods.mapper.ts';

export type SaleListQuery = QueryOut<typeof goods.allByClassification>;
type CatalogRow = Awaited<ReturnType<ArchiveRepository['saleCatalog']>>[number];
type Tile = ReturnType<typeof toGoods> & { quantity: number };
type Versions = Awaited<ReturnType<CatalogVersionRepository['versions']>>;

const HOT_SALE_DAYS = 30;
const HOT_SALE_SIZE = 8;
const HOUR_MS = 3600 * 1000;
/** Up to this many goods their stock is read by id; more, and the stock of the whole warehouses is read at once. */
const STOCK_BY_ID = 500;
/** Tenants (and sale flags) whose catalogue and sales tally are kept, the newest version of each. */
const KEPT = 64;

/** A catalogue row matches a typed search by barcode prefix, name fragment or shorthand prefix, in any case. */
export function matchesSearch(keyword: string | undefined, classificationId: number | undefined) {
  const k = keyword?.toLowerCase();
  return (g: CatalogRow) =>
    (!classificationId || g.classification_id === classificationId) &&
    (!k || (g.barcode ?? '').toLowerCase().startsWith(k) || g.name.toLowerCase().includes(k) || g.shorthand.toLowerCase().startsWith(k));
}

/**
 * The sale dialog's goods (allByClassification): the catalogue (goods, classes, names) is kept in memory
 * while its version stands, the units sold in the last 30 days while no stock moved, so a list or a typed
 * search costs the version read and one stock read. Answers are kept serialized while nothing changed: whole
 * lists (a busy venue's tills ask for the same list all day), and apart from them a few searches.
 */
export class SaleList {
  /** Serialized whole lists, keyed by their query and the versions (64 MB at most). */
  private readonly lists = new SizedCache<RawJson>(64 * 1024 * 1024, (answer) => answer.size);
  private readonly searches = new SizedCache<RawJson>(8 * 1024 * 1024, (answer) => answer.size);
  private readonly computing = new Map<string, Promise<RawJson>>();
  private readonly catalogs = new Map<string, { version: string; value: Promise<CatalogRow[]> }>();
  private readonly tallies = new Map<string, { version: string; value: Promise<Map<number, number>> }>();

  constructor(
    private readonly repo: ArchiveRepository,
    private readonly versions: CatalogVersionRepository,
    private readonly clock: Clock,
  ) {}

  async answer(tenantId: number, q: SaleListQuery): Promise<RawJson> {
    const versions = await this.versions.versions(tenantId);
    const hour = Math.floor(this.clock.now().getTime() / HOUR_MS);
    const key = JSON.stringify([
      tenantId,
      [...q.warehouseIds].sort(),
      q.classificationId ?? 0,
      q.isOnSale,
      q.goodsQuery ?? '',
      hour,
      versions.catalog,
      versions.stock,
    ]);
    if (q.goodsQuery) {
      // A search, a new fragment at each keystroke: compressed quickly, kept apart so searches never push whole lists out.
      const found = this.searches.get(key);
      if (found) return found;
      const answer = new RawJson(JSON.stringify(await this.build(tenantId, q, versions)), 1);
      this.searches.set(key, answer);
      return answer;
    }
    const cached = this.lists.get(key);
    if (cached) return cached;
    // Right after a sale every till misses at once: they share one computation instead of running ten.
    return this.shared(this.computing, key, async () => {
      const answer = new RawJson(JSON.stringify(await this.build(tenantId, q, versions)));
      this.lists.set(key, answer);
      return answer;
    }).finally(() => this.computing.delete(key));
  }

  /** The answer as data, read now (no serialized list). */
  async data(tenantId: number, q: SaleListQuery) {
    return this.build(tenantId, q, await this.versions.versions(tenantId));
  }

  /**
   * Keyed by classificationId, plus `hotSale`: the 8 goods of the same list with the most units sold in the
   * last 30 days (the stock ledger's SALE movements), most first; empty when none.
   */
  private async build(tenantId: number, q: SaleListQuery, versions: Versions) {
    const catalog = await this.kept(this.catalogs, `${tenantId}:${q.isOnSale}`, String(versions.catalog), () => this.repo.saleCatalog(tenantId, q.isOnSale));
    const wanted = catalog.filter(matchesSearch(q.goodsQuery, q.classificationId));
    const ids = wanted.length <= STOCK_BY_ID ? wanted.map((g) => g.id) : undefined;
    const [stock, sold] = await Promise.all([wanted.length ? this.repo.stockSums(tenantId, q.warehouseIds, ids) : [], this.soldOf(tenantId, versions.stock)]);
    const quantities = new Map(stock.map((s) => [s.goods_id, Number(s.quantity)]));
    const answer: Record<string, Tile[]> = {};
    for (const g of wanted) (answer[String(g.classification_id)] ??= []).push({ ...toGoods(g as unknown as Row), quantity: quantities.get(g.id) ?? 0 });
    const tiles = new Map<number, Tile>(Object.values(answer).flatMap((list) => list.map((t) => [t.goodsId, t] as const)));
    answer.hotSale = wanted
      .filter((g) => sold.has(g.id))
      .sort((a, b) => sold.get(b.id)! - sold.get(a.id)! || a.id - b.id)
      .slice(0, HOT_SALE_SIZE)
      .map((g) => tiles.get(g.id)!);
    return answer;
  }

  /** Units sold per goods in the last 30 days, while no stock moved (and within the hour, as the window slides). */
  private soldOf(tenantId: number, stockVersion: string) {
    const hour = Math.floor(this.clock.now().getTime() / HOUR_MS);
    return this.kept(this.tallies, String(tenantId), `${stockVersion}:${hour}`, async () => {
      const since = iso(addMs(this.clock.now(), -HOT_SALE_DAYS * DAY_MS));
      return new Map((await this.repo.soldSince(tenantId, since)).map((r) => [r.goods_id, Number(r.sold)]));
    });
  }

  /** `make()` once per version of a slot (concurrent askers share it); the newest KEPT slots kept; a failure is not kept. */
  private kept<T>(store: Map<string, { version: string; value: Promise<T> }>, slot: string, version: string, make: () => Promise<T>): Promise<T> {
    const found = store.get(slot);
    if (found?.version === version) return found.value;
    store.delete(slot);
    if (store.size >= KEPT) store.delete(store.keys().next().value!);
    const value = make();
    value.catch(() => store.get(slot)?.value === value && store.delete(slot));
    store.set(slot, { version, value });
    return value;
  }

  private shared<T>(store: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
    const pending = store.get(key) ?? make();
    pending.catch(() => store.get(key) === pending && store.delete(key));
    store.set(key, pending);
    return pending;
  }
}
