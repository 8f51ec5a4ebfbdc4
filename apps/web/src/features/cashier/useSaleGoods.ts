import { keepPreviousData } from '@tanstack/react-query';
import { goods, type CallData } from '@venue/contract';
import { useDebouncedValue } from '@/hooks/useDebouncedValue';
import { callApi } from '@/lib/http';
import { useApiQuery } from '@/lib/query';
import type { Tile } from './components/GoodsTiles';

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

/** Finds the goods item whose barcode is exactly `code` in a warehouse. */
export async function findByBarcode(warehouseId: number, code: string): Promise<Tile | undefined> {
  const answer = await callApi(goods.allByClassification, { query: { warehouseIds: String(warehouseId), goodsQuery: code, isOnSale: '1' } }, { quiet: true });
  return tilesOf(answer).find((t) => t.barcode === code);
}
