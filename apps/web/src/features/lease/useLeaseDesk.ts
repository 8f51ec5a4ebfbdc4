import { useReducer, useState } from 'react';
import Decimal from 'decimal.js';
import type { LeaseGoods } from '@venue/contract';
import * as lease from '@venue/contract/lease';
import * as member from '@venue/contract/member';
import * as system from '@venue/contract/system';
import { Msg } from '@venue/contract/common/codes';
import { initialSale, orderNeeded, payThenPrint, printPaidOrder, saleReducer, useReceiptPrinter } from '@/features/checkout';
import { useCardHandler } from '@/features/member-card';
import { lookupHandOrCard, useBandCharge } from '@/features/hand';
import { useScannerInput } from '@/hooks/useScannerInput';
import { toast } from '@/lib/notify';
import { awaitsNewAnswer, useApiMutation, useApiQuery } from '@/lib/query';
import { useSession } from '@/lib/session';
import { formatYuan } from '@/lib/money';
import { LEASE_RECEIPTS } from './receipts';

/** A payment lends goods out and may charge member cards: what shows those reloads. */
const PAYMENT_CHANGES = [lease.goodsAll, lease.goodsQuery, lease.query, member.all, member.allForPay, member.queryOrderConsume];

/**
 * The work behind 商品租赁 (dialog and page): the venue's sports items and lease goods, the cart (the
 * sale's, each unit priced rent plus deposit), a scanned member card, creating the rental, paying it
 * through the 收款 dialog and printing the 租赁小票.
 */
export function useLeaseDesk(active: boolean, { afterPayment }: { afterPayment?: () => void } = {}) {
  const venueId = useSession((s) => s.user?.currentVenueId ?? null);
  const [state, dispatch] = useReducer(saleReducer, initialSale);
  const [chosenItem, setItem] = useState<number | null>(null);
  const [keyword, setKeyword] = useState('');
  const items = useApiQuery(system.sportItems, { query: { venueId: venueId ?? undefined } }, { enabled: active && !!venueId });
  const itemId = chosenItem ?? items.data?.[0]?.itemId ?? null;
  const goods = useApiQuery(
    lease.goodsAll,
    { query: { venueId: venueId ?? 0, itemId: itemId ?? undefined, goodsName: keyword.trim() || undefined } },
    { enabled: active && !!venueId && !!itemId },
  );
  const handleCard = useCardHandler();
  const printer = useReceiptPrinter(venueId, LEASE_RECEIPTS);
  const createOrder = useApiMutation(lease.createOrder, { invalidates: [lease.query] });
  const payOrder = useApiMutation(lease.payOrder, { quiet: true, invalidates: PAYMENT_CHANGES });

  function add(g: LeaseGoods) {
    const inCart = state.lines.find((l) => l.goodsId === g.leaseGoodsId)?.quantity ?? 0;
    if (inCart + 1 > g.qty) return toast.warning(`「${g.goodsName}」库存不足`);
    dispatch({
      type: 'add',
      item: {
        goodsId: g.leaseGoodsId,
        goodsName: g.goodsName,
        specs: `租金${formatYuan(g.price)} 押金${formatYuan(g.deposit)}`,
        unit: g.unit,
        price: new Decimal(g.price).plus(g.deposit).toNumber(),
        stock: g.qty,
      },
    });
  }

  const band = useBandCharge(lease.LEASE_ORDER_TYPE, PAYMENT_CHANGES);

  // A scan anywhere in the desk: a wristband, then a member card (spec 4).
  useScannerInput(
    (code) => {
      void (async () => {
        const found = await lookupHandOrCard(code);
        if (!found) return;
        if (found.kind === 'hand') return band.scanned(found);
        const usable = await handleCard(found.card);
        if (usable) dispatch({ type: 'member', card: usable });
      })();
    },
    { enabled: active && !state.paying },
  );

  async function submit() {
    if (!state.lines.length) return toast.warning(Msg.chooseGoods);
    if (!venueId || !itemId) return toast.warning(lease.leaseMsg.noItems);
    const signature = orderNeeded(state);
    if (!signature) return dispatch({ type: 'pay' });
    const details = state.lines.map((l) => ({ goodsId: l.goodsId, quantity: l.quantity }));
    const memberId = state.card?.memberId ?? null;
    const created = await createOrder.mutateAsync({ body: { details, itemId, memberId, venueId } }).catch(() => null);
    if (created) dispatch({ type: 'pay', order: { orderId: created.orderId, signature } });
  }

  /** Spec 4 step 4, as the sale: 200 closes and prints; a failure keeps, closes or clears (payFailure). */
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

  /** 记到手牌: the cart as a rental charged to the scanned band (rent and deposit settled when the band comes back). */
  async function chargeToBand() {
    const details = state.lines.map((l) => ({ goodsId: l.goodsId, quantity: l.quantity }));
    const charged = await band.charge(details.length, async () => {
      if (!venueId || !itemId) return null;
      const created = await createOrder.mutateAsync({ body: { details, itemId, memberId: state.card?.memberId ?? null, venueId } }).catch(() => null);
      return created?.orderId ?? null;
    });
    if (charged) {
      dispatch({ type: 'paid' });
      afterPayment?.();
    }
  }

  return {
    band,
    chargeToBand,
    state,
    dispatch,
    venueId,
    items: items.data,
    itemId,
    setItem,
    keyword,
    setKeyword,
    goods: goods.data ?? [],
    goodsLoading: awaitsNewAnswer(goods),
    add,
    submit,
    pay,
    reprint: () => void printer.reprint(state.printedIds),
  };
}
