import { useReducer } from 'react';
import * as goods from '@venue/contract/goods';
import * as member from '@venue/contract/member';
import * as sale from '@venue/contract/sale';
import { Msg } from '@venue/contract/common/codes';
import { usePermission } from '@/components/Permission';
import { useScannerInput } from '@/hooks/useScannerInput';
import { toast } from '@/lib/notify';
import { useApiMutation } from '@/lib/query';
import { useSession } from '@/lib/session';
import { useCardHandler } from '@/features/member-card';
import { lookupHandOrCard, useBandCharge } from '@/features/hand';
import { exceedsStock, initialSale, orderNeeded, payThenPrint, printPaidOrder, saleReducer, useReceiptPrinter, type Tile } from '@/features/checkout';
import { findByBarcode } from './useSaleGoods';

/** A payment moves stock, settles an order and may charge member cards: what shows those reloads. */
const PAYMENT_CHANGES = [
  goods.allByClassification,
  goods.queryStock,
  sale.query,
  member.all,
  member.allForPay,
  member.queryOrderConsume,
  member.getCardSummary,
];

export const unknownCode = (code: string) => `未找到条码为 ${code} 的商品或会员卡`;

/**
 * The till's work behind the goods sale dialog: the cart, a scan (goods barcode or member card),
 * creating the order, paying it and printing the receipt.
 */
export function useGoodsSale(warehouseId: number | null, scanning: boolean, { afterPayment }: { afterPayment?: () => void } = {}) {
  const venueId = useSession((s) => s.user?.currentVenueId ?? null);
  const canEditPrice = usePermission([sale.EDIT_PRICE_PERMISSION]);
  const [state, dispatch] = useReducer(saleReducer, initialSale);
  const handleCard = useCardHandler();
  const printer = useReceiptPrinter(venueId);
  const createOrder = useApiMutation(sale.createOrder, { invalidates: [sale.query] });
  const payOrder = useApiMutation(sale.payOrder, { quiet: true, invalidates: PAYMENT_CHANGES });
  const memberId = state.card?.memberId ?? null;
  const band = useBandCharge(sale.SALE_ORDER_TYPE, PAYMENT_CHANGES);

  function add(tile: Tile) {
    if (exceedsStock(state.lines, tile.goodsId, tile.quantity)) return toast.warning(`「${tile.goodsName}」库存不足`);
    dispatch({
      type: 'add',
      item: { goodsId: tile.goodsId, goodsName: tile.goodsName, specs: tile.specs, unit: tile.unit, price: tile.price, stock: tile.quantity },
    });
  }

  // A scan, wherever focus is in the dialog: a barcode of this warehouse's goods, otherwise a member card.
  useScannerInput(
    (code) => {
      void (async () => {
        const tile = warehouseId ? await findByBarcode(warehouseId, code).catch(() => undefined) : undefined;
        if (tile) return add(tile);
        // Not a barcode: a wristband, then a member card (spec 4).
        const found = await lookupHandOrCard(code, unknownCode(code));
        if (!found) return;
        if (found.kind === 'hand') return band.scanned(found);
        const usable = await handleCard(found.card);
        if (usable) dispatch({ type: 'member', card: usable });
      })();
    },
    { enabled: scanning && !state.paying },
  );

  async function submit() {
    if (!state.lines.length) return toast.warning(Msg.chooseGoods);
    if (!venueId || !warehouseId) return toast.warning('当前场馆没有可用的商品仓库');
    const signature = orderNeeded(state);
    if (!signature) return dispatch({ type: 'pay' });
    const details = state.lines.map((l) => ({
      goodsId: l.goodsId,
      quantity: l.quantity,
      ...(canEditPrice && l.pricePay !== l.price ? { pricePay: l.pricePay } : {}),
    }));
    const created = await createOrder.mutateAsync({ body: { details, warehouseId, memberId, venueId } }).catch(() => null);
    if (created) dispatch({ type: 'pay', order: { orderId: created.orderId, signature } });
  }

  /** Spec 4 step 4: 200 closes and prints; a failure keeps, closes or clears (see payFailure). */
  const pay = payThenPrint({
    pay: (request) => payOrder.mutateAsync({ body: request }),
    paid: () => dispatch({ type: 'paid' }),
    print: printPaidOrder(printer),
    done: (printedIds) => {
      dispatch({ type: 'printed', printedIds });
      afterPayment?.();
    },
    failed: (outcome) => dispatch({ type: 'payFailed', outcome }),
  });

  /** 记到手牌: the cart as an order charged to the scanned band. */
  async function chargeToBand() {
    const details = state.lines.map((l) => ({
      goodsId: l.goodsId,
      quantity: l.quantity,
      ...(canEditPrice && l.pricePay !== l.price ? { pricePay: l.pricePay } : {}),
    }));
    const charged = await band.charge(details.length, async () => {
      if (!venueId || !warehouseId) return null;
      const created = await createOrder.mutateAsync({ body: { details, warehouseId, memberId, venueId } }).catch(() => null);
      return created?.orderId ?? null;
    });
    if (charged) {
      dispatch({ type: 'paid' });
      afterPayment?.();
    }
  }

  return { state, dispatch, venueId, memberId, canEditPrice, add, submit, pay, band, chargeToBand, reprint: () => void printer.reprint(state.printedIds) };
}
