import { useEffect, useMemo, useState } from 'react';
import { goods } from '@venue/contract';
import { callApi } from '@/lib/http';
import type { Tile } from './components/GoodsTiles';

const HOT_SALE = 'hotSale';

/** The venue's enabled warehouses; empty means the venue cannot sell goods. */
export function useVenueWarehouses(venueId: number | null | undefined, open: boolean) {
  const [warehouses, setWarehouses] = useState<{ value: number; label: string }[] | null>(null);
  useEffect(() => {
    if (!open || !venueId) return;
    callApi(goods.warehouseAll, { query: { state: 'A', venueIds: String(venueId) } }).then(
      (list) => setWarehouses(list.map((w) => ({ value: w.warehouseId, label: w.warehouseName }))),
      () => setWarehouses([]),
    );
  }, [open, venueId]);
  return warehouses;
}

/**
 * On-sale goods of a warehouse by classification. The answer is keyed by class; `hotSale` is
 * skipped and the other lists merged (spec 7); the class filter applies on the client.
 */
export function useSaleGoods(warehouseId: number | null, keyword: string) {
  const [byClass, setByClass] = useState<Record<string, Tile[]>>({});
  const [loading, setLoading] = useState(false);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!warehouseId) return;
    let live = true;
    const timer = window.setTimeout(() => {
      setLoading(true);
      callApi(goods.allByClassification, { query: { warehouseIds: String(warehouseId), goodsQuery: keyword.trim() || undefined, isOnSale: '1' } })
        .then((answer) => live && setByClass(answer), () => live && setByClass({}))
        .finally(() => live && setLoading(false));
    }, keyword ? 250 : 0);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [warehouseId, keyword, version]);
  const tiles = useMemo(() => Object.entries(byClass).filter(([key]) => key !== HOT_SALE).flatMap(([, list]) => list), [byClass]);
  return { tiles, loading, reload: () => setVersion((v) => v + 1) };
}

/** Finds the goods item whose barcode is exactly `code` in a warehouse. */
export async function findByBarcode(warehouseId: number, code: string): Promise<Tile | undefined> {
  const answer = await callApi(goods.allByClassification, { query: { warehouseIds: String(warehouseId), goodsQuery: code, isOnSale: '1' } }, { quiet: true });
  return Object.entries(answer).filter(([key]) => key !== HOT_SALE).flatMap(([, list]) => list).find((t) => t.barcode === code);
}
