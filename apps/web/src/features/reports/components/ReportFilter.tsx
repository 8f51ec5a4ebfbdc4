import { useState } from 'react';
import { Button, DatePicker, Form, Select, Space } from 'antd';
import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import type { report } from '@venue/contract';
import { PERMISSIONS } from '@venue/contract/common/access';
import { Permission } from '@/components/Permission';
import { useSession } from '@/lib/session';

type Range = report.RangeQuery;

/**
 * A report's filter: a date range (both ends included, China dates), the venue (one of the user's or
 * all of them) and 查询; 导出 (with report:export) downloads what the filter shows.
 */
export function ReportFilter({ value, onChange, onExport }: { value: Range; onChange: (q: Range) => void; onExport?: (q: Range) => void }) {
  const venues = useSession((s) => s.user?.venues ?? []);
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs(value.beginDate), dayjs(value.endDate)]);
  const [venueId, setVenueId] = useState<number | undefined>(value.venueId);
  const current = (): Range => ({ beginDate: range[0].format('YYYY-MM-DD'), endDate: range[1].format('YYYY-MM-DD'), ...(venueId ? { venueId } : {}) });
  return (
    <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }} onFinish={() => onChange(current())}>
      <Form.Item label="日期">
        <DatePicker.RangePicker
          allowClear={false}
          value={range}
          onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
          placeholder={['开始日期', '结束日期']}
          aria-label="统计日期"
        />
      </Form.Item>
      <Form.Item label="场馆">
        <Select
          aria-label="场馆"
          style={{ width: 180 }}
          value={venueId ?? 0}
          onChange={(v: number) => setVenueId(v || undefined)}
          options={[{ value: 0, label: '全部场馆' }, ...venues.map((v) => ({ value: v.venueId, label: v.venueName }))]}
        />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          查询
        </Button>
        {onExport && (
          <Permission value={[PERMISSIONS.report.export]}>
            <Button icon={<DownloadOutlined />} onClick={() => onExport(current())}>
              导出
            </Button>
          </Permission>
        )}
      </Space>
    </Form>
  );
}
