import { Table } from 'antd';
import * as report from '@venue/contract/report';
import * as ticket from '@venue/contract/ticket';
import { downloadFile } from '@/lib/http';
import { useApiQuery } from '@/lib/query';
import { Figures, Panel } from '../components/Figures';
import { ReportFilter } from '../components/ReportFilter';
import { sumOf, sumYuan } from '../report-range';
import { useReportRange } from '../useReportRange';

/** 票务销售统计: tickets paid per day and type, and how many of them were used. */
export default function TicketReportPage() {
  const [query, setQuery] = useReportRange();
  const rows = useApiQuery(ticket.queryTicketSaleByDay, { query });
  const data = rows.data ?? [];
  return (
    <div>
      <ReportFilter value={query} onChange={setQuery} onExport={(q) => void downloadFile(report.exportTicketSaleByDay, { query: q })} />
      <Figures
        items={[
          { title: '售出张数', value: sumOf(data, (r) => r.quantity) },
          { title: '销售额（元）', value: sumYuan(data, (r) => r.amount), precision: 2 },
          { title: '已核销', value: sumOf(data, (r) => r.checked) },
        ]}
      />
      <Panel title="票务日销售" empty={!rows.isLoading && !data.length}>
        <Table
          size="small"
          rowKey={(r) => `${r.day}-${r.typeName}`}
          loading={rows.isLoading}
          dataSource={data}
          pagination={{ pageSize: 20, showSizeChanger: false }}
          columns={[
            { title: '日期', dataIndex: 'day' },
            { title: '票种', dataIndex: 'typeName' },
            { title: '售出张数', dataIndex: 'quantity', align: 'right' },
            { title: '金额（元）', dataIndex: 'amount', align: 'right', render: (v: number) => v.toFixed(2) },
            { title: '已核销', dataIndex: 'checked', align: 'right' },
          ]}
        />
      </Panel>
    </div>
  );
}
