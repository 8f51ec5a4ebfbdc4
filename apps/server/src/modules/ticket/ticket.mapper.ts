import { fenToYuan, type ticket } from '@venue/contract';
import type { Selectable } from 'kysely';
import type { TicketTypeTable } from '../../db/ticket-tables.ts';
import type { Slot } from './ticket-type.repository.ts';
import type { DetailRow } from './ticket-order.repository.ts';

type TypeRow = Selectable<TicketTypeTable> & { venue_name: string; item_name: string };
type SlotRow = Slot & { type_id: number };

export const toTime = (s: Slot): ticket.TicketTime => ({ beginWeek: s.begin_week, endWeek: s.end_week, beginTime: s.begin_time, endTime: s.end_time });
export const slotsOf = (slots: SlotRow[], typeId: number) => slots.filter((s) => s.type_id === typeId).map(toTime);

export function toTicketType(t: TypeRow, slots: SlotRow[]): ticket.TicketType {
  return {
    typeId: t.id,
    typeName: t.name,
    venueId: t.venue_id,
    venueName: t.venue_name,
    itemId: t.item_id,
    itemName: t.item_name,
    price: fenToYuan(t.price_fen),
    useBeginDate: t.use_begin_date,
    useEndDate: t.use_end_date,
    uses: t.uses,
    withHand: t.with_hand,
    freeMinutes: t.free_minutes,
    overtimeMinutes: t.overtime_minutes,
    overtimePrice: fenToYuan(t.overtime_price_fen),
    state: t.state,
    useTimeList: slotsOf(slots, t.id),
  };
}

export function toTicketRow(d: DetailRow, slots: SlotRow[]): ticket.TicketRow {
  return {
    detailId: d.id,
    orderId: d.order_id,
    qrCode: d.qr_code,
    detailState: d.detail_state,
    typeId: d.type_id,
    typeName: d.type_name,
    venueName: d.venue_name,
    itemName: d.item_name,
    price: fenToYuan(d.price_fen),
    pricePay: fenToYuan(d.price_pay_fen),
    useBeginDate: d.use_begin_date,
    useEndDate: d.use_end_date,
    usesLeft: d.uses_left,
    useTimeList: slotsOf(slots, d.type_id),
    withHand: d.with_hand,
    cardId: null,
    memberName: d.member_name,
    phone: d.member_phone,
    printCount: d.print_count,
  };
}
