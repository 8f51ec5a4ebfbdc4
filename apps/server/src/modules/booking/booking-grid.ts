import { booking, bookingAdmin, chinaClock, chinaInstant, fenToYuan, type Cell } from '@venue/contract';

/** What the grid and a booking need of a field. */
export interface GridFieldRow {
  id: number;
  name: string;
  state: 'A' | 'S';
  sale_mode: 'F' | 'C';
  capacity: number;
  slot_minutes: number;
}
/** A price rule with its fields (empty: every field) and member prices. */
export interface RuleRow {
  id: number;
  weekdays: number[];
  dates: string[];
  begin_time: string;
  end_time: string;
  price_fen: number;
  fieldIds: number[];
  /** By card type: a member price, or for a times card type (T) times a cell (`times` set, the price unused). */
  members: { card_type_id: number; price_fen: number; times: number | null }[];
}
/** A live line (not C) on the date, with its order. */
export interface LiveLine {
  field_id: number;
  begin_time: string;
  state: string;
  quantity: number;
  refunded_quantity: number;
  order_id: number;
  order_type: 'R' | 'P' | 'L';
  note: string;
  /** Its order's creation (ISO): an unpaid hold ends the tenant's auto-close minutes later. */
  created_at: string;
}
export interface DayContext {
  date: string;
  openTime: string;
  closeTime: string;
  /** The closure of the venue or the item on the date. */
  closedReason: string | null;
  now: Date;
  /** The member card's type (member prices), if one was given. */
  cardTypeId?: number;
  /** The card is a times card (T): each cell also shows the times it takes. */
  timesCard?: boolean;
  /** The tenant's auto-close minutes, when held cells are to say when they free (0: never closed). */
  holdMinutes?: number;
}

export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const toHhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** 1-7, Monday to Sunday, of a China date. */
export const weekdayOf = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** A field's slots on a day: from the opening time, `slot_minutes` each, the last ending by the closing time. */
export function slotsOf(field: Pick<GridFieldRow, 'slot_minutes'>, openTime: string, closeTime: string): { begin: string; end: string }[] {
  const slots: { begin: string; end: string }[] = [];
  const close = minutesOf(closeTime);
  for (let m = minutesOf(openTime); m + field.slot_minutes <= close; m += field.slot_minutes)
    slots.push({ begin: toHhmm(m), end: toHhmm(m + field.slot_minutes) });
  return slots;
}

/**
 * The rule pricing a field's slot on a date: a holiday rule (its dates) before a weekday rule, a rule
 * naming the field before one for every field, then the newest; the slot must lie inside its segment.
 */
export function ruleFor(rules: readonly RuleRow[], fieldId: number, date: string, begin: string, end: string, weekday = weekdayOf(date)): RuleRow | undefined {
  let best: RuleRow | undefined;
  let bestRank = -1;
  for (const r of rules) {
    const holiday = r.dates.length > 0;
    if (holiday ? !r.dates.includes(date) : !r.weekdays.includes(weekday)) continue;
    if (r.fieldIds.length && !r.fieldIds.includes(fieldId)) continue;
    if (begin < r.begin_time || end > r.end_time) continue;
    const rank = (holiday ? 2 : 0) + (r.fieldIds.length ? 1 : 0);
    if (rank > bestRank || (rank === bestRank && best && r.id > best.id)) {
      best = r;
      bestRank = rank;
    }
  }
  return best;
}

/** The price of a slot for a card type: the rule's member price for it where set (a times card type's entry is times, not a price), else its price. */
export const priceOf = (rule: RuleRow, cardTypeId?: number) =>
  rule.members.find((m) => m.card_type_id === cardTypeId && m.times === null)?.price_fen ?? rule.price_fen;

/** The times a times card of the type pays for a slot (a head on a C field): the rule's entry for the type, else DEFAULT_TIMES. */
export const timesOf = (rule: RuleRow | undefined, cardTypeId: number) =>
  rule?.members.find((m) => m.card_type_id === cardTypeId && m.times !== null)?.times ?? bookingAdmin.DEFAULT_TIMES;

/** A cell's start as an instant (the venue keeps China time). */
export const cellStart = (date: string, begin: string) => chinaInstant(date, begin);
export const cellEnd = (date: string, end: string) =>
  end === '24:00' ? new Date(chinaInstant(date, '00:00').getTime() + 86_400_000) : chinaInstant(date, end);

/** Why a cell cannot be sold (its refusal), whatever it holds: the field stopped, a closure, no price, gone. */
export function unsellable(field: GridFieldRow, day: DayContext, slot: { begin: string; end: string }, rule: RuleRow | undefined): string | null {
  const name = booking.cellName(field.name, day.date, slot.begin, slot.end);
  if (field.state !== 'A') return booking.BOOKING_MSG.stopped(field.name);
  if (day.closedReason !== null) return booking.BOOKING_MSG.closed(name, day.closedReason);
  if (!rule) return booking.BOOKING_MSG.noPrice(name);
  if (cellStart(day.date, slot.begin).getTime() <= day.now.getTime()) return booking.BOOKING_MSG.past(name);
  return null;
}

/**
 * Until when a held cell waits for its payment: the earliest of its unpaid lines' orders created plus the
 * minutes, HH:mm China time (the auto-close job frees it at its first run after that).
 */
export function holdUntil(here: Pick<LiveLine, 'state' | 'created_at'>[], minutes: number | undefined): string | null {
  if (!minutes) return null;
  const held = here.filter((l) => l.state === 'P').map((l) => Date.parse(l.created_at));
  if (!held.length) return null;
  return chinaClock(Math.min(...held) + minutes * 60_000).time;
}

/** Heads still free on a C field's cell. */
export const headsLeft = (field: GridFieldRow, sold: number) => Math.max(0, field.capacity - sold);

interface DaySlot {
  begin: string;
  end: string;
  /** Minutes from midnight of its start. */
  startMinutes: number;
}
/** The slots of each length and opening hours seen (a few per venue), worked out once (shared: frozen). */
const daySlotsKept = new Map<string, readonly DaySlot[]>();
export function daySlots(slotMinutes: number, openTime: string, closeTime: string): readonly DaySlot[] {
  const key = `${slotMinutes}|${openTime}|${closeTime}`;
  let slots = daySlotsKept.get(key);
  if (!slots) {
    if (daySlotsKept.size >= 200) daySlotsKept.clear();
    slots = Object.freeze(slotsOf({ slot_minutes: slotMinutes }, openTime, closeTime).map((x) => Object.freeze({ ...x, startMinutes: minutesOf(x.begin) })));
    daySlotsKept.set(key, slots);
  }
  return slots;
}

/**
 * One field's cells on the day, each with its state, price and holder. The grid's hot loop (12 fields x
 * 32 slots a request): the slots, the day's weekday and start, the field's rules of the day in ruleFor's
 * order and their prices are worked out once; a cell's refusal text only when it is not free, its lines
 * looked up by slot.
 */
export function cellsOf(field: GridFieldRow, day: DayContext, rules: readonly RuleRow[], lines: LiveLine[], sold: ReadonlyMap<string, number>): Cell[] {
  const weekday = weekdayOf(day.date);
  const dayStart = cellStart(day.date, '00:00').getTime();
  const nowMs = day.now.getTime();
  // The field's rules on the date, best first (a holiday rule, then one naming the field, then the newest):
  // the first whose segment holds a slot is the one ruleFor picks.
  const ranked = rules
    .filter((r) => (r.dates.length ? r.dates.includes(day.date) : r.weekdays.includes(weekday)) && (!r.fieldIds.length || r.fieldIds.includes(field.id)))
    .map((rule) => ({
      rule,
      rank: (rule.dates.length ? 2 : 0) + (rule.fieldIds.length ? 1 : 0),
      price: fenToYuan(priceOf(rule, day.cardTypeId)),
      times: day.timesCard && day.cardTypeId ? timesOf(rule, day.cardTypeId) : null,
    }))
    .sort((a, b) => b.rank - a.rank || b.rule.id - a.rule.id);
  const bySlot = new Map<string, LiveLine[]>();
  for (const l of lines) {
    if (l.field_id !== field.id) continue;
    const here = bySlot.get(l.begin_time);
    if (here) here.push(l);
    else bySlot.set(l.begin_time, [l]);
  }
  const byHeads = field.sale_mode === 'C';
  const sellable = field.state === 'A' && day.closedReason === null;
  return daySlots(field.slot_minutes, day.openTime, day.closeTime).map((slot): Cell => {
    let priced: (typeof ranked)[number] | undefined;
    for (const x of ranked) {
      if (slot.begin >= x.rule.begin_time && slot.end <= x.rule.end_time) {
        priced = x;
        break;
      }
    }
    const here = bySlot.get(slot.begin);
    const left = byHeads ? headsLeft(field, sold.get(slot.begin) ?? 0) : here ? 0 : 1;
    const holder = here?.[here.length - 1];
    let state: Cell['state'];
    let note = '';
    let held: string | null = null;
    if (holder && (!byHeads || holder.order_type === 'L' || left === 0)) {
      state = holder.order_type === 'L' ? 'occupied' : here!.some((l) => l.state === 'U') ? 'used' : here!.every((l) => l.state === 'P') ? 'held' : 'paid';
      note = holder.note;
      if (state === 'held') held = holdUntil(here!, day.holdMinutes);
    } else if (sellable && priced) {
      state = dayStart + slot.startMinutes * 60_000 > nowMs ? 'free' : 'past';
    } else {
      state = 'closed';
      note = unsellable(field, day, slot, priced?.rule) ?? '';
    }
    return {
      beginTime: slot.begin,
      endTime: slot.end,
      price: priced ? priced.price : null,
      times: priced ? priced.times : null,
      left,
      orderId: holder?.order_id ?? null,
      orderType: holder?.order_type ?? null,
      note,
      state,
      holdUntil: held,
    };
  });
}
