import { createElement, useState } from 'react';
import { Button, DatePicker, Form, Select, Space, Table } from 'antd';
import { DownloadOutlined, PrinterOutlined, SearchOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import * as report from '@venue/contract/report';
import { printInFrame } from '@/features/checkout';
import { formatTime } from '@/lib/format';
import { downloadFile } from '@/lib/http';
import { useApiQuery } from '@/lib/query';
import { useSession } from '@/lib/session';
import { Figures, Panel } from '../components/Figures';
import { byPayMethod, ShiftSlip } from '../components/ShiftSlip';
import { chinaDate, sumYuan } from '../report-range';

const money = { align: 'right' as const, render: (v: number) => v.toFixed(2) };
type Query = { date: string; venueId?: number };

/**
 * 交班对账: one day's money per cashier, business and pay method (sales, rentals, tickets, overstay,
 * cards; refunds by who gave them back), printed on the receipt printer at the end of a shift. A
 * cashier sees their own; report:shift:all sees every cashier.
 */
export default function ShiftReportPage() {
  const user = useSession((s) => s.user);
  const venues = user?.venues ?? [];
  const [query, setQuery] = useState<Query>(() => ({ date: chinaDate(Date.now()), ...(user?.currentVenueId ? { venueId: user.currentVenueId } : {}) }));
  const [draft, setDraft] = useState<Query>(query);
  const shift = useApiQuery(report.queryShiftSettlement, { query });
  const rows = shift.data?.rows ?? [];
  const print = () =>
    shift.data &&
    printInFrame(createElement(ShiftSlip, { shift: shift.data, printedAt: formatTime(new Date().toISOString()), width: 80 }), `交班对账单 ${shift.data.date}`, {
      shiftSlip: shift.data.date,
    });
  return (
    <div>
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }} onFinish={() => setQuery(draft)}>
        <Form.Item label="对账日期">
          <DatePicker
            allowClear={false}
            aria-label="对账日期"
            value={dayjs(draft.date)}
            onChange={(d) => d && setDraft({ ...draft, date: d.format('YYYY-MM-DD') })}
          />
        </Form.Item>
        <Form.Item label="场馆">
          <Select
            aria-label="场馆"
            style={{ width: 180 }}
            value={draft.venueId ?? 0}
            onChange={(v: number) => setDraft({ date: draft.date, ...(v ? { venueId: v } : {}) })}
            options={[{ value: 0, label: '全部场馆' }, ...venues.map((v) => ({ value: v.venueId, label: v.venueName }))]}
          />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            查询
          </Button>
          <Button icon={<PrinterOutlined />} disabled={!rows.length} onClick={print}>
            打印对账单
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => void downloadFile(report.exportShiftSettlement, { query })}>
            导出
          </Button>
        </Space>
      </Form>
      <Figures
        items={[
          { title: '收款（元）', value: sumYuan(rows, (r) => r.income), precision: 2 },
          { title: '退款（元）', value: sumYuan(rows, (r) => r.refund), precision: 2 },
          { title: '净额（元）', value: sumYuan(rows, (r) => r.income) - sumYuan(rows, (r) => r.refund), precision: 2 },
        ]}
      />
      <Panel title="按收银员、业务、支付方式" empty={!shift.isLoading && !rows.length}>
        <Table
          size="small"
          rowKey={(r) => `${r.userId}-${r.business}-${r.payMode}-${r.payName}`}
          loading={shift.isLoading}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 700 }}
          columns={[
            { title: '收银员', dataIndex: 'userName' },
            { title: '业务', dataIndex: 'business', render: (b: string) => report.SHIFT_BUSINESS_LABELS[b] ?? b },
            { title: '支付方式', dataIndex: 'payName' },
            { title: '收款笔数', dataIndex: 'payCount', align: 'right' },
            { title: '收款（元）', dataIndex: 'income', ...money },
            { title: '退款笔数', dataIndex: 'refundCount', align: 'right' },
            { title: '退款（元）', dataIndex: 'refund', ...money },
          ]}
        />
      </Panel>
      <Panel title="按支付方式合计" empty={!shift.isLoading && !rows.length}>
        <Table
          size="small"
          rowKey="payMode"
          dataSource={byPayMethod(rows)}
          pagination={false}
          columns={[
            { title: '支付方式', dataIndex: 'payName' },
            { title: '收款（元）', dataIndex: 'income', ...money },
            { title: '退款（元）', dataIndex: 'refund', ...money },
            { title: '净额（元）', dataIndex: 'net', ...money },
          ]}
        />
      </Panel>
    </div>
  );
}
