import { useRef } from 'react';
import { Form, InputNumber, Typography } from 'antd';
import * as member from '@venue/contract/member';
import { FormDialog } from '@/components/list/FormDialog';
import { callApi } from '@/lib/http';
import { toast } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useCardTypeFees } from '../useCardTypeFees';
import { FeePaymentDialog, useFeePayment } from './FeePayment';

/** 延期 of one card or of the cards chosen for a batch: days, then 收款 when the card type charges for it. */
export function ExtendDialog({
  cards,
  onClose,
  onDone,
}: {
  cards: { cardId: number; cardNo: string; cardTypeId: number }[];
  onClose: () => void;
  onDone: () => void;
}) {
  const venueId = useSession((s) => s.user?.currentVenueId ?? null);
  const fees = useCardTypeFees();
  const paying = useRef(false);
  const fee = useFeePayment((outcome) => {
    toast.success(`延期成功（${outcome.extended} 张）`);
    onDone();
    onClose();
  });
  const title = cards.length === 1 ? `延期：${cards[0].cardNo}` : `批量延期：${cards.length} 张卡`;
  return (
    <>
      <FormDialog<{ days: number; remark?: string }>
        open={fee.order === null}
        title={title}
        initialValues={{ days: 30 }}
        onClose={() => {
          if (!paying.current) onClose();
        }}
        onSubmit={async (v) => {
          const outcome =
            cards.length === 1
              ? await callApi(member.createExtendOrder, { body: { cardId: cards[0].cardId, days: v.days, venueId: venueId!, remark: v.remark } })
              : await callApi(member.batchExtend, {
                  body: { cardIds: cards.map((c) => c.cardId), days: v.days, venueId: venueId ?? undefined, remark: v.remark },
                });
          paying.current = outcome.order !== null;
          fee.start(outcome);
        }}
      >
        <Form.Item name="days" label="延期天数" extra="按卡类型的延期每天价格收款" rules={[{ required: true, message: '请输入延期天数' }]}>
          <InputNumber min={1} max={3650} precision={0} aria-label="延期天数" />
        </Form.Item>
        {/* What confirming will charge, before it is confirmed (issue 30). */}
        <Form.Item noStyle shouldUpdate>
          {({ getFieldValue }) => {
            const fee = fees.extendFee(cards, getFieldValue('days') as number | undefined);
            return fee === null ? null : <Typography.Paragraph data-testid="extend-fee">延期费用：¥{fee}</Typography.Paragraph>;
          }}
        </Form.Item>
      </FormDialog>
      <FeePaymentDialog fee={fee} venueId={venueId} onClose={onClose} />
    </>
  );
}
