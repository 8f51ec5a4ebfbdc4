import { useRef, useState } from 'react';
import { Form, InputNumber } from 'antd';
import type { Card } from '@venue/contract';
import * as member from '@venue/contract/member';
import { PaymentDialog } from '@/features/checkout';
import { FormDialog } from '@/components/list/FormDialog';
import { callApi } from '@/lib/http';
import { formatYuan } from '@/lib/money';
import { useSession } from '@/lib/session';
import { useCardOrderPay } from '../useCardOrderPay';

type Values = { amount?: number; times?: number; remark?: string };

/** 充值 (stored value, yuan) or 加次 (count card, times): the bonus of the type's rules shown, then 收款 and the receipt. */
export function RechargeDialog({ card, onClose, onDone }: { card: Card; onClose: () => void; onDone: () => void }) {
  const venueId = useSession((s) => s.user?.currentVenueId ?? null);
  const created = useRef(false);
  const [bonus, setBonus] = useState(0);
  const [price, setPrice] = useState<number | null>(null);
  const pay = useCardOrderPay(() => {
    onDone();
    onClose();
  });
  const isTimes = card.payType === 'T';
  const preview = (value: number | null) => {
    if (!value || value <= 0) {
      setPrice(null);
      return setBonus(0);
    }
    void callApi(member.rechargeBonus, { query: { cardId: card.cardId, amount: String(value) } }, { quiet: true })
      .then((b) => {
        setBonus(b.bonus);
        setPrice(b.price);
      })
      .catch(() => {
        setBonus(0);
        setPrice(null);
      });
  };

  return (
    <>
      <FormDialog<Values>
        open={pay.order === null}
        title={`${isTimes ? '加次' : '充值'}：${card.cardNo}（${card.memberName}）`}
        onClose={() => {
          if (!created.current) onClose();
        }}
        onSubmit={async (v) => {
          if (!venueId) throw new Error('no venue');
          const order = await callApi(member.createRechargeOrder, {
            body: { cardId: card.cardId, amount: v.amount, times: v.times, venueId, remark: v.remark },
          });
          created.current = true;
          pay.start(order);
        }}
      >
        <div style={{ marginBottom: 12 }}>当前{isTimes ? `剩余 ${card.balance} 次` : `余额 ¥${formatYuan(card.balance)}`}</div>
        {isTimes ? (
          <Form.Item
            name="times"
            label="加次数"
            rules={[{ required: true, message: '请输入次数' }]}
            extra={price === null ? undefined : `应付 ¥${formatYuan(price)}${bonus > 0 ? `，赠送 ${bonus} 次` : ''}`}
          >
            <InputNumber min={1} max={99999} precision={0} onChange={(v) => preview(v as number | null)} style={{ width: 200 }} />
          </Form.Item>
        ) : (
          <Form.Item
            name="amount"
            label="充值金额（元）"
            rules={[{ required: true, message: '请输入充值金额' }]}
            extra={bonus > 0 ? `赠送 ¥${formatYuan(bonus)}` : undefined}
          >
            <InputNumber min={0.01} max={9999999.99} precision={2} onChange={(v) => preview(v as number | null)} style={{ width: 200 }} />
          </Form.Item>
        )}
      </FormDialog>
      {pay.order && venueId && (
        <PaymentDialog
          forPay={member.queryCardOrderForPay}
          open={pay.paying}
          orderId={pay.order.orderId}
          memberId={null}
          venueId={venueId}
          payTypes=""
          onPay={pay.pay}
          onClose={() => {
            pay.close();
            onClose();
          }}
        />
      )}
    </>
  );
}
