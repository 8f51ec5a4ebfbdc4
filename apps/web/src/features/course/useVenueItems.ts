import * as system from '@venue/contract/system';
import { useApiQuery } from '@/lib/query';

/** A venue's sport items as options (none until a venue is chosen). */
export function useVenueItems(venueId: number | null | undefined) {
  const items = useApiQuery(system.sportItems, { query: { venueId: venueId ?? undefined } }, { enabled: Boolean(venueId) }).data ?? [];
  return venueId ? items.map((i) => ({ value: i.itemId, label: i.itemName })) : [];
}
