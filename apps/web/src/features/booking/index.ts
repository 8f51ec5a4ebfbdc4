/** What other features use of bookings: the 快速核销 场馆业务 tab's table and its work (开场). */
export { BookingLinesTable } from './components/BookingLinesTable';
export { useBookingCheck, openable } from './useBookingCheck';
