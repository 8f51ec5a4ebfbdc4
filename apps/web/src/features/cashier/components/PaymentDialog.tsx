import { useEffect, useMemo, useState } from 'react';
import { Button, Card as Tile, Col, Empty, Input, Modal, Row, Table, Tag, Typography } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { member, payment, sale } from '@venue/contract';
import type { z } from 'zod';
import { callApi } from '@/lib/http';
import { formatYuan } from '@/lib/money';
import { toast } from '@/lib/notify';
import { balanceText } from '@/features/member-card';
import { buildPayRequest, chooseCard, chooseMethod, enterSaves, needsAuthCode, payModeOf, type PayCard, type PayMethod, type Selection } from '../pay-selection';
import styles from './PaymentDialog.module.css';

type Line = z.infer<typeof sale.saleLine>;

export interface PaymentDialogProps {
  open: boolean;
  orderId: number;
  memberId: number | null;
  venueId: number;
  /** Card pay types allowed for this order (goods: M). */
  payTypes?: string;
  /** Pays; resolves when the parent has finished (the dialog stays loading until then). */
  onPay: (request: payment.PayRequest) => Promise<void>;
  onClose: () => void;
}

/** 收款 (900 px): lines with pricePay, the venue's methods, the member's cards, remark and auth code. */
export function PaymentDialog({ open, orderId, memberId, venueId, payTypes = 'M', onPay, onClose }: PaymentDialogProps) {
  const [methods, setMethods] = useState<PayMethod[]>([]);
  const [cards, setCards] = useState<PayCard[]>([]);
  const [selection, setSelection] = useState<Selection>({ method: null, cards: [] });
  const [lines, setLines] = useState<{ total: number; details: Line[] }>({ total: 0, details: [] });
  const [authCode, setAuthCode] = useState('');
  const [remark, setRemark] = useState('');
  const [loading, setLoading] = useState(false);
  const mode = payModeOf(selection);
  const cardIds = selection.cards.map((c) => c.cardId).join(',');

  // On open: the venue's methods (cashpay chosen by default) and the member's cards.
  useEffect(() => {
    if (!open) return;
    callApi(payment.queryPayType, { query: { venueId } }).then((list) => {
      setMethods(list);
      const cash = list.find((m) => m.payMode === payment.DEFAULT_PAY_MODE);
      setSelection({ method: cash ?? null, cards: [] });
    }, () => undefined);
    if (memberId) callApi(member.allForPay, { query: { memberId, venueId, payTypes } }).then(setCards, () => setCards([]));
    else setCards([]);
  }, [open, venueId, memberId, payTypes]);

  // Changing the pay mode re-queries the order: a discountable card lowers pricePay.
  useEffect(() => {
    if (!open) return;
    callApi(sale.queryOrderForPay, { query: { orderId, payMode: mode || selection.method?.payMode, cardIds: cardIds || undefined } }).then((o) => setLines({ total: o.totalPrice, details: o.details }), () => undefined);
  }, [open, orderId, mode, cardIds, selection.method?.payMode]);

  const total = lines.total;
  function pickMethod(method: PayMethod) {
    setSelection((s) => chooseMethod(s, method, total));
  }
  function pickCard(card: PayCard) {
    const { selection: next, refused } = chooseCard(selection, card, total);
    if (refused) toast.warning(refused);
    setSelection(next);
  }

  function reset() {
    setSelection({ method: null, cards: [] });
    setAuthCode('');
    setRemark('');
    setLoading(false);
  }
  function close() {
    reset();
    onClose();
  }

  async function save() {
    if (loading) return;
    const { request, error } = buildPayRequest(selection, { orderId, memberId, total }, authCode, remark);
    if (error) return toast.warning(error);
    setLoading(true);
    try {
      await onPay(request!);
    } finally {
      setLoading(false);
      setAuthCode('');
    }
  }

  const chosenCard = (c: PayCard) => selection.cards.some((x) => x.cardId === c.cardId);
  const columns = useMemo(() => [
    { title: '商品', dataIndex: 'goodsName' },
    { title: '数量', dataIndex: 'quantity', width: 80 },
    { title: '单价（元）', dataIndex: 'price', width: 110, render: (p: number) => formatYuan(p) },
    { title: '实收（元）', dataIndex: 'pricePay', width: 110, render: (p: number) => formatYuan(p) },
  ], []);

  return (
    <Modal
      open={open} title="收款" width={900} onCancel={close} maskClosable={false} destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close}>取消</Button>,
        <Button key="pay" type="primary" loading={loading} onClick={() => void save()}>确认收款</Button>,
      ]}
    >
      <div
        onKeyDown={(e) => {
          if (e.key === 'Enter' && enterSaves(selection)) void save();
        }}
      >
        <Table<Line> rowKey="detailId" size="small" pagination={false} dataSource={lines.details} columns={columns} scroll={{ y: 180 }} />
        <Typography.Title level={4} style={{ textAlign: 'right', margin: '8px 0' }} data-testid="pay-total">
          应收：¥ {formatYuan(total)}
        </Typography.Title>
        <div className={styles.label}>收款方式</div>
        <Row gutter={[8, 8]}>
          {methods.map((m) => (
            <Col span={4} key={m.id}>
              <Tile size="small" hoverable className={selection.method?.id === m.id ? styles.chosen : undefined} onClick={() => pickMethod(m)} role="button" aria-pressed={selection.method?.id === m.id}>
                {selection.method?.id === m.id && <CheckCircleFilled className={styles.tick} />}
                {m.payName}
              </Tile>
            </Col>
          ))}
        </Row>
        <div className={styles.label}>会员卡</div>
        {cards.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={memberId ? '该会员没有可用于支付的会员卡' : '未选择会员'} />
        ) : (
          <Row gutter={[8, 8]}>
            {cards.map((c) => (
              <Col span={8} key={c.cardId}>
                <Tile size="small" hoverable className={chosenCard(c) ? styles.chosen : undefined} onClick={() => pickCard(c)} role="button" aria-pressed={chosenCard(c)}>
                  {chosenCard(c) && <CheckCircleFilled className={styles.tick} />}
                  <div>{c.cardTypeName} {c.discountable && c.discount < 1 && <Tag color="orange">{Math.round(c.discount * 100) / 10}折</Tag>}</div>
                  <div className={styles.muted}>{c.cardNo}</div>
                  <div>{balanceText(c)}</div>
                </Tile>
              </Col>
            ))}
          </Row>
        )}
        <div className={styles.label}>备注</div>
        <Input value={remark} onChange={(e) => setRemark(e.target.value)} maxLength={100} placeholder="选填" />
        {needsAuthCode(selection) && (
          <>
            <div className={styles.label}>付款码</div>
            <Input.Password autoFocus value={authCode} onChange={(e) => setAuthCode(e.target.value)} placeholder="请扫描顾客的付款码" autoComplete="off" data-testid="auth-code" />
          </>
        )}
      </div>
    </Modal>
  );
}
