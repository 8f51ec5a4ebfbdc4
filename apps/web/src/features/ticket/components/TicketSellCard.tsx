import { useState } from 'react';
import Decimal from 'decimal.js';
import { Button, Card, InputNumber, Space, Table, Typography } from 'antd';
import type { Card as MemberCard, TicketType } from '@venue/contract';
import * as ticket from '@venue/contract/ticket';
import { PaymentDialog, payThenPrint, printPaidOrder } from '@/features/checkout';
import { MemberCardSearch, MemberDisplay } from '@/features/member-card';
import { formatYuan } from '@/lib/money';
import { toast } from '@/lib/notify';
import { useApiMutation, useApiQuery } from '@/lib/query';
import { timesText } from '../ticket-view';
import { useTicketPrinter } from '../useTicketPrinter';

/** 售票: types of the current venue with quantities, a member if any, 提交订单, 收款, tickets printed with their QR codes, 重打. */
export function TicketSellCard({ venueId }: { venueId: number }) {
  const types = useApiQuery(ticket.typeForSale, { query: { venueId } }).data ?? [];
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [card, setCard] = useState<MemberCard | null>(null);
  const [order, setOrder] = useState<{ orderId: number } | null>(null);
  const [paying, setPaying] = useState(false);
  const [printed, setPrinted] = useState<number[]>([]);
  const createOrder = useApiMutation(ticket.createOrder);
  const payOrder = useApiMutation(ticket.payOrder, { quiet: true, invalidates: [ticket.orderQuery] });
  const printer = useTicketPrinter(venueId);
  const chosen = types.filter((t) => (quantities[t.typeId] ?? 0) > 0);
  const total = chosen.reduce((sum, t) => sum.plus(new Decimal(t.price).times(quantities[t.typeId])), new Decimal(0));
  const memberId = card?.memberId ?? null;

  function reset() {
    setQuantities({});
    setCard(null);
    setOrder(null);
    setPaying(false);
  }
  async function submit() {
    if (!chosen.length) return toast.warning('请选择票种');
    if (order) return setPaying(true);
    const details = chosen.map((t) => ({ typeId: t.typeId, quantity: quantities[t.typeId] }));
    const created = await createOrder.mutateAsync({ body: { venueId, memberId, details } }).catch(() => null);
    if (!created) return;
    setOrder({ orderId: created.orderId });
    setPaying(true);
  }
  const pay = payThenPrint({
    pay: (request) => payOrder.mutateAsync({ body: request }),
    paid: reset,
    print: printPaidOrder(printer),
    done: setPrinted,
    failed: (outcome) => {
      if (outcome === 'close') setPaying(false);
      if (outcome === 'clear' || outcome === 'reorder') reset();
    },
  });
  const setQuantity = (t: TicketType, q: number | null) => {
    setOrder(null);
    setQuantities((all) => ({ ...all, [t.typeId]: Math.max(0, q ?? 0) }));
  };

  return (
    <Card title="售票" size="small">
      <Table<TicketType>
        size="small"
        rowKey="typeId"
        dataSource={types}
        pagination={false}
        locale={{ emptyText: '当前场馆没有可售票种' }}
        columns={[
          { title: '票种', dataIndex: 'typeName' },
          { title: '使用时间', key: 'times', render: (_, t) => timesText(t) },
          { title: '票价（元）', dataIndex: 'price', width: 100, render: (p: number) => formatYuan(p) },
          {
            title: '数量',
            key: 'quantity',
            width: 110,
            render: (_, t) => (
              <InputNumber
                aria-label={`${t.typeName} 数量`}
                min={0}
                max={50}
                precision={0}
                value={quantities[t.typeId] ?? 0}
                onChange={(q) => setQuantity(t, q)}
              />
            ),
          },
        ]}
      />
      <div style={{ marginTop: 12 }}>
        <MemberCardSearch scanner={false} venueId={venueId} onSelect={setCard} />
        {card && (
          <div style={{ marginTop: 8 }}>
            <MemberDisplay card={card} />
            <Button size="small" type="link" onClick={() => setCard(null)}>
              移除会员
            </Button>
          </div>
        )}
      </div>
      <Space style={{ marginTop: 12 }} wrap>
        <Typography.Text strong>合计：{formatYuan(total.toNumber())} 元</Typography.Text>
        {chosen.length > 0 && (
          <Button type="primary" loading={createOrder.isPending} onClick={() => void submit()}>
            提交订单
          </Button>
        )}
        {printed.length > 0 && <Button onClick={() => void printer.reprint(printed)}>重打</Button>}
      </Space>
      {order && (
        <PaymentDialog
          forPay={ticket.queryOrderForPay}
          open={paying}
          orderId={order.orderId}
          memberId={memberId}
          venueId={venueId}
          payTypes="M"
          onPay={pay}
          onClose={() => setPaying(false)}
        />
      )}
    </Card>
  );
}
