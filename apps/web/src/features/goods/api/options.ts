import { useEffect, useState } from 'react';
import { goods, system } from '@venue/contract';
import { callApi } from '@/lib/http';

export interface Option { value: number; label: string }

/** Options loaded once for a screen's selects (classifications, warehouses, venues, sports items). */
function useOptions(load: () => Promise<Option[]>, deps: unknown[] = []): Option[] {
  const [options, setOptions] = useState<Option[]>([]);
  useEffect(() => {
    let live = true;
    load().then((o) => live && setOptions(o), () => undefined);
    return () => {
      live = false;
    };
  }, deps);
  return options;
}

export const useClassificationOptions = (state?: 'A') =>
  useOptions(async () => (await callApi(goods.classificationAll, { query: { state } })).map((c) => ({ value: c.classificationId, label: c.classificationName })));

export const useWarehouseOptions = (venueIds?: number[]) =>
  useOptions(
    async () => (await callApi(goods.warehouseAll, { query: { state: 'A', venueIds: venueIds?.join(',') } })).map((w) => ({ value: w.warehouseId, label: w.warehouseName })),
    [venueIds?.join(',')],
  );

export const useAllWarehouseOptions = () =>
  useOptions(async () => (await callApi(goods.warehouseAll, { query: {} })).map((w) => ({ value: w.warehouseId, label: w.warehouseName })));

export const useSportItemOptions = () =>
  useOptions(async () => (await callApi(system.sportItems, { query: {} })).map((i) => ({ value: i.itemId, label: i.itemName })));
