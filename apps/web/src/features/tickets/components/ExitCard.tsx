import { useState } from 'react';
import { Card, Input, Typography } from 'antd';
import { ticket, type payment } from '@venue/contract';
import { PaymentDialog, payFailure } from '@/features/cashier';
import { callApi } from '@/lib/http';
import { formatYuan } from '@/lib/money';
import { notify, toast } from '@/lib/notify';
import { useInvalidate } from '@/lib/query';

/** 离场结算: a ticket leaving within its slot goes; one past it pays its overstay (超时) at the till first. */
export function ExitCard({ venueId }: { venueId: number }) {
  const [keyword, setKeyword] = useState('');
  const [owed, setOwed] = useState<{ orderId: number; minutes: number; pricePay: number } | null>(null);
  const [paying, setPaying] = useState(false);
  const invalidate = useInvalidate();

  async function leave(code: string) {
    if (!code.trim()) return toast.warning(ticket.TICKET_MSG.notFound);
    const answer = await callApi(ticket.sceneBalance, { body: { qrCode: code.trim() } }).catch(() => null);
    if (!answer) return;
    if (answer.left) {
      toast.success('离场成功');
      setKeyword('');
      return invalidate([ticket.queryPeopleCount]);
    }
    setOwed({ orderId: answer.timeoutOrderId!, minutes: answer.minutes, pricePay: answer.pricePay });
    setPaying(true);
  }
  async function pay(request: payment.PayRequest) {
    try {
      await callApi(ticket.timeoutPay, { body: request }, { quiet: true });
      toast.success('超时费已收，离场成功');
      setOwed(null);
      setPaying(false);
      setKeyword('');
      await invalidate([ticket.queryPeopleCount]);
    } catch (error) {
      const failure = payFailure(error);
      notify.warning(failure.message);
      if (failure.outcome !== 'keep') setPaying(false);
    }
  }

  return (
    <Card title="离场结算" size="small">
      <Input.Search
        aria-label="离场票据码"
        placeholder="请扫描或输入票据二维码"
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        onSearch={(v) => void leave(v)}
        enterButton="离场"
      />
      {owed && (
        <Typography.Paragraph type="warning" style={{ marginTop: 8 }}>
          已超时 {owed.minutes} 分钟，需补交超时费 {formatYuan(owed.pricePay)} 元
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
