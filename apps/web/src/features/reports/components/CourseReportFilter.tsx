import { useState } from 'react';
import { Button, DatePicker, Form, Select, Space } from 'antd';
import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import * as courseAdmin from '@venue/contract/course-admin';
import * as courseReport from '@venue/contract/course-report';
import { useApiQuery } from '@/lib/query';
import { useSession } from '@/lib/session';

/** What a course report reads with: a month (教练课时) or a date range, the venue (none: every venue of the user), a course (出勤统计). */
export interface CourseReportQuery {
  venueId?: number;
  month?: string;
  beginDate?: string;
  endDate?: string;
  courseId?: number;
}

/**
 * The course reports' filter: a month or a date range (at most 366 days), the venue and, for 出勤统计,
 * the course; 查询, and 导出 (the report's permission lets its .xlsx be downloaded: no other is asked).
 */
export function CourseReportFilter({
  value,
  onChange,
  onExport,
  withCourse = false,
}: {
  value: CourseReportQuery;
  onChange: (q: CourseReportQuery) => void;
  onExport: (q: CourseReportQuery) => void;
  withCourse?: boolean;
}) {
  const venues = useSession((s) => s.user?.venues ?? []);
  const courses = useApiQuery(courseAdmin.courseQuery, { query: {} }, { enabled: withCourse }).data ?? [];
  const [month, setMonth] = useState<Dayjs | null>(value.month ? dayjs(`${value.month}-01`) : null);
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(value.beginDate && value.endDate ? [dayjs(value.beginDate), dayjs(value.endDate)] : null);
  const [from, setFrom] = useState<Dayjs | null>(null);
  const [venueId, setVenueId] = useState<number | undefined>(value.venueId);
  const [courseId, setCourseId] = useState<number | undefined>(value.courseId);
  const current = (): CourseReportQuery => ({
    ...(month ? { month: month.format('YYYY-MM') } : {}),
    ...(range ? { beginDate: range[0].format('YYYY-MM-DD'), endDate: range[1].format('YYYY-MM-DD') } : {}),
    ...(venueId ? { venueId } : {}),
    ...(courseId ? { courseId } : {}),
  });
  return (
    <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }} onFinish={() => onChange(current())}>
      {month ? (
        <Form.Item label="月份">
          <DatePicker picker="month" allowClear={false} value={month} onChange={(m) => m && setMonth(m)} aria-label="统计月份" />
        </Form.Item>
      ) : (
        <Form.Item label="日期" tooltip={`最长${courseReport.MAX_REPORT_DAYS}天`}>
          <DatePicker.RangePicker
            allowClear={false}
            value={range}
            onCalendarChange={(v) => setFrom(v?.[0] && !v[1] ? v[0] : null)}
            onOpenChange={(opened) => !opened && setFrom(null)}
            disabledDate={(d) => Boolean(from && Math.abs(d.diff(from, 'day')) >= courseReport.MAX_REPORT_DAYS)}
            onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
            placeholder={['开始日期', '结束日期']}
            aria-label="统计日期"
          />
        </Form.Item>
      )}
      <Form.Item label="场馆">
        <Select
          aria-label="场馆"
          style={{ width: 180 }}
          value={venueId ?? 0}
          onChange={(v: number) => setVenueId(v || undefined)}
          options={[{ value: 0, label: '全部场馆' }, ...venues.map((v) => ({ value: v.venueId, label: v.venueName }))]}
        />
      </Form.Item>
      {withCourse && (
        <Form.Item label="课程">
          <Select
            aria-label="课程"
            style={{ width: 200 }}
            value={courseId ?? 0}
            onChange={(v: number) => setCourseId(v || undefined)}
            options={[{ value: 0, label: '全部课程' }, ...courses.map((c) => ({ value: c.courseId, label: c.courseName }))]}
          />
        </Form.Item>
      )}
      <Space wrap>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          查询
        </Button>
        <Button icon={<DownloadOutlined />} onClick={() => onExport(current())}>
          导出
        </Button>
      </Space>
    </Form>
  );
}
