import { keepPreviousData } from '@tanstack/react-query';
import type { CallData } from '@venue/contract';
import * as goods from '@venue/contract/goods';
import { useDebouncedValue } from '@/hooks/useDebouncedValue';
import { callApi } from '@/lib/http';
import { awaitsNewAnswer, callKey, queryClient, useApiQuery } from '@/lib/query';
import { fetchVenueWarehouseOptions } from '@/features/goods';
import type { Tile } from '@/features/checkout';

const HOT_SALE = 'hotSale';
const SEARCH_DELAY_MS = 250;

/** The answer is keyed by class; `hotSale` repeats goods of the others and is skipped (spec 7). */
const tilesOf = (answer: CallData<typeof goods.allByClassification>): Tile[] =>
  Object.entries(answer)
    .filter(([key]) => key !== HOT_SALE)
    .flatMap(([, list]) => list);

/** On-sale goods of a warehouse matching a typed keyword; the class filter applies on the client. */
export function useSaleGoods(warehouseId: number | null, keyword: string) {
  const goodsQuery = useDebouncedValue(keyword.trim(), keyword ? SEARCH_DELAY_MS : 0) || undefined;
  const answer = useApiQuery(goods.allByClassification, saleGoods(warehouseId, goodsQuery), {
    enabled: !!warehouseId,
    select: tilesOf,
    placeholderData: keepPreviousData,
  });
  return { tiles: answer.data ?? [], loading: awaitsNewAnswer(answer) };
}

const saleGoods = (warehouseId: number | null, goodsQuery?: string) => ({ query: { warehouseIds: String(warehouseId), goodsQuery, isOnSale: '1' as const } });

/**
 * Loads what the till first shows (the venue's warehouses, the first one's goods) into the cache ahead of
 * its first opening; the dialog shows it at once and asks again for fresh stock.
 */
export async function prefetchTill(venueId: number): Promise<void> {
  const [first] = await fetchVenueWarehouseOptions(venueId);
  if (!first) return;
  const input = saleGoods(first.value);
  await queryClient.prefetchQuery({
    queryKey: callKey(goods.allByClassification, input),
    queryFn: () => callApi(goods.allByClassification, input, { quiet: true }),
  });
}

/** On-sale goods of a warehouse matching `keyword` (name, barcode or shorthand), asked now rather than after the typing pause. */
export async function findGoods(warehouseId: number, keyword: string): Promise<Tile[]> {
  return tilesOf(
    await callApi(goods.allByClassification, { query: { warehouseIds: String(warehouseId), goodsQuery: keyword, isOnSale: '1' } }, { quiet: true }),
  );
}

/** Finds the goods item whose barcode is exactly `code` in a warehouse. */
export async function findByBarcode(warehouseId: number, code: string): Promise<Tile | undefined> {
  return (await findGoods(warehouseId, code)).find((t) => t.barcode === code);
}
