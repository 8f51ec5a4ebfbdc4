import { useState } from 'react';
import { useSession } from '@/lib/session';
import { defaultRange } from './report-range';

/** The filter a report screen reads with: the last 7 days in the current venue until the user asks otherwise. */
export function useReportRange() {
  const venueId = useSession((s) => s.user?.currentVenueId);
  return useState(() => defaultRange(venueId));
}
