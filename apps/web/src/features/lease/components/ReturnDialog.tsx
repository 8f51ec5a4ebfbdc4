import { useState } from 'react';
import { Alert, InputNumber, Modal, Radio, Table } from 'antd';
import { lease, refund, type LeaseOrder, type OrderRefund } from '@venue/contract';
import { formatYuan } from '@/lib/money';
import { toast } from '@/lib/notify';
import { useApiMutation } from '@/lib/query';

type Line = LeaseOrder['details'][number];
const left = (l: Line) => l.quantity - l.returnedQuantity;
const ROUTES = Object.entries(refund.REFUND_ROUTE_LABELS).map(([value, label]) => ({ value, label: value === 'F' ? '现金' : label }));

/**
 * 归还 (700 px): the units coming back of each line (all that is out unless changed), the damage or loss
 * to keep from their deposit, and where the deposit goes (back the way it was paid, or cash). The server
 * adds the overtime of timed goods and answers what went back.
 */
export function ReturnDialog({ order, onClose, onDone }: { order: LeaseOrder; onClose: () => void; onDone: (r: OrderRefund) => void }) {
  const out = order.details.filter((l) => left(l) > 0);
  const [counts, setCounts] = useState<Record<number, { quantity: number; damage: number }>>(() =>
    Object.fromEntries(out.map((l) => [l.detailId, { quantity: left(l), damage: 0 }])),
  );
  const [route, setRoute] = useState<'T' | 'F'>('T');
  const [requestId] = useState(() => crypto.randomUUID());
  const giveBack = useApiMutation(lease.returnGoods, { invalidates: [lease.query, lease.orderById, lease.orderReturns, lease.goodsAll, lease.goodsQuery] });
  const set = (id: number, patch: Partial<{ quantity: number; damage: number }>) => setCounts((c) => ({ ...c, [id]: { ...c[id], ...patch } }));

  async function save() {
    const lines = out.map((l) => ({ detailId: l.detailId, ...counts[l.detailId] })).filter((l) => l.quantity > 0);
    if (!lines.length) return toast.warning('请选择要归还的商品和数量');
    const done = await giveBack
      .mutateAsync({ body: { orderId: order.orderId, route, payMode: route === 'F' ? 'cashpay' : undefined, lines, requestId } })
      .catch(() => null);
    if (!done) return;
    toast.success(done.state === 'R' ? `归还成功，退还押金 ${formatYuan(done.amount)} 元` : refund.refundMsg.unknown);
    onDone(done);
  }

  return (
    <Modal
      open
      title={`归还 租赁订单 ${order.orderId}`}
      width={700}
      okText="确认归还"
      onOk={() => void save()}
      confirmLoading={giveBack.isPending}
      onCancel={onClose}
    >
      <Table<Line>
        rowKey="detailId"
        size="small"
        pagination={false}
        dataSource={out}
        columns={[
          { title: '商品', dataIndex: 'goodsName' },
          { title: '未还', key: 'left', render: (_, l) => `${left(l)} ${l.unit}` },
          { title: '押金/件', dataIndex: 'deposit', render: (d: number) => formatYuan(d) },
          {
            title: '归还数量',
            key: 'quantity',
            render: (_, l) => (
              <InputNumber
                aria-label={`${l.goodsName} 归还数量`}
                min={0}
                max={left(l)}
                precision={0}
                value={counts[l.detailId]?.quantity}
                onChange={(v) => set(l.detailId, { quantity: v ?? 0 })}
              />
            ),
          },
          {
            title: '损坏赔偿（元）',
            key: 'damage',
            render: (_, l) => (
              <InputNumber
                aria-label={`${l.goodsName} 损坏赔偿`}
                min={0}
                precision={2}
                value={counts[l.detailId]?.damage}
                onChange={(v) => set(l.detailId, { damage: v ?? 0 })}
              />
            ),
          },
        ]}
      />
      <div style={{ margin: '12px 0' }}>
        押金退还方式：
        <Radio.Group options={ROUTES} value={route} onChange={(e) => setRoute(e.target.value as 'T' | 'F')} />
      </div>
      <Alert type="info" showIcon message="按时计费的商品超过计时单位和免费时长后，按每个计时单位收取超时费（每日封顶），与损坏赔偿一起从押金中扣除。" />
    </Modal>
  );
}
