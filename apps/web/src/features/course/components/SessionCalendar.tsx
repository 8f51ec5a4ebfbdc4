import { useState } from 'react';
import { Button, Calendar, Space, Tag, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import type { CourseClass, Session } from '@venue/contract';
import * as courseAdmin from '@venue/contract/course-admin';
import { chinaDate } from '@venue/contract/common/china-time';
import { useApiQuery } from '@/lib/query';
import { byDate } from '../course-view';
import { SessionDialog } from './SessionDialog';
import css from './SessionCalendar.module.css';

const STATE_COLORS: Record<Session['state'], string> = { A: 'blue', D: 'green', C: 'default' };

/** The month a class's calendar opens on: this month while the term runs, else the term's first. */
export function openingMonth(c: Pick<CourseClass, 'startDate' | 'endDate'>, today: string): string {
  if (today < c.startDate || (c.endDate && today > c.endDate)) return c.startDate.slice(0, 7);
  return today.slice(0, 7);
}

/**
 * 课表: a class's sessions month by month on a calendar (cancelled ones too, struck through), each
 * with its attendance so far; a session opens its roster, where it is signed in or cancelled.
 */
export function SessionCalendar({ courseClass }: { courseClass: CourseClass }) {
  const [month, setMonth] = useState<Dayjs>(() => dayjs(`${openingMonth(courseClass, chinaDate(Date.now()))}-01`));
  const [open, setOpen] = useState<number | null>(null);
  const query = {
    classId: courseClass.classId,
    beginDate: month.startOf('month').format('YYYY-MM-DD'),
    endDate: month.endOf('month').format('YYYY-MM-DD'),
    liveOnly: 'false' as const,
  };
  const sessions = useApiQuery(courseAdmin.sessionQuery, { query });
  const days = new Map(byDate(sessions.data ?? []));
  const shift = (months: number) => setMonth((m) => m.add(months, 'month'));

  return (
    <>
      <Calendar
        className={css.calendar}
        value={month}
        mode="month"
        onPanelChange={(d) => setMonth(d.startOf('month'))}
        onSelect={(d, { source }) => source !== 'date' && setMonth(d.startOf('month'))}
        headerRender={() => (
          <Space style={{ padding: '8px 0' }}>
            <Button size="small" icon={<LeftOutlined />} aria-label="上个月" onClick={() => shift(-1)} />
            <Typography.Text strong data-testid="calendar-month">
              {month.format('YYYY年M月')}
            </Typography.Text>
            <Button size="small" icon={<RightOutlined />} aria-label="下个月" onClick={() => shift(1)} />
            <Typography.Text type="secondary">本月 {(sessions.data ?? []).filter((s) => s.state !== 'C').length} 节</Typography.Text>
          </Space>
        )}
        cellRender={(date, info) => {
          if (info.type !== 'date' || date.month() !== month.month()) return null;
          return (days.get(date.format('YYYY-MM-DD')) ?? []).map((s) => (
            <Button
              key={s.sessionId}
              size="small"
              type="text"
              block
              style={{ padding: 0, height: 'auto', justifyContent: 'flex-start' }}
              aria-label={`${s.useDate} ${s.beginTime}-${s.endTime} ${courseAdmin.SESSION_STATE_LABELS[s.state]}`}
              onClick={(e) => {
                e.stopPropagation();
                setOpen(s.sessionId);
              }}
            >
              <Tag color={STATE_COLORS[s.state]} style={{ marginInlineEnd: 0, textDecoration: s.state === 'C' ? 'line-through' : undefined }}>
                {s.beginTime} {s.state === 'C' ? '已取消' : `${s.signed + s.makeUp}/${s.expected}`}
              </Tag>
            </Button>
          ));
        }}
      />
      {open !== null && <SessionDialog sessionId={open} onClose={() => setOpen(null)} />}
    </>
  );
}
