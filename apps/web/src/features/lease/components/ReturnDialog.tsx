import { useState } from 'react';
import { Alert, InputNumber, Modal, Radio, Table } from 'antd';
import type { LeaseOrder, OrderRefund } from '@venue/contract';
import * as lease from '@venue/contract/lease';
import * as refund from '@venue/contract/order-refund';
import { fenToYuan, yuanToFen } from '@venue/contract/common/money';
import { depositBackFen, minutesBetween, overtimeFen } from '@venue/contract/common/lease-rent';
import { formatYuan } from '@/lib/money';
import { toast } from '@/lib/notify';
import { useApiMutation } from '@/lib/query';

type Line = LeaseOrder['details'][number];
const left = (l: Line) => l.quantity - l.returnedQuantity;
/**
 * What the return will keep and give back, by the server's own rule (contract lease-rent): each timed
 * line's overtime since the rental was paid, the damage typed, the deposit back.
 */
function returnPreview(order: LeaseOrder, out: Line[], counts: Record<number, { quantity: number; damage: number }>, nowIso: string) {
  const kept = order.payTime ? minutesBetween(order.payTime, nowIso) : 0;
  return out.reduce(
    (sum, l) => {
      const { quantity, damage } = counts[l.detailId] ?? { quantity: 0, damage: 0 };
      if (quantity <= 0) return sum;
      const terms = {
        rentMode: l.rentMode,
        rentFen: yuanToFen(l.rent),
        unitMinutes: l.unitMinutes,
        freeMinutes: l.freeMinutes,
        dailyCapFen: yuanToFen(l.dailyCap),
      };
      const overtimeOne = overtimeFen(terms, kept);
      const damageFen = yuanToFen(damage);
      return {
        overtime: sum.overtime + overtimeOne * quantity,
        damage: sum.damage + damageFen,
        back: sum.back + depositBackFen(yuanToFen(l.deposit), quantity, damageFen, overtimeOne),
      };
    },
    { overtime: 0, damage: 0, back: 0 },
  );
}
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

  const preview = returnPreview(order, out, counts, new Date().toISOString());

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
      <div data-testid="return-preview" style={{ marginBottom: 12 }}>
        超时费 ¥{formatYuan(fenToYuan(preview.overtime))}，损坏赔偿 ¥{formatYuan(fenToYuan(preview.damage))}，退还押金 ¥{formatYuan(fenToYuan(preview.back))}
      </div>
      <Alert type="info" showIcon message="按时计费的商品超过计时单位和免费时长后，按每个计时单位收取超时费（每日封顶），与损坏赔偿一起从押金中扣除。" />
    </Modal>
  );
}
