import type { BookingOrder } from '@venue/contract';
import * as booking from '@venue/contract/booking';
import { SLIP_CSS, useQrSlipPrinter, type QrSlipKind } from '@/features/ticket';
import { callApi } from '@/lib/http';
import { BookingSlip } from './components/BookingSlip';

/** The paid orders, one slip each (its cells listed); unpaid or closed ones print nothing. */
async function ordersOf(orderIds: number[]): Promise<BookingOrder[]> {
  const pages = await Promise.all(orderIds.map((orderId) => callApi(booking.orderQuery, { query: { current: 1, size: 1, orderId } })));
  return pages.flatMap((p) => p.records).filter((o) => o.details.some((d) => d.state === 'A' || d.state === 'U'));
}

const BOOKING_SLIPS: QrSlipKind<BookingOrder> = {
  typeId: booking.BOOKING_ORDER_TYPE,
  title: '场地预订单',
  load: ordersOf,
  code: (o) => o.code,
  key: (o) => o.orderId,
  slip: BookingSlip,
  css: SLIP_CSS,
};

/** Prints a paid booking's slip with its QR code, by the venue's 小票打印设置 for bookings. */
export const useBookingPrinter = (venueId: number | null) => useQrSlipPrinter(venueId, BOOKING_SLIPS);
