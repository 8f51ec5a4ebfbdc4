import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Stored in UTC, shown in Asia/Shanghai (design 3). */
export const formatTime = (iso?: string | null) => (iso ? dayjs(iso).tz('Asia/Shanghai').format('YYYY-MM-DD HH:mm:ss') : '');
