import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Times are stored in UTC and shown in this zone (design 3). */
export const DISPLAY_TZ = 'Asia/Shanghai';

/** Stored in UTC, shown in Asia/Shanghai (design 3). */
export const formatTime = (iso?: string | null) => (iso ? dayjs(iso).tz(DISPLAY_TZ).format('YYYY-MM-DD HH:mm:ss') : '');

/**
 * A calendar date (validity start and end): the Shanghai day of the stored instant, whatever the
 * browser's zone. Slicing the stored UTC text instead shows 2026-11-23 00:00 Shanghai as 2026-11-22.
 */
export const formatDate = (iso?: string | null) => (iso ? dayjs(iso).tz(DISPLAY_TZ).format('YYYY-MM-DD') : '');
