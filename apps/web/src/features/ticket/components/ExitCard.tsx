import { useState } from 'react';
import { Button, Card, Input, Space, Typography } from 'antd';
import type { TicketOverstay, TimeoutDetail } from '@venue/contract';
import * as ticket from '@venue/contract/ticket';
import * as ticketDesk from '@venue/contract/ticket-desk';
import { PaymentDialog, payThenPrint } from '@/features/checkout';
import { callApi } from '@/lib/http';
import { formatYuan } from '@/lib/money';
import { toast } from '@/lib/notify';
import { useInvalidate } from '@/lib/query';
import { OverstayTable } from './OverstayTable';

type Owed = { orderId: number; minutes: number; pricePay: number; detail?: TimeoutDetail };

/**
 * 离场结算: a ticket leaving within its slot goes; one past it pays its overstay (超时) at the till first.
 * 超时查询 lists the order's tickets with what leaving now would owe (queryDetailWithTimeout); 收超时费
 * makes the overstay order (ticketTimeoutOrder/createOrder) and takes it; the order's detail
 * (ticketTimeoutOrderDetail/query) is shown while it is paid.
 */
export function ExitCard({ venueId }: { venueId: number }) {
  const [keyword, setKeyword] = useState('');
  const [owed, setOwed] = useState<Owed | null>(null);
  const [overstays, setOverstays] = useState<TicketOverstay[]>([]);
  const [paying, setPaying] = useState(false);
  const invalidate = useInvalidate();

  async function owe(o: Owed) {
    const [detail] = await callApi(ticketDesk.timeoutDetailQuery, { query: { orderId: o.orderId } }).catch(() => []);
    setOwed({ ...o, detail });
    setPaying(true);
    await invalidate([ticket.timeoutQuery]);
  }
  async function leave(code: string) {
    if (!code.trim()) return toast.warning(ticket.TICKET_MSG.notFound);
    const answer = await callApi(ticket.sceneBalance, { body: { qrCode: code.trim() } }).catch(() => null);
    if (!answer) return;
    if (answer.left) {
      toast.success('离场成功');
      setKeyword('');
      setOverstays([]);
      return invalidate([ticket.queryPeopleCount]);
    }
    await owe({ orderId: answer.timeoutOrderId!, minutes: answer.minutes, pricePay: answer.pricePay });
  }
  async function lookup() {
    if (!keyword.trim()) return toast.warning(ticket.TICKET_MSG.notFound);
    setOverstays(await callApi(ticketDesk.queryDetailWithTimeout, { query: { qrCode: keyword.trim() } }).catch(() => []));
  }
  async function charge(row: TicketOverstay) {
    const made = await callApi(ticketDesk.createTimeoutOrder, { body: { qrCode: row.qrCode } }).catch(() => null);
    if (made) await owe({ orderId: made.timeoutOrderId, minutes: made.minutes, pricePay: made.pricePay });
  }
  const pay = payThenPrint({
    pay: (request) => callApi(ticket.timeoutPay, { body: request }, { quiet: true }),
    success: () => '超时费已收，离场成功',
    paid: () => {
      setOwed(null);
      setPaying(false);
      setKeyword('');
      setOverstays([]);
    },
    done: () => invalidate([ticket.queryPeopleCount, ticket.timeoutQuery]),
    failed: (outcome) => outcome !== 'keep' && setPaying(false),
  });

  return (
    <Card title="离场结算" size="small">
      <Space.Compact style={{ width: '100%' }}>
        <Input.Search
          aria-label="离场票据码"
          placeholder="请扫描或输入票据二维码"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => void leave(v)}
          enterButton="离场"
        />
        <Button onClick={() => void lookup()}>超时查询</Button>
      </Space.Compact>
      {overstays.length > 0 && <OverstayTable rows={overstays} onCharge={(r) => void charge(r)} />}
      {owed && (
        <Typography.Paragraph type="warning" style={{ marginTop: 8 }}>
          已超时 {owed.minutes} 分钟，需补交超时费 {formatYuan(owed.pricePay)} 元
          {owed.detail && `（超时订单 ${owed.detail.orderId}：${owed.detail.typeName}，入场 ${owed.detail.checkTime}，时段结束 ${owed.detail.slotEnd}）`}
        </Typography.Paragraph>
      )}
      {owed && (
        <PaymentDialog
          forPay={ticket.timeoutForPay}
          open={paying}
          orderId={owed.orderId}
          memberId={null}
          venueId={venueId}
          payTypes="M"
          onPay={pay}
          onClose={() => setPaying(false)}
        />
      )}
    </Card>
  );
}
