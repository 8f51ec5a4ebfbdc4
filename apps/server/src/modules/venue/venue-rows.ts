import type { venue } from '@venue/contract';
import type { z } from 'zod';

/** Stored rows of the venue administration to the API's records. */

const n = (v: number | string | bigint | null | undefined) => Number(v ?? 0);

export const toCenter = (r: { id: number; name: string; state: 'A' | 'S'; sort: number; venue_count: number | string | bigint | null }) => ({
  centerId: r.id,
  centerName: r.name,
  state: r.state,
  sort: r.sort,
  venueCount: n(r.venue_count),
});

export const toVenue = (r: {
  id: number;
  name: string;
  center_id: number;
  center_name: string;
  address: string;
  phone: string;
  open_time: string;
  close_time: string;
  state: 'A' | 'S';
  sort: number;
  remark: string;
  board_public: 'T' | 'F';
  created_at: string;
  item_count: number | string | bigint | null;
}): z.infer<typeof venue.venueRow> => ({
  venueId: r.id,
  venueName: r.name,
  boardPublic: r.board_public,
  centerId: r.center_id,
  centerName: r.center_name,
  address: r.address,
  phone: r.phone,
  openTime: r.open_time,
  closeTime: r.close_time,
  state: r.state,
  sort: r.sort,
  remark: r.remark,
  itemCount: n(r.item_count),
  createTime: r.created_at,
});

export const toItem = (r: {
  item_id: number;
  item_name: string;
  sale_mode: 'F' | 'C';
  capacity: number;
  pass_mode: 'S' | 'M';
  state: 'A' | 'S';
  sort: number;
}): z.infer<typeof venue.venueItem> => ({
  itemId: r.item_id,
  itemName: r.item_name,
  saleMode: r.sale_mode,
  capacity: r.capacity,
  passMode: r.pass_mode,
  state: r.state,
  sort: r.sort,
});

export const toClosure = (r: {
  id: number;
  item_id: number | null;
  item_name: string | null;
  start_date: string;
  end_date: string;
  reason: string;
}): z.infer<typeof venue.closure> => ({
  closureId: r.id,
  itemId: r.item_id,
  itemName: r.item_name,
  startDate: r.start_date,
  endDate: r.end_date,
  reason: r.reason,
});
