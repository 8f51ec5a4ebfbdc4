import { useState } from 'react';
import { Button, Form, Input, Modal, Select, Table, Tag } from 'antd';
import type { CallQuery, LeaseOrder, OrderRefund } from '@venue/contract';
import * as lease from '@venue/contract/lease';
import * as payment from '@venue/contract/payment';
import * as refund from '@venue/contract/order-refund';
import { PERMISSIONS } from '@venue/contract/common/access';
import { CrudPage } from '@/components/list/CrudPage';
import { usePermission } from '@/components/Permission';
import { useReceiptPrinter } from '@/features/checkout';
import { formatTime } from '@/lib/format';
import { formatYuan } from '@/lib/money';
import { useApiQuery } from '@/lib/query';
import { useSession } from '@/lib/session';
import { ReturnDialog } from '../components/ReturnDialog';
import { LEASE_RECEIPTS } from '../receipts';

type Filters = Omit<CallQuery<typeof lease.query>, 'current' | 'size'>;
const STATE_OPTIONS = Object.entries(lease.LEASE_ORDER_STATE_LABELS).map(([value, label]) => ({ value, label }));
const STATE_COLORS: Record<string, string> = { A: 'processing', E: 'success', P: 'default', C: 'default' };

function Returns({ orderId, onPrint }: { orderId: number; onPrint: (r: OrderRefund) => void }) {
  const returns = useApiQuery(lease.orderReturns, { query: { orderId } });
  if (!returns.data?.length) return null;
  return (
    <Table<OrderRefund>
      rowKey="refundId"
      size="small"
      pagination={false}
      style={{ marginTop: 12 }}
      title={() => '归还记录'}
      dataSource={returns.data}
      columns={[
        { title: '单号', dataIndex: 'refundId', width: 70 },
        { title: '商品', key: 'goods', render: (_, r) => r.lines.map((l) => `${l.goodsName}×${l.quantity}`).join('，') },
        { title: '退还押金', dataIndex: 'amount', render: (a: number) => formatYuan(a) },
        { title: '方式', key: 'parts', render: (_, r) => r.parts.map((p) => p.payName).join('+') || '—' },
        { title: '状态', dataIndex: 'state', render: (s: string) => refund.REFUND_STATE_LABELS[s] ?? s },
        { title: '时间', dataIndex: 'createTime', render: formatTime },
        {
          title: '',
          key: 'print',
          render: (_, r) => (
            <Button size="small" type="link" onClick={() => onPrint(r)}>
              打印
            </Button>
          ),
        },
      ]}
    />
  );
}

/** 租赁订单: the venue's rentals, the ones out first (overdue marked), details, 归还 and 重打小票. */
export default function LeaseOrderPage() {
  const venueId = useSession((s) => s.user?.currentVenueId);
  const printer = useReceiptPrinter(venueId, LEASE_RECEIPTS);
  const mayReturn = usePermission([PERMISSIONS.lease.order.return]);
  const [viewing, setViewing] = useState<LeaseOrder | null>(null);
  const [returning, setReturning] = useState<LeaseOrder | null>(null);
  return (
    <>
      <CrudPage<LeaseOrder, Filters, object>
        entity="租赁订单"
        rowKey="orderId"
        list={lease.query}
        searchFields={
          <>
            <Form.Item name="orderState">
              <Select placeholder="订单状态" aria-label="订单状态" allowClear options={STATE_OPTIONS} style={{ width: 130 }} />
            </Form.Item>
            <Form.Item name="memberName">
              <Input placeholder="会员姓名" allowClear style={{ width: 120 }} />
            </Form.Item>
          </>
        }
        columns={[
          { title: '单号', dataIndex: 'orderId', width: 70 },
          { title: '项目', dataIndex: 'itemName' },
          { title: '商品', key: 'goods', render: (_, o) => o.details.map((d) => `${d.goodsName}×${d.quantity}（已还${d.returnedQuantity}）`).join('，') },
          { title: '租金', dataIndex: 'rent', align: 'right', render: (p: number) => formatYuan(p) },
          { title: '押金', dataIndex: 'deposit', align: 'right', render: (p: number) => formatYuan(p) },
          { title: '已退押金', dataIndex: 'refundedAmount', align: 'right', render: (p: number) => (p > 0 ? formatYuan(p) : '—') },
          {
            title: '状态',
            dataIndex: 'orderState',
            render: (s: string, o) => (
              <>
                <Tag color={STATE_COLORS[s]}>{lease.LEASE_ORDER_STATE_LABELS[s] ?? s}</Tag>
                {o.overdue && <Tag color="error">已超时</Tag>}
              </>
            ),
          },
          { title: '会员', dataIndex: 'memberName', render: (n: string | null) => n ?? '—' },
          { title: '租出时间', dataIndex: 'payTime', render: (t: string | null) => (t ? formatTime(t) : '—') },
        ]}
        rowActions={(o) => (
          <>
            <Button size="small" type="link" onClick={() => setViewing(o)}>
              详情
            </Button>
            {o.payState !== 'U' && o.payState !== 'C' && (
              <Button size="small" type="link" onClick={() => void printer.reprint([o.orderId])}>
                重打
              </Button>
            )}
            {mayReturn && o.orderState === 'A' && (
              <Button size="small" type="link" onClick={() => setReturning(o)}>
                归还
              </Button>
            )}
          </>
        )}
      />
      <Modal open={viewing !== null} title={`租赁订单 ${viewing?.orderId ?? ''}`} width={900} footer={null} onCancel={() => setViewing(null)}>
        {viewing && (
          <>
            <Table
              rowKey="detailId"
              size="small"
              pagination={false}
              dataSource={viewing.details}
              columns={[
                { title: '商品', dataIndex: 'goodsName' },
                { title: '数量', dataIndex: 'quantity' },
                { title: '租金', dataIndex: 'rent', render: (p: number, d) => `${formatYuan(p)}${d.rentMode === 'T' ? `/${d.unitMinutes}分钟` : '/次'}` },
                { title: '押金', dataIndex: 'deposit', render: (p: number) => formatYuan(p) },
                { title: '已还', dataIndex: 'returnedQuantity' },
                { title: '押金扣款', dataIndex: 'deducted', render: (p: number) => formatYuan(p) },
              ]}
            />
            <div style={{ marginTop: 8 }}>
              {viewing.payRecords.map((p, i) => (
                <Tag key={i}>
                  {payment.payRecordName(p)} ¥{formatYuan(p.money)}
                </Tag>
              ))}
            </div>
            <Returns orderId={viewing.orderId} onPrint={printer.printRefund} />
          </>
        )}
      </Modal>
      {returning && (
        <ReturnDialog
          key={returning.orderId}
          order={returning}
          onClose={() => setReturning(null)}
          onDone={(r) => {
            setReturning(null);
            if (r.state === 'R') printer.printRefund(r);
          }}
        />
      )}
    </>
  );
}
