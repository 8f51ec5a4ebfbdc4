import type { CallData } from '@venue/contract';
import * as goods from '@venue/contract/goods';
import * as system from '@venue/contract/system';
import { callApi } from '@/lib/http';
import { callKey, queryClient, useApiQuery } from '@/lib/query';

export interface Option {
  value: number;
  label: string;
}
/** One empty list while loading, so a select's options keep their identity between renders. */
const NONE: Option[] = [];

const warehouseOptions = (list: CallData<typeof goods.warehouseAll>): Option[] => list.map((w) => ({ value: w.warehouseId, label: w.warehouseName }));
const classificationOptions = (list: CallData<typeof goods.classificationAll>): Option[] =>
  list.map((c) => ({ value: c.classificationId, label: c.classificationName }));
const sportItemOptions = (list: CallData<typeof system.sportItems>): Option[] => list.map((i) => ({ value: i.itemId, label: i.itemName }));

export const useClassificationOptions = (state?: 'A') =>
  useApiQuery(goods.classificationAll, { query: { state } }, { select: classificationOptions }).data ?? NONE;

/** Every warehouse, enabled or not (search filters). */
export const useAllWarehouseOptions = () => useApiQuery(goods.warehouseAll, { query: {} }, { select: warehouseOptions }).data ?? NONE;

/**
 * The enabled warehouses serving a venue: undefined until known, empty when the venue has none (or
 * the request failed), so a till can tell "loading" from "cannot sell goods here".
 */
export function useVenueWarehouseOptions(venueId: number | null | undefined, enabled = true): Option[] | undefined {
  const query = useApiQuery(goods.warehouseAll, venueWarehouses(venueId), { select: warehouseOptions, enabled: enabled && !!venueId });
  return query.isError ? [] : query.data;
}

const venueWarehouses = (venueId: number | null | undefined) => ({ query: { state: 'A' as const, venueIds: String(venueId) } });

/** The venue's warehouse options through the same cache as useVenueWarehouseOptions (a till loading ahead). */
export async function fetchVenueWarehouseOptions(venueId: number): Promise<Option[]> {
  const input = venueWarehouses(venueId);
  return warehouseOptions(
    await queryClient.fetchQuery({ queryKey: callKey(goods.warehouseAll, input), queryFn: () => callApi(goods.warehouseAll, input, { quiet: true }) }),
  );
}

export const useSportItemOptions = () => useApiQuery(system.sportItems, { query: {} }, { select: sportItemOptions }).data ?? NONE;
