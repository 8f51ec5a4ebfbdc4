import { keepPreviousData } from '@tanstack/react-query';
import { goods, type CallData } from '@venue/contract';
import { useDebouncedValue } from '@/hooks/useDebouncedValue';
import { callApi } from '@/lib/http';
import { useApiQuery } from '@/lib/query';
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
  const answer = useApiQuery(
    goods.allByClassification,
    { query: { warehouseIds: String(warehouseId), goodsQuery, isOnSale: '1' } },
    { enabled: !!warehouseId, select: tilesOf, placeholderData: keepPreviousData },
  );
  return { tiles: answer.data ?? [], loading: answer.isFetching };
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
