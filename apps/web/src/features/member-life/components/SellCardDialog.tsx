import { useRef } from 'react';
import { Form, Input, Select, Switch } from 'antd';
import type { CallData } from '@venue/contract';
import * as member from '@venue/contract/member';
import { PaymentDialog } from '@/features/checkout';
import { FormDialog } from '@/components/list/FormDialog';
import { callApi } from '@/lib/http';
import { formatYuan } from '@/lib/money';
import { useApiQuery } from '@/lib/query';
import { useSession } from '@/lib/session';
import { useCardOrderPay } from '../useCardOrderPay';

type Values = { cardTypeId: number; cardNo?: string; phyCardId?: string; openNow: boolean; remark?: string };
const PRICE_UNIT = { M: '储值', T: '计次', D: '计时' } as const;
const saleTypes = (types: CallData<typeof member.cardTypeForSale>) =>
  types.map((t) => ({ value: t.cardTypeId, label: `${t.cardTypeName}（${PRICE_UNIT[t.payType]}，¥${formatYuan(t.price)}）` }));

/** 办卡: card type (on sale and valid in the current venue), number (typed, scanned or left empty to generate), optional physical card, then 收款 and the receipt. */
export function SellCardDialog({
  member: who,
  onClose,
  onSold,
}: {
  member: { memberId: number; memberName: string };
  onClose: () => void;
  onSold: () => void;
}) {
  const venueId = useSession((s) => s.user?.currentVenueId ?? null);
  const types = useApiQuery(member.cardTypeForSale, { query: { venueId: venueId ?? 0 } }, { select: saleTypes, enabled: !!venueId }).data ?? [];
  const created = useRef(false);
  const pay = useCardOrderPay(() => {
    onSold();
    onClose();
  });

  return (
    <>
      <FormDialog<Values>
        open={pay.order === null}
        title={`办卡：${who.memberName}`}
        initialValues={{ openNow: true }}
        onClose={() => {
          if (!created.current) onClose();
        }}
        onSubmit={async (v) => {
          if (!venueId) throw new Error('no venue');
          const order = await callApi(member.createSaleOrder, {
            body: {
              memberId: who.memberId,
              cardTypeId: v.cardTypeId,
              cardNo: v.cardNo || undefined,
              phyCardId: v.phyCardId || undefined,
              openNow: v.openNow,
              venueId,
              remark: v.remark,
            },
          });
          created.current = true;
          pay.start(order);
        }}
      >
        <Form.Item name="cardTypeId" label="卡类型" rules={[{ required: true, message: '请选择卡类型' }]}>
          <Select options={types} aria-label="卡类型" />
        </Form.Item>
        <Form.Item
          name="cardNo"
          label="会员卡号"
          extra="可输入或扫描卡号，留空则自动生成"
          rules={[{ pattern: /^[0-9A-Za-z_-]{0,32}$/, message: '会员卡号只能是字母、数字、-、_，最多32位' }]}
        >
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="phyCardId" label="实体卡号" extra="在读卡器上刷卡即可绑定，可不填">
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="openNow" label="立即开卡" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input maxLength={100} />
        </Form.Item>
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
