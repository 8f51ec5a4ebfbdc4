import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Times are stored in UTC and shown in this zone (design 3). */
export const DISPLAY_TZ = 'Asia/Shanghai';

/** Stored in UTC, shown in Asia/Shanghai (design 3). */
export const formatTime = (iso?: string | null) => (iso ? dayjs(iso).tz(DISPLAY_TZ).format('YYYY-MM-DD HH:mm:ss') : '');
