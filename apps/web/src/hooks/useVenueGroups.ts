import { useEffect, useState } from 'react';
import { system } from '@venue/contract';
import { callApi } from '@/lib/http';

/** The user's venues grouped by center, as options of a multi-select. */
export function useVenueGroups() {
  const [groups, setGroups] = useState<{ label: string; options: { value: number; label: string }[] }[]>([]);
  useEffect(() => {
    callApi(system.enableVenueInfo).then(
      (centers) => setGroups(centers.map((c) => ({ label: c.centerName, options: c.venues.map((v) => ({ value: v.venueId, label: v.venueName })) }))),
      () => undefined,
    );
  }, []);
  return groups;
}
