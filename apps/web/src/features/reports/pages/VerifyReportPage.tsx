import { Table } from 'antd';
import * as report from '@venue/contract/report';
import { downloadFile } from '@/lib/http';
import { useApiQuery } from '@/lib/query';
import { Figures, Panel } from '../components/Figures';
import { ReportFilter } from '../components/ReportFilter';
import { sumOf } from '../report-range';
import { useReportRange } from '../useReportRange';

/** 核销报表: vouchers verified (not cancelled) and ticket entries, per day and source. */
export default function VerifyReportPage() {
  const [query, setQuery] = useReportRange();
  const rows = useApiQuery(report.queryVerifyByDay, { query });
  const data = rows.data ?? [];
  const count = (source: report.VerifySource) =>
    sumOf(
      data.filter((r) => r.source === source),
      (r) => r.count,
    );
  return (
    <div>
      <ReportFilter value={query} onChange={setQuery} onExport={(q) => void downloadFile(report.exportVerifyByDay, { query: q })} />
      <Figures
        items={[
          { title: '核销合计', value: sumOf(data, (r) => r.count) },
          ...report.VERIFY_SOURCES.map((s) => ({ title: `${report.VERIFY_SOURCE_LABELS[s]}核销`, value: count(s) })),
        ]}
      />
      <Panel title="按日、来源统计" empty={!rows.isLoading && !data.length}>
        <Table
          size="small"
          rowKey={(r) => `${r.day}-${r.source}`}
          loading={rows.isLoading}
          dataSource={data}
          pagination={{ pageSize: 20, showSizeChanger: false }}
          columns={[
            { title: '日期', dataIndex: 'day' },
            { title: '来源', dataIndex: 'source', render: (s: report.VerifySource) => report.VERIFY_SOURCE_LABELS[s] },
            { title: '核销次数', dataIndex: 'count', align: 'right' },
            { title: '金额（元）', dataIndex: 'amount', align: 'right', render: (v: number) => v.toFixed(2) },
          ]}
        />
      </Panel>
    </div>
  );
}
