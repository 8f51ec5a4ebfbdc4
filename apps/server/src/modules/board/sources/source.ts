import type { Kysely, RawBuilder } from 'kysely';
import type { Capability } from '@venue/contract/board';
import type { Engine } from '../../../db/database.ts';
import type { PayableTable } from '../../checkout/index.ts';
import type { Database } from '../../../db/tables.ts';

/** What every source reads with: the tenant, the caller's venues and the engine (for China-time grouping). */
export interface SourceContext {
  db: Kysely<Database>;
  engine: Engine;
  tenantId: number;
  /** Today in China ("YYYY-MM-DD") by the server's clock: the days before it are closed. */
  today: string;
  /** A WHERE condition on a venue column: the one venue asked for, or the caller's venues. */
  venues: (column: string) => RawBuilder<boolean>;
}
/** A range of instants, ISO text in UTC, both ends included. */
export interface Range {
  beginIso: string;
  endIso: string;
  /** The revenue board's period: its days may come summed by month (a month's rows as its first day's). */
  unit?: 'day' | 'week' | 'month';
}

export interface MoneyRow {
  day: string;
  venue_id: number;
  pay_mode: string;
  pay_name: string;
  fen: number | string;
}
/** Money a capability took and gave back, per China day, venue and pay method; its orders per day and venue. */
export interface RevenueRows {
  income: MoneyRow[];
  refunds: MoneyRow[];
  /** Orders per day and venue (the summed days: per day, over the caller's venues). */
  orders: { day: string; venue_id?: number; orders: number | string }[];
  /** Summed days (revenue-days.ts): money per day, and apart from it money per venue and pay method (sign 1 paid, -1 refunded). */
  dayTotals?: { day: string; sign: 1 | -1; fen: number }[];
  modeTotals?: (Omit<MoneyRow, 'day'> & { sign: 1 | -1; fen: number })[];
}

/** Granted gate passes of one venue: per China hour and gate on the day, and entries per day before it. */
export interface FlowRows {
  hours: { hour: string; gate_id: number | null; direction: 'I' | 'O'; passes: number | string }[];
  days: { day: string; passes: number | string }[];
  gates: { id: number; name: string; area_id: number; area_name: string }[];
}

export interface MonthCount {
  month: string;
  count: number | string;
}

/**
 * One capability's figures for the boards. A capability adds one file with its source and one line in
 * `sources/index.ts`; each part it fills is merged into the boards' answers, and the boards show its
 * panels instead of saying it has not landed.
 */
export interface BoardSource {
  capability: Capability;
  /** An order kind the checkout pays: its revenue is read with every other kind's at once (payable-revenue.ts). */
  payable?: Omit<PayableKind, 'capability'>;
  flow?: (ctx: SourceContext, venueId: number, day: Range, days: Range) => Promise<FlowRows>;
  /** People of this capability inside the venue now (its entries not yet out); the flow board's 在馆人数 takes it for today instead of the day's in less out. */
  inside?: (ctx: SourceContext, venueId: number) => Promise<number>;
  members?: (ctx: SourceContext, since: Range) => Promise<{ total: number; byMonth: MonthCount[] }>;
  cards?: (
    ctx: SourceContext,
    since: Range,
  ) => Promise<{ active: number; liabilityFen: number; byMonth: { month: string; issued: number | string; consumed_fen: number | string }[] }>;
  /** Verifications recorded in the range (one count per source). */
  verifications?: (ctx: SourceContext, range: Range) => Promise<number>;
  topGoods?: (ctx: SourceContext, range: Range) => Promise<{ goods_id: number; goods_name: string; quantity: number | string; fen: number | string }[]>;
}

/** An order kind the checkout pays (its table carries the pay columns), and the channel it counts in. */
export interface PayableKind {
  capability: Capability;
  orderType: string;
  table: PayableTable;
}

/** A summed row of the payable kinds: part I paid, R refunded (money in fen), O orders (a count). */
export interface KindRow {
  part: 'I' | 'R' | 'O';
  day: string;
  order_type: string;
  venue_id: number;
  pay_mode: string;
  pay_name: string;
  amount: number | string;
}
