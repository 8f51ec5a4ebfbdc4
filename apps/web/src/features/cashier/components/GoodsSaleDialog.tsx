import { useState } from 'react';
import { Button, Col, Divider, Input, Modal, Row, Select, Space, Typography } from 'antd';
import { Code, sale, type Card, type payment } from '@venue/contract';
import { useSession } from '@/app/session';
import { usePermission } from '@/components/Permission';
import { useScannerInput } from '@/hooks/useScannerInput';
import { ApiError, callApi } from '@/lib/http';
import { notify, toast } from '@/lib/notify';
import { lookupCard, MemberCardSearch, MemberDisplay, useCardHandler } from '@/features/member-card';
import { addToCart, cartSignature, cartTotal, setQuantity, type CartLine } from '../cart';
import { useReceiptPrinter } from '../receipt/useReceiptPrinter';
import { findByBarcode, useSaleGoods, useVenueWarehouses } from '../useSaleGoods';
import { CartList } from './CartList';
import { GoodsTiles, type Tile } from './GoodsTiles';
import { PaymentDialog } from './PaymentDialog';
import styles from './GoodsSaleDialog.module.css';

const ALL = 0;

/** 商品销售 (900 px): pick goods, attach a member, submit, collect payment, print the receipt. */
export function GoodsSaleDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const venueId = useSession((s) => s.user?.currentVenueId ?? null);
  const canEditPrice = usePermission([sale.EDIT_PRICE_PERMISSION]);
  const warehouses = useVenueWarehouses(venueId, open);
  const [warehouseId, setWarehouseId] = useState<number | null>(null);
  const activeWarehouse = warehouseId ?? warehouses?.[0]?.value ?? null;
  const [classId, setClassId] = useState(ALL);
  const [keyword, setKeyword] = useState('');
  const { tiles, loading, reload } = useSaleGoods(open ? activeWarehouse : null, keyword);
  const [lines, setLines] = useState<CartLine[]>([]);
  const [card, setCard] = useState<Card | null>(null);
  const [order, setOrder] = useState<{ orderId: number; signature: string } | null>(null);
  const [paying, setPaying] = useState(false);
  const [printedIds, setPrintedIds] = useState<number[]>([]);
  const handleCard = useCardHandler();
  const printer = useReceiptPrinter(venueId);

  const classes = [...new Map(tiles.map((t) => [t.classificationId, t.classificationName])).entries()];
  const shown = classId === ALL ? tiles : tiles.filter((t) => t.classificationId === classId);
  const memberId = card?.memberId ?? null;

  function add(tile: Tile) {
    const inCart = lines.find((l) => l.goodsId === tile.goodsId)?.quantity ?? 0;
    if (inCart + 1 > tile.quantity) return toast.warning(`「${tile.goodsName}」库存不足`);
    setLines(addToCart(lines, { goodsId: tile.goodsId, goodsName: tile.goodsName, specs: tile.specs, unit: tile.unit, price: tile.price, stock: tile.quantity }));
  }

  // A scan is a barcode of this warehouse's goods, otherwise a member card.
  useScannerInput(
    (code) => {
      void (async () => {
        const tile = activeWarehouse ? await findByBarcode(activeWarehouse, code).catch(() => undefined) : undefined;
        if (tile) return add(tile);
        const found = await lookupCard(code);
        const usable = found && (await handleCard(found));
        if (usable) setCard(usable);
      })();
    },
    { enabled: open && !paying },
  );

  function clear() {
    setLines([]);
    setCard(null);
    setOrder(null);
  }

  async function submit() {
    if (!lines.length) return toast.warning('请选择购买商品');
    if (!venueId || !activeWarehouse) return toast.warning('当前场馆没有可用的商品仓库');
    const signature = cartSignature(lines, memberId);
    if (order?.signature !== signature) {
      const details = lines.map((l) => ({ goodsId: l.goodsId, quantity: l.quantity, ...(canEditPrice && l.pricePay !== l.price ? { pricePay: l.pricePay } : {}) }));
      const created = await callApi(sale.createOrder, { body: { details, warehouseId: activeWarehouse, memberId, venueId } }).catch(() => null);
      if (!created) return;
      setOrder({ orderId: created.orderId, signature });
    }
    setPaying(true);
  }

  /** Spec 4 step 4: 200 closes and prints; 605 keeps the dialog; 606 closes it; others close, clear and show msg. */
  async function pay(request: payment.PayRequest) {
    try {
      const result = await callApi(sale.payOrder, { body: request }, { quiet: true });
      setPaying(false);
      toast.success('收款成功');
      clear();
      reload();
      const cardPart = result.payRecords.find((p) => p.cardId);
      setPrintedIds([result.orderId]);
      await printer.printAfterPayment([result.orderId], request.payMode, cardPart?.payType ?? request.payType);
    } catch (error) {
      const err = error instanceof ApiError ? error : new ApiError(Code.SERVER_ERROR, '支付失败请重新支付');
      if (err.code === Code.PAY_UNKNOWN) return notify.warning(err.message || '支付结果未知，请重新点击支付按钮支付');
      setPaying(false);
      if (err.code === Code.PAY_FAILED) return notify.warning(err.message || '支付失败请重新支付');
      clear();
      notify.warning(err.message);
    }
  }

  return (
    <Modal open={open} title="商品销售" width={900} footer={null} onCancel={onClose} maskClosable={false} destroyOnHidden>
      <Row gutter={16}>
        <Col span={14}>
          <Space wrap style={{ marginBottom: 8 }}>
            {warehouses && warehouses.length > 1 && (
              <Select value={activeWarehouse} options={warehouses} onChange={setWarehouseId} style={{ width: 150 }} aria-label="仓库" />
            )}
            <Select value={classId} onChange={setClassId} style={{ width: 130 }} options={[{ value: ALL, label: '全部分类' }, ...classes.map(([value, label]) => ({ value, label }))]} aria-label="商品分类" />
            <Input.Search value={keyword} onChange={(e) => setKeyword(e.target.value)} placeholder="扫码/商品名称/助记码" allowClear style={{ width: 200 }} />
          </Space>
          {warehouses && warehouses.length === 0 ? (
            <Typography.Text type="warning">当前场馆没有可用的商品仓库</Typography.Text>
          ) : (
            <GoodsTiles tiles={shown} loading={loading} onAdd={add} />
          )}
        </Col>
        <Col span={10}>
          <MemberCardSearch scanner={false} venueId={venueId ?? undefined} onSelect={setCard} />
          {card && (
            <div style={{ marginTop: 8 }}>
              <MemberDisplay card={card} />
              <Button size="small" type="link" onClick={() => setCard(null)}>移除会员</Button>
            </div>
          )}
          <Divider style={{ margin: '8px 0' }}>结算清单</Divider>
          <CartList
            lines={lines}
            canEditPrice={canEditPrice}
            onQuantity={(id, q) => setLines(setQuantity(lines, id, q))}
            onPrice={(id, p) => setLines(lines.map((l) => (l.goodsId === id ? { ...l, pricePay: Math.max(0, Math.round((p ?? 0) * 100) / 100) } : l)))}
            onRemove={(id) => setLines(setQuantity(lines, id, 0))}
          />
          <div className={styles.total}>
            <span>合计</span>
            <b data-testid="cart-total">¥ {cartTotal(lines)}</b>
          </div>
          <Space style={{ marginTop: 12, width: '100%', justifyContent: 'flex-end' }}>
            {printedIds.length > 0 && <Button onClick={() => void printer.reprint(printedIds)}>重打小票</Button>}
            {lines.length > 0 && <Button type="primary" onClick={() => void submit()}>提交订单</Button>}
          </Space>
        </Col>
      </Row>
      {order && venueId && (
        <PaymentDialog open={paying} orderId={order.orderId} memberId={memberId} venueId={venueId} payTypes="M" onPay={pay} onClose={() => setPaying(false)} />
      )}
    </Modal>
  );
}
