import { useState } from 'react';
import { Button, DatePicker, Form, Select, Space, Table, Tag } from 'antd';
import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import * as bookingReport from '@venue/contract/booking-report';
import { downloadFile } from '@/lib/http';
import { useApiQuery } from '@/lib/query';
import { useSession } from '@/lib/session';
import { Figures, Panel } from '../components/Figures';
import { chinaDate, sumYuan } from '../report-range';

const { MAX_USAGE_DAYS } = bookingReport;
type Query = { venueId: number; beginDate: string; endDate: string };
type Row = bookingReport.UsageRow;
type ItemRow = Omit<Row, 'fieldId' | 'fieldName' | 'saleMode'>;

const hours = { align: 'right' as const, render: (v: number) => v.toFixed(1) };
const percent = { align: 'right' as const, render: (v: number) => `${v.toFixed(1)}%` };
const yuan = { align: 'right' as const, render: (v: number) => v.toFixed(2) };
const rate = (booked: number, open: number) => (open > 0 ? Math.round((booked / open) * 1000) / 10 : 0);

/** The columns both tables share: 利用率 (booked over open hours, percent) and 营收 (yuan) first, so a phone sees them unscrolled, then the hours. */
const figureColumns = [
  { title: '利用率', dataIndex: 'rate', ...percent },
  { title: '营收（元）', dataIndex: 'revenue', ...yuan },
  { title: '开放小时', dataIndex: 'openHours', ...hours },
  { title: '预订小时', dataIndex: 'bookedHours', ...hours },
  { title: '占用小时', dataIndex: 'occupiedHours', ...hours },
  { title: '开场小时', dataIndex: 'usedHours', ...hours },
  { title: '取消时段', dataIndex: 'cancelled', align: 'right' as const },
];

/**
 * 场地利用率 (issue 35): per field and per item of one venue over a date range (at most 93 days), booked
 * hours over open hours as 利用率 and what the fields took (营收, yuan), exported as .xlsx. It opens on
 * the week ahead (today and the next six days), where the desk's bookings are.
 */
export default function BookingUsageReportPage() {
  const user = useSession((s) => s.user);
  const venues = user?.venues ?? [];
  const [query, setQuery] = useState<Query | null>(() => {
    const venueId = user?.currentVenueId ?? venues[0]?.venueId;
    const today = chinaDate(Date.now());
    return venueId ? { venueId, beginDate: today, endDate: dayjs(today).add(6, 'day').format('YYYY-MM-DD') } : null;
  });
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(query && [dayjs(query.beginDate), dayjs(query.endDate)]);
  const [venueId, setVenueId] = useState<number | undefined>(query?.venueId);
  const [from, setFrom] = useState<Dayjs | null>(null);
  const usage = useApiQuery(bookingReport.usageQueryCall, { query: query! }, { enabled: Boolean(query) });
  const rows = usage.data?.rows ?? [];
  const items = usage.data?.items ?? [];
  const current = (): Query | null => (range && venueId ? { venueId, beginDate: range[0].format('YYYY-MM-DD'), endDate: range[1].format('YYYY-MM-DD') } : null);
  const open = items.reduce((t, r) => t + r.openHours, 0);
  const booked = items.reduce((t, r) => t + r.bookedHours, 0);
  return (
    <div>
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }} onFinish={() => setQuery(current())}>
        <Form.Item label="日期" tooltip={`最长${MAX_USAGE_DAYS}天`}>
          <DatePicker.RangePicker
            allowClear={false}
            value={range}
            onCalendarChange={(v) => setFrom(v?.[0] && !v[1] ? v[0] : null)}
            onOpenChange={(opened) => !opened && setFrom(null)}
            disabledDate={(d) => Boolean(from && Math.abs(d.diff(from, 'day')) >= MAX_USAGE_DAYS)}
            onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
            placeholder={['开始日期', '结束日期']}
            aria-label="统计日期"
          />
        </Form.Item>
        <Form.Item label="场馆">
          <Select
            aria-label="场馆"
            style={{ width: 180 }}
            value={venueId}
            placeholder="请选择场馆"
            onChange={(v: number) => setVenueId(v)}
            options={venues.map((v) => ({ value: v.venueId, label: v.venueName }))}
          />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} disabled={!venueId}>
            查询
          </Button>
          <Button
            icon={<DownloadOutlined />}
            disabled={!venueId}
            onClick={() => {
              const q = current();
              if (q) void downloadFile(bookingReport.exportUsage, { query: q });
            }}
          >
            导出
          </Button>
        </Space>
      </Form>
      {!query && <p>{venues.length ? '请选择场馆后查询' : '当前用户没有可查看的场馆'}</p>}
      <Figures
        items={[
          { title: '开放小时', value: Math.round(open * 10) / 10, precision: 1 },
          { title: '预订小时', value: Math.round(booked * 10) / 10, precision: 1 },
          { title: '利用率', value: rate(booked, open), precision: 1, suffix: '%' },
          { title: '营收（元）', value: sumYuan(items, (r) => r.revenue), precision: 2 },
        ]}
      />
      <Panel title="按项目" empty={!usage.isLoading && !items.length}>
        <Table<ItemRow>
          size="small"
          rowKey="itemId"
          loading={usage.isLoading}
          dataSource={items}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[{ title: '项目', dataIndex: 'itemName', fixed: 'left' }, ...figureColumns]}
        />
      </Panel>
      <Panel title="按场地" empty={!usage.isLoading && !rows.length}>
        <Table<Row>
          size="small"
          rowKey="fieldId"
          loading={usage.isLoading}
          dataSource={rows}
          pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: '场地', dataIndex: 'fieldName', fixed: 'left' },
            ...figureColumns.slice(0, 2),
            { title: '项目', dataIndex: 'itemName' },
            {
              title: '售卖方式',
              dataIndex: 'saleMode',
              render: (m: Row['saleMode']) => <Tag>{m === 'C' ? '按人数' : '按时段'}</Tag>,
            },
            ...figureColumns.slice(2),
          ]}
        />
      </Panel>
    </div>
  );
}
