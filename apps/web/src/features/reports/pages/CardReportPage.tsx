import { Table } from 'antd';
import * as member from '@venue/contract/member';
import * as report from '@venue/contract/report';
import { downloadFile } from '@/lib/http';
import { useApiQuery } from '@/lib/query';
import { Figures, Panel } from '../components/Figures';
import { ReportFilter } from '../components/ReportFilter';
import { sumOf, sumYuan } from '../report-range';
import { useReportRange } from '../useReportRange';

const money = { align: 'right' as const, render: (v: number) => v.toFixed(2) };
const KIND = member.CONSUME_KIND_LABELS as Record<string, string>;

/**
 * 会员卡报表: cards sold and topped up per day, card type and pay method; the stored value still owed
 * per venue and card type (the sum of the cards' balances); the consumption summary and its export.
 */
export default function CardReportPage() {
  const [query, setQuery] = useReportRange();
  const sales = useApiQuery(report.queryCardSaleByDay, { query });
  const owed = useApiQuery(member.liability);
  const summaryBody = { beginTime: query.beginDate, endTime: query.endDate, ...(query.venueId ? { venueId: query.venueId } : {}) };
  const consume = useApiQuery(member.queryCardConsumeSummary, { body: summaryBody });
  const rows = sales.data ?? [];
  const liability = (owed.data?.rows ?? []).filter((r) => !query.venueId || r.venueId === query.venueId || r.venueId === null);
  return (
    <div>
      <ReportFilter value={query} onChange={setQuery} onExport={(q) => void downloadFile(report.exportCardSaleByDay, { query: q })} />
      <Figures
        items={[
          { title: '办卡充值订单', value: sumOf(rows, (r) => r.orders) },
          { title: '办卡充值金额（元）', value: sumYuan(rows, (r) => r.amount), precision: 2 },
          { title: '未消费储值（元）', value: owed.data?.total ?? 0, precision: 2 },
        ]}
      />
      <Panel title="办卡与充值（按日、卡类型、支付方式）" empty={!sales.isLoading && !rows.length}>
        <Table
          size="small"
          rowKey={(r) => `${r.day}-${r.cardTypeName}-${r.kind}-${r.payMode}-${r.payName}`}
          loading={sales.isLoading}
          dataSource={rows}
          pagination={{ pageSize: 20, showSizeChanger: false }}
          columns={[
            { title: '日期', dataIndex: 'day' },
            { title: '卡类型', dataIndex: 'cardTypeName' },
            { title: '类别', dataIndex: 'kind', render: (k: string) => report.CARD_ORDER_KIND_LABELS[k] ?? k },
            { title: '支付方式', dataIndex: 'payName' },
            { title: '订单数', dataIndex: 'orders', align: 'right' },
            { title: '金额（元）', dataIndex: 'amount', ...money },
          ]}
        />
      </Panel>
      <Panel title="未消费储值（按场馆、卡类型）" empty={!owed.isLoading && !liability.length}>
        <Table
          size="small"
          rowKey={(r) => `${r.venueId}-${r.cardTypeName}`}
          loading={owed.isLoading}
          dataSource={liability}
          pagination={false}
          columns={[
            { title: '场馆', dataIndex: 'venueName' },
            { title: '卡类型', dataIndex: 'cardTypeName' },
            { title: '卡数', dataIndex: 'cardCount', align: 'right' },
            { title: '储值余额（元）', dataIndex: 'balance', ...money },
          ]}
        />
      </Panel>
      <Panel
        title="会员卡消费汇总"
        empty={!consume.isLoading && !consume.data?.length}
        extra={
          <a role="button" tabIndex={0} onClick={() => void downloadFile(member.exportConsumeSummary, { body: summaryBody })}>
            导出消费汇总
          </a>
        }
      >
        <Table
          size="small"
          rowKey={(r) => `${r.day}-${r.cardTypeName}-${r.kind}`}
          loading={consume.isLoading}
          dataSource={consume.data}
          pagination={{ pageSize: 20, showSizeChanger: false }}
          columns={[
            { title: '日期', dataIndex: 'day' },
            { title: '卡类型', dataIndex: 'cardTypeName' },
            { title: '付费类型', dataIndex: 'payType', render: (t: 'M' | 'T' | 'D') => member.CARD_PAY_TYPE_LABELS[t] },
            { title: '类别', dataIndex: 'kind', render: (k: string) => KIND[k] ?? k },
            { title: '笔数', dataIndex: 'count', align: 'right' },
            { title: '金额/次数', dataIndex: 'amount', align: 'right' },
          ]}
        />
      </Panel>
    </div>
  );
}
