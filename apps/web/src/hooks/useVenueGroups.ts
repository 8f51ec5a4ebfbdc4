import type { CallData } from '@venue/contract';
import * as system from '@venue/contract/system';
import { useApiQuery } from '@/lib/query';

type Centers = CallData<typeof system.enableVenueInfo>;
export interface VenueOption {
  value: number;
  label: string;
}
export interface CenterOption {
  value: number;
  label: string;
  children: VenueOption[];
}

const venuesOf = (center: Centers[number]): VenueOption[] => center.venues.map((v) => ({ value: v.venueId, label: v.venueName }));
const toTree = (centers: Centers): CenterOption[] => centers.map((c) => ({ value: c.centerId, label: c.centerName, children: venuesOf(c) }));
const toGroups = (centers: Centers) => centers.map((c) => ({ label: c.centerName, options: venuesOf(c) }));

/** The user's centers with their venues, for a cascader; one request shared with useVenueGroups. */
export function useVenueTree(enabled = true): CenterOption[] {
  return useApiQuery(system.enableVenueInfo, {}, { select: toTree, enabled }).data ?? [];
}

/** The user's venues grouped by center, as options of a multi-select. */
export function useVenueGroups() {
  return useApiQuery(system.enableVenueInfo, {}, { select: toGroups }).data ?? [];
}
