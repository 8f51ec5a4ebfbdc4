import { useState } from 'react';
import { Alert, Modal, Radio, Table } from 'antd';
import type { HandCharge, HandOrder, OrderRefund } from '@venue/contract';
import * as hand from '@venue/contract/hand';
import * as refund from '@venue/contract/order-refund';
import { formatTime } from '@/lib/format';
import { formatYuan } from '@/lib/money';
import { toast } from '@/lib/notify';
import { useApiMutation } from '@/lib/query';

const ROUTES = Object.entries(refund.REFUND_ROUTE_LABELS).map(([value, label]) => ({ value, label: value === 'F' ? '现金' : label }));

/** 归还手牌 (700 px): what was charged to the band (all settled first), and where the deposit goes back. */
export function ReturnHandDialog({ order, onClose, onDone }: { order: HandOrder; onClose: () => void; onDone: (r: OrderRefund) => void }) {
  const [route, setRoute] = useState<'T' | 'F'>('T');
  const [requestId] = useState(() => crypto.randomUUID());
  const giveBack = useApiMutation(hand.returnHandDeposit, { invalidates: [hand.queryHandInUse, hand.queryHandDepositDetail, hand.all] });

  async function save() {
    const done = await giveBack
      .mutateAsync({ body: { orderId: order.orderId, route, payMode: route === 'F' ? 'cashpay' : undefined, requestId } })
      .catch(() => null);
    if (!done) return;
    toast.success(done.state === 'R' ? `归还成功，退还押金 ${formatYuan(done.amount)} 元` : refund.refundMsg.unknown);
    onDone(done);
  }

  return (
    <Modal
      open
      title={`归还手牌 ${order.handNo}`}
      width={700}
      okText="确认归还"
      onOk={() => void save()}
      confirmLoading={giveBack.isPending}
      onCancel={onClose}
    >
      <div>押金：¥{formatYuan(order.pricePay)}</div>
      <Table<HandCharge>
        rowKey="chargeId"
        size="small"
        pagination={false}
        style={{ margin: '8px 0' }}
        title={() => '手牌消费'}
        dataSource={order.charges}
        columns={[
          { title: '类型', dataIndex: 'orderTypeName' },
          { title: '订单', dataIndex: 'orderId' },
          { title: '内容', dataIndex: 'summary' },
          { title: '金额', dataIndex: 'amount', render: (a: number) => formatYuan(a) },
          { title: '时间', dataIndex: 'createTime', render: formatTime },
          { title: '结算', dataIndex: 'settled', render: (s: boolean) => (s ? '已结清' : '未结清') },
        ]}
      />
      {order.unsettled > 0 && <Alert type="warning" showIcon message={hand.handMsg.unsettled(formatYuan(order.unsettled))} />}
      <div style={{ margin: '12px 0' }}>
        押金退还方式：
        <Radio.Group options={ROUTES} value={route} onChange={(e) => setRoute(e.target.value as 'T' | 'F')} />
      </div>
    </Modal>
  );
}
