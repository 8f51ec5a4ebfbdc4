import { useReducer, useRef, type ReactNode } from 'react';
import Decimal from 'decimal.js';
import { Alert, Button, Input, Modal, Table, Typography, type InputRef } from 'antd';
import * as payChannel from '@venue/contract/pay-channel';
import * as payment from '@venue/contract/payment';
import { Msg } from '@venue/contract/common/codes';
import { useHotkey } from '@/hooks/useHotkey';
import { useScannerInput } from '@/hooks/useScannerInput';
import { formatYuan } from '@/lib/money';
import { toast } from '@/lib/notify';
import { maxLen } from '@/lib/schema-rules';
import {
  breakdownText,
  buildPayRequest,
  chooseCard,
  chooseMethod,
  dueText,
  enterSaves,
  needsAuthCode,
  payBreakdown,
  timesCardOf,
  timesText,
  type PayCard,
  type PayMethod,
} from '../pay-selection';
import { initialPayment, paymentReducer } from '../payment-state';
import { KEYS } from '../shortcuts';
import { usePaymentData } from '../usePaymentData';
import { PayChoices, type ChoiceVia } from './PayChoices';
import styles from './PaymentDialog.module.css';

type Line = payment.ForPayLine;

const COLUMNS = [
  { title: '商品', dataIndex: 'goodsName' },
  { title: '数量', dataIndex: 'quantity', width: 80 },
  { title: '单价（元）', dataIndex: 'price', width: 110, render: (p: number) => formatYuan(p) },
  { title: '实收（元）', dataIndex: 'amountPay', width: 110, render: (a: number) => formatYuan(a) },
];

export interface PaymentDialogProps {
  /** The order kind's queryOrderForPay (goods sale, lease, ticket…): the lines and the amount due with the cards chosen. */
  forPay: payment.ForPayCall;
  open: boolean;
  orderId: number;
  memberId: number | null;
  venueId: number;
  /** Card pay types allowed for this order (goods: M). */
  payTypes?: string;
  /** Pays; resolves when the parent has finished (the dialog stays loading until then). */
  onPay: (request: payment.PayRequest) => Promise<void>;
  onClose: () => void;
  /** After the closing animation, when focus has gone back to what opened the dialog. */
  onAfterClose?: () => void;
  /** Shown above the lines (a booking's hold countdown). */
  notice?: ReactNode;
}

/**
 * 收款 (900 px): lines with pricePay, the venue's methods, the member's cards, remark and auth code.
 * It opens on 确认收款 (F9 too); with a scan-code method a scan anywhere in it fills the code and pays.
 */
export function PaymentDialog({ forPay, open, orderId, memberId, venueId, payTypes = 'M', onPay, onClose, onAfterClose, notice }: PaymentDialogProps) {
  const [state, dispatch] = useReducer(paymentReducer, initialPayment);
  const { methods, cards, selection, total, listTotal, details, times } = usePaymentData({
    forPay,
    open,
    orderId,
    memberId,
    venueId,
    payTypes,
    picked: state.selection,
  });
  const authBox = useRef<InputRef>(null);
  const payButton = useRef<HTMLButtonElement>(null);
  const wantsCode = needsAuthCode(selection);
  const breakdown = payBreakdown(selection, listTotal);
  const timesCard = timesCardOf(selection);
  const timesLine = timesCard && times !== undefined ? timesText(timesCard, times) : null;
  const focusAuthBox = () => requestAnimationFrame(() => authBox.current?.focus());

  function pickMethod(method: PayMethod, via: ChoiceVia) {
    const next = chooseMethod(selection, method, listTotal);
    dispatch({ type: 'select', selection: next });
    if (via === 'pointer' && needsAuthCode(next)) focusAuthBox();
  }
  function pickCard(card: PayCard) {
    const { selection: next, refused } = chooseCard(selection, card, listTotal);
    if (refused) toast.warning(refused);
    dispatch({ type: 'select', selection: next });
  }
  function close() {
    dispatch({ type: 'reset' });
    onClose();
  }
  async function save(scanned?: string) {
    if (state.saving) return;
    const { request, error } = buildPayRequest(selection, { orderId, memberId, listTotal }, scanned ?? state.authCode, state.remark);
    if (error) {
      if (error === Msg.authCodeRequired) focusAuthBox();
      return toast.warning(error);
    }
    dispatch({ type: 'saving' });
    try {
      await onPay(request!);
    } finally {
      dispatch({ type: 'saved' });
    }
  }

  useHotkey(KEYS.pay, () => void save(), open);
  // The customer's payment code, scanned wherever focus is: it is the code, and the payment goes.
  useScannerInput(
    (code) => {
      dispatch({ type: 'authCode', value: code });
      void save(code);
    },
    { enabled: open && wantsCode && !state.saving },
  );

  return (
    <Modal
      open={open}
      title="收款"
      width={900}
      onCancel={close}
      afterClose={() => {
        dispatch({ type: 'reset' });
        onAfterClose?.();
      }}
      maskClosable={false}
      destroyOnHidden
      // Focus on open, not on the end of the zoom: with reduced motion the dialog does not zoom (autoFocus is lost).
      afterOpenChange={(shown) => shown && !wantsCode && payButton.current?.focus()}
      footer={[
        <Button key="cancel" onClick={close}>
          取消
        </Button>,
        <Button key="pay" type="primary" loading={state.saving} onClick={() => void save()} ref={payButton}>
          确认收款
        </Button>,
      ]}
    >
      <div
        onKeyDown={(e) => {
          if (e.key === 'Enter' && enterSaves(selection)) void save();
        }}
      >
        {notice && <div style={{ marginBottom: 8 }}>{notice}</div>}
        <Table<Line> rowKey="detailId" size="small" pagination={false} dataSource={details} columns={COLUMNS} scroll={{ y: 180 }} />
        <Typography.Title level={4} style={{ textAlign: 'right', margin: '8px 0' }} data-testid="pay-total">
          {dueText(total, times)}
        </Typography.Title>
        {new Decimal(listTotal).gt(total) && (
          <Typography.Paragraph type="secondary" style={{ textAlign: 'right', margin: 0 }} data-testid="card-discount">
            原价 ¥ {formatYuan(listTotal)}，会员卡折扣优惠 ¥ {formatYuan(new Decimal(listTotal).minus(total))}
          </Typography.Paragraph>
        )}
        <PayChoices methods={methods} cards={cards} selection={selection} hasMember={!!memberId} onMethod={pickMethod} onCard={pickCard} />
        {breakdown && (
          <Alert
            type={breakdown.restFen > 0 && !breakdown.method ? 'warning' : 'info'}
            showIcon
            style={{ marginTop: 8 }}
            data-testid="pay-split"
            message={breakdownText(breakdown)}
          />
        )}
        {timesLine && <Alert type={timesLine.short ? 'warning' : 'info'} showIcon style={{ marginTop: 8 }} data-testid="pay-times" message={timesLine.text} />}
        {selection.method?.simulated && (
          <Alert
            type="warning"
            showIcon
            style={{ marginTop: 8 }}
            data-testid="simulated-channel"
            message={`${selection.method.payName}：${payChannel.SIMULATED_NOTE}（演示用，不会真实收款）`}
          />
        )}
        <label className={styles.label} htmlFor="pay-remark">
          备注
        </label>
        <Input
          id="pay-remark"
          value={state.remark}
          onChange={(e) => dispatch({ type: 'remark', value: e.target.value })}
          maxLength={maxLen(payment.payRequest.shape.remark)}
          placeholder="选填"
        />
        {wantsCode && (
          <>
            <label className={styles.label} htmlFor="pay-auth-code">
              付款码
            </label>
            <Input.Password
              id="pay-auth-code"
              ref={authBox}
              value={state.authCode}
              onChange={(e) => dispatch({ type: 'authCode', value: e.target.value })}
              placeholder="请扫描顾客的付款码"
              autoComplete="off"
              data-testid="auth-code"
            />
          </>
        )}
      </div>
    </Modal>
  );
}
