import { Table } from 'antd';
import * as report from '@venue/contract/report';
import { downloadFile } from '@/lib/http';
import { useApiQuery } from '@/lib/query';
import { Figures, Panel } from '../components/Figures';
import { ReportFilter } from '../components/ReportFilter';
import { sumOf, sumYuan } from '../report-range';
import { useReportRange } from '../useReportRange';

const money = { align: 'right' as const, render: (v: number) => v.toFixed(2) };

/** 租赁报表: rentals paid per day: orders, rent, deposits taken, money taken and given back. */
export default function LeaseReportPage() {
  const [query, setQuery] = useReportRange();
  const rows = useApiQuery(report.queryLeaseByDay, { query });
  const data = rows.data ?? [];
  return (
    <div>
      <ReportFilter value={query} onChange={setQuery} onExport={(q) => void downloadFile(report.exportLeaseByDay, { query: q })} />
      <Figures
        items={[
          { title: '租赁订单', value: sumOf(data, (r) => r.orders) },
          { title: '租金（元）', value: sumYuan(data, (r) => r.rent), precision: 2 },
          { title: '押金（元）', value: sumYuan(data, (r) => r.deposit), precision: 2 },
          { title: '实收（元）', value: sumYuan(data, (r) => r.amount), precision: 2 },
          { title: '退款（元）', value: sumYuan(data, (r) => r.refund), precision: 2 },
        ]}
      />
      <Panel title="按日统计" empty={!rows.isLoading && !data.length}>
        <Table
          size="small"
          rowKey="day"
          loading={rows.isLoading}
          dataSource={data}
          pagination={false}
          scroll={{ x: 600, y: 400 }}
          columns={[
            { title: '日期', dataIndex: 'day' },
            { title: '订单数', dataIndex: 'orders', align: 'right' },
            { title: '租金（元）', dataIndex: 'rent', ...money },
            { title: '押金（元）', dataIndex: 'deposit', ...money },
            { title: '实收（元）', dataIndex: 'amount', ...money },
            { title: '退款（元）', dataIndex: 'refund', ...money },
          ]}
        />
      </Panel>
    </div>
  );
}
