import { useState } from 'react';
import { Button, DatePicker, Descriptions, Form, Input, Modal, Select, Table, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import type { CallQuery, SaleOrder } from '@venue/contract';
import * as payment from '@venue/contract/payment';
import * as sale from '@venue/contract/sale';
import { PERMISSIONS } from '@venue/contract/common/access';
import { CrudPage } from '@/components/list/CrudPage';
import { Permission } from '@/components/Permission';
import { downloadFile } from '@/lib/http';
import { formatTime } from '@/lib/format';
import { formatYuan, lineAmount } from '@/lib/money';
import { useSession } from '@/lib/session';
import { dateRange } from '@/lib/time';
import { CloseOrderButton, useReceiptPrinter } from '@/features/checkout';
import { canRefund } from '../refund';
import { AutoCloseSetting } from '../components/AutoCloseSetting';
import { OrderRefunds } from '../components/OrderRefunds';
import { SaleRefundDialog } from '../components/SaleRefundDialog';
import { usePermission } from '@/components/Permission';

type Filters = Omit<CallQuery<typeof sale.query>, 'current' | 'size'>;
const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));
const PAY_STATE_COLORS: Record<string, string> = { P: 'success', N: 'warning', PR: 'orange', FR: 'purple', F: 'error' };
/** Receipts reprint for orders that were paid, refunded or not. */
const PRINTABLE = new Set(['P', 'PR', 'FR']);

/** 销售订单: the venue's goods sales by date, state, member and seller; details, reprint, export. */
export default function SaleOrderPage() {
  const venueId = useSession((s) => s.user?.currentVenueId);
  const printer = useReceiptPrinter(venueId);
  const [viewing, setViewing] = useState<SaleOrder | null>(null);
  const [refunding, setRefunding] = useState<SaleOrder | null>(null);
  const mayRefund = usePermission([PERMISSIONS.goods.saleOrder.refund]);
  return (
    <>
      <CrudPage<SaleOrder, Filters, object>
        entity="销售订单"
        rowKey="orderId"
        list={sale.query}
        toFilters={({ range, ...rest }) => {
          const [begin, end] = (range as [Dayjs, Dayjs] | undefined) ?? [];
          const [beginTime, endTime] = dateRange(begin, end) ?? [];
          return { ...(rest as Filters), beginTime, endTime };
        }}
        searchFields={
          <>
            <Form.Item name="range">
              <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} />
            </Form.Item>
            <Form.Item name="payState">
              <Select placeholder="支付状态" aria-label="支付状态" allowClear options={options(sale.PAY_STATE_LABELS)} style={{ width: 130 }} />
            </Form.Item>
            <Form.Item name="memberName">
              <Input placeholder="会员姓名" allowClear style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="createName">
              <Input placeholder="收银员" allowClear style={{ width: 120 }} />
            </Form.Item>
          </>
        }
        columns={[
          { title: '单号', dataIndex: 'orderId', width: 80 },
          { title: '商品', key: 'goods', render: (_, o) => o.details.map((d) => `${d.goodsName}×${d.quantity}`).join('，') },
          { title: '实收（元）', dataIndex: 'pricePay', align: 'right', render: (p: number) => formatYuan(p) },
          { title: '已退（元）', dataIndex: 'refundedAmount', align: 'right', render: (r: number) => (r > 0 ? formatYuan(r) : '—') },
          { title: '支付方式', key: 'pay', render: (_, o) => [...new Set(o.payRecords.map(payment.payRecordName))].join('+') || '—' },
          {
            title: '支付状态',
            dataIndex: 'payState',
            render: (s: string) => <Tag color={PAY_STATE_COLORS[s] ?? 'default'}>{sale.PAY_STATE_LABELS[s] ?? s}</Tag>,
          },
          { title: '会员', dataIndex: 'memberName', render: (n: string | null) => n ?? '—' },
          { title: '收银员', dataIndex: 'createName' },
          { title: '时间', dataIndex: 'createTime', width: 170, render: formatTime },
        ]}
        rowActions={(o) => (
          <>
            <Button size="small" type="link" onClick={() => setViewing(o)}>
              详情
            </Button>
            {PRINTABLE.has(o.payState) && (
              <Button size="small" type="link" onClick={() => void printer.reprint([o.orderId])}>
                重打
              </Button>
            )}
            {mayRefund && canRefund(o) && (
              <Button size="small" type="link" danger onClick={() => setRefunding(o)}>
                退款
              </Button>
            )}
            <CloseOrderButton order={o} />
          </>
        )}
        toolbar={(_, filters) => (
          <>
            <Permission value={[PERMISSIONS.goods.saleOrder.list]}>
              <Button icon={<DownloadOutlined />} onClick={() => void downloadFile(sale.exportOrders, { query: filters })}>
                导出
              </Button>
            </Permission>
            <AutoCloseSetting />
          </>
        )}
      />
      <Modal open={viewing !== null} title={`销售订单 ${viewing?.orderId ?? ''}`} width={900} footer={null} onCancel={() => setViewing(null)}>
        {viewing && (
          <>
            <Descriptions size="small" bordered column={2} style={{ marginBottom: 12 }}>
              <Descriptions.Item label="场馆">{viewing.venueName}</Descriptions.Item>
              <Descriptions.Item label="仓库">{viewing.warehouseName}</Descriptions.Item>
              <Descriptions.Item label="订单状态">{sale.ORDER_STATE_LABELS[viewing.orderState] ?? viewing.orderState}</Descriptions.Item>
              <Descriptions.Item label="支付状态">{sale.PAY_STATE_LABELS[viewing.payState] ?? viewing.payState}</Descriptions.Item>
              <Descriptions.Item label="会员">
                {viewing.memberName ?? '—'} {viewing.cardNo ?? ''}
              </Descriptions.Item>
              <Descriptions.Item label="收银员">{viewing.createName}</Descriptions.Item>
              <Descriptions.Item label="原价">¥{formatYuan(viewing.priceOrig)}</Descriptions.Item>
              <Descriptions.Item label="实收">¥{formatYuan(viewing.pricePay)}</Descriptions.Item>
              <Descriptions.Item label="退款类型">{sale.REFUND_TYPE_LABELS[viewing.refundType] ?? viewing.refundType}</Descriptions.Item>
              <Descriptions.Item label="已退">
                ¥{formatYuan(viewing.refundedAmount)} {sale.REFUND_STATE_LABELS[viewing.refundState] ?? ''}
              </Descriptions.Item>
            </Descriptions>
            <Table
              rowKey="detailId"
              size="small"
              pagination={false}
              dataSource={viewing.details}
              columns={[
                { title: '商品', dataIndex: 'goodsName' },
                { title: '数量', dataIndex: 'quantity' },
                { title: '单价', dataIndex: 'price', render: (p: number) => formatYuan(p) },
                { title: '实收单价', dataIndex: 'pricePay', render: (p: number) => formatYuan(p) },
                { title: '金额', key: 'a', render: (_, d) => lineAmount(d.pricePay, d.quantity) },
                { title: '已退数量', dataIndex: 'refundedQuantity' },
              ]}
            />
            <Table
              rowKey={(p) => `${p.payMode}-${p.cardId ?? ''}-${p.payTime}`}
              size="small"
              pagination={false}
              style={{ marginTop: 12 }}
              dataSource={viewing.payRecords}
              columns={[
                { title: '支付方式', dataIndex: 'payName', render: (_: string, p) => payment.payRecordName(p) },
                { title: '金额', dataIndex: 'money', render: (m: number) => formatYuan(m) },
                { title: '会员卡', dataIndex: 'cardNo', render: (c: string | null) => c ?? '—' },
                { title: '时间', dataIndex: 'payTime', render: formatTime },
              ]}
            />
            <OrderRefunds orderId={viewing.orderId} onPrint={printer.printRefund} />
          </>
        )}
      </Modal>
      {refunding && (
        <SaleRefundDialog
          key={refunding.orderId}
          order={refunding}
          onClose={() => setRefunding(null)}
          onDone={(refund) => {
            setRefunding(null);
            if (refund.state === 'R') printer.printRefund(refund);
          }}
        />
      )}
    </>
  );
}
