import { useState } from 'react';
import { Button, DatePicker, Form, Input, Popconfirm, Select, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import * as marketing from '@venue/contract/marketing';
import { PERMISSIONS } from '@venue/contract/common/access';
import { RECORD_STATE_LABELS, type RecordFilters, type RecordState, type VerificationRecord } from '@venue/contract/marketing';
import { CrudPage } from '@/components/list/CrudPage';
import { Permission, usePermission } from '@/components/Permission';
import { formatTime } from '@/lib/format';
import { downloadFile } from '@/lib/http';
import { fenToYuan } from '@/lib/money';
import { notify } from '@/lib/notify';
import { useApiMutation } from '@/lib/query';
import { dateRange } from '@/lib/time';
import type { Dayjs } from 'dayjs';
import { DailyTotals } from '../components/DailyTotals';
import { PlatformSettings } from '../components/PlatformSettings';
import { RecordDetail } from '../components/RecordDetail';

const STATE_COLORS: Record<RecordState, string> = { P: 'processing', V: 'success', U: 'warning', F: 'error', C: 'default' };
const stateOptions = Object.entries(RECORD_STATE_LABELS).map(([value, label]) => ({ value, label }));

function toFilters({ range, ...rest }: Record<string, unknown>): RecordFilters {
  const [begin, end] = (range as [Dayjs, Dayjs] | undefined) ?? [];
  const [beginTime, endTime] = dateRange(begin, end) ?? [];
  return { ...rest, beginTime, endTime } as RecordFilters;
}

/**
 * 核销记录: every voucher verification (code, sku, amount, order, venue, user, time, the platform's verify id),
 * its 详情 (certificate id, encrypted code, each platform call's logid), 撤销核销 and the daily totals.
 */
export default function VoucherRecordPage() {
  const canCancel = usePermission([PERMISSIONS.marketing.couponRecord.cancel]);
  const [viewing, setViewing] = useState<VerificationRecord | null>(null);
  const cancel = useApiMutation(marketing.cancelByVerifyId, { invalidates: [marketing.recordQuery, marketing.dailyTotals] });
  return (
    <>
      <CrudPage<VerificationRecord, RecordFilters, object>
        entity="核销记录"
        rowKey="recordId"
        list={marketing.recordQuery}
        toFilters={toFilters}
        searchFields={
          <>
            <Form.Item name="range">
              <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} />
            </Form.Item>
            <Form.Item name="code">
              <Input placeholder="券码" allowClear style={{ width: 150 }} />
            </Form.Item>
            <Form.Item name="skuTitle">
              <Input placeholder="商品名称" allowClear style={{ width: 150 }} />
            </Form.Item>
            <Form.Item name="state">
              <Select placeholder="状态" aria-label="状态" allowClear options={stateOptions} style={{ width: 110 }} />
            </Form.Item>
          </>
        }
        columns={[
          { title: '核销时间', dataIndex: 'verifyTime', render: (t: string | null, r) => formatTime(t ?? r.createTime) },
          { title: '券码', dataIndex: 'code' },
          { title: '商品', dataIndex: 'skuTitle' },
          { title: '实付金额（元）', dataIndex: 'payAmount', align: 'right', render: (fen: number) => fenToYuan(fen) },
          {
            title: '状态',
            dataIndex: 'state',
            render: (s: RecordState, r) => (
              <Tag color={STATE_COLORS[s]} title={r.message || undefined}>
                {RECORD_STATE_LABELS[s]}
              </Tag>
            ),
          },
          { title: '平台订单号', dataIndex: 'orderId' },
          { title: '核销编号', dataIndex: 'verifyId' },
          { title: '场馆', dataIndex: 'venueName' },
          { title: '操作人', dataIndex: 'userName' },
          { title: '撤销', key: 'cancelled', render: (_, r) => (r.cancelTime ? `${r.cancelUserName ?? ''} ${formatTime(r.cancelTime)}` : '') },
          { title: '说明', dataIndex: 'message' },
        ]}
        actionWidth={150}
        rowActions={(r, reload) => (
          <>
            <Button size="small" type="link" onClick={() => setViewing(r)}>
              详情
            </Button>
            {canCancel && r.state === 'V' && r.verifyId && (
              <Popconfirm
                title="撤销核销"
                description={r.cancellable ? `确定撤销券码 ${r.code} 的核销吗？` : '已超过一小时，平台可能拒绝撤销，仍要尝试吗？'}
                okText="确定"
                cancelText="取消"
                onConfirm={async () => {
                  await cancel.mutateAsync({ query: { verifyId: r.verifyId! } }).then(
                    () => notify.success('撤销核销成功'),
                    () => undefined,
                  );
                  await reload();
                }}
              >
                <Button size="small" type="link" danger>
                  撤销核销
                </Button>
              </Popconfirm>
            )}
          </>
        )}
        toolbar={(_, filters) => (
          <>
            <Permission value={[PERMISSIONS.marketing.couponRecord.export]}>
              <Button icon={<DownloadOutlined />} onClick={() => void downloadFile(marketing.recordExport, { query: filters })}>
                导出
              </Button>
            </Permission>
            <Permission value={[PERMISSIONS.marketing.couponConfig.edit]}>
              <PlatformSettings />
            </Permission>
          </>
        )}
      />
      <DailyTotals />
      <RecordDetail record={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
