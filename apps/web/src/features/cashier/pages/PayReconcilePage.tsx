import { useState } from 'react';
import { Alert, Button, DatePicker, Space, Table, Tag } from 'antd';
import { DownloadOutlined, SyncOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import * as payChannel from '@venue/contract/pay-channel';
import * as payment from '@venue/contract/payment';
import { downloadFile } from '@/lib/http';
import { useApiMutation, useApiQuery } from '@/lib/query';

type Run = payChannel.ReconcileRun;
type Diff = Run['diffs'][number];
const STATE_COLORS: Record<Run['state'], string> = { R: 'processing', D: 'success', F: 'error' };
const amount = (v: number | null) => (v === null ? '—' : v.toFixed(2));

/**
 * 支付对账: for a day, each live channel account's bill from the platform against this venue's payments
 * and refunds, line by line (the morning job runs yesterday's; 立即对账 runs the chosen day again), with
 * what differs and its .xlsx export.
 */
export default function PayReconcilePage() {
  const [day, setDay] = useState<Dayjs>(() => dayjs().subtract(1, 'day'));
  const billDate = day.format('YYYY-MM-DD');
  const runs = useApiQuery(payChannel.reconcileList, { query: { billDate } });
  const run = useApiMutation(payChannel.reconcileRunNow, { invalidates: [payChannel.reconcileList] });
  const data = runs.data ?? [];
  return (
    <div>
      <Space wrap style={{ marginBottom: 16 }}>
        <DatePicker aria-label="对账日期" value={day} allowClear={false} onChange={(d) => d && setDay(d)} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
        <Button type="primary" icon={<SyncOutlined />} loading={run.isPending} onClick={() => run.mutate({ body: { billDate } })}>
          立即对账
        </Button>
        <Button icon={<DownloadOutlined />} onClick={() => void downloadFile(payChannel.reconcileExport, { query: { billDate } })}>
          导出差异
        </Button>
      </Space>
      {!runs.isLoading && !data.length && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="该日尚无对账结果：真实通道每天上午自动对账前一日，也可点击“立即对账”。模拟通道不对账。"
        />
      )}
      <Table<Run>
        size="small"
        rowKey="id"
        loading={runs.isLoading}
        dataSource={data}
        pagination={false}
        expandable={{ rowExpandable: (r) => r.diffs.length > 0, expandedRowRender: (r) => <DiffTable diffs={r.diffs} /> }}
        columns={[
          { title: '收款渠道', dataIndex: 'payMode', render: payment.payModeName },
          { title: '收款账户', dataIndex: 'venueName' },
          { title: '状态', dataIndex: 'state', render: (s: Run['state']) => <Tag color={STATE_COLORS[s]}>{payChannel.RECONCILE_STATES[s]}</Tag> },
          { title: '账单笔数', dataIndex: 'billCount', align: 'right' },
          { title: '本地笔数', dataIndex: 'localCount', align: 'right' },
          { title: '差异笔数', dataIndex: 'diffCount', align: 'right' },
          { title: '说明', dataIndex: 'message' },
          { title: '对账时间', dataIndex: 'updatedAt', render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss') },
        ]}
      />
    </div>
  );
}

function DiffTable({ diffs }: { diffs: Diff[] }) {
  return (
    <Table<Diff>
      size="small"
      rowKey={(d) => `${d.kind}-${d.tradeType}-${d.outNo}`}
      dataSource={diffs}
      pagination={false}
      columns={[
        { title: '差异', dataIndex: 'kind', render: (k: Diff['kind']) => <Tag color={k === 'AMOUNT' ? 'orange' : 'red'}>{payChannel.DIFF_KINDS[k]}</Tag> },
        { title: '类型', dataIndex: 'tradeType', render: (t: Diff['tradeType']) => payChannel.TRADE_TYPES[t] },
        { title: '商户单号', dataIndex: 'outNo' },
        { title: '渠道单号', dataIndex: 'channelNo' },
        { title: '本地金额（元）', dataIndex: 'localAmount', align: 'right', render: amount },
        { title: '账单金额（元）', dataIndex: 'billAmount', align: 'right', render: amount },
        { title: '交易时间', dataIndex: 'tradeTime' },
      ]}
    />
  );
}
