import { cardDiscount, Code, fenToYuan, member, Msg, payChannel, payment, yuanToFen, type Card } from '@venue/contract';
import { BizError, refuse } from '../../lib/errors.ts';
import type { UserSession } from '../../plugins/session.ts';
import type { CardService } from '../member-card/card.service.ts';
import type { ChannelRegistry } from '../payment/channel-registry.ts';
import type { PaymentMethodService } from '../payment/payment-method.service.ts';
import { cardPerMille, type PayableKind, type PayableLine, type PayableOrder, type PlannedPart } from './payable.ts';

type RawPart = Pick<payment.PayRequest, 'payMode' | 'payType' | 'authCode' | 'money'>;

export interface PayPlan<Line extends PayableLine = PayableLine> {
  mode: string;
  memberId: number | null;
  remark?: string;
  lines: Line[];
  /** The amount due: the lines at their agreed prices, less the discount of each card on the part it pays. */
  totalFen: number;
  parts: PlannedPart[];
  /** The part paid through an outside channel (scan code), if any: it is called before the order is settled. */
  remote?: PlannedPart;
}

export interface PlanDeps {
  cards: CardService;
  methods: PaymentMethodService;
  channels: ChannelRegistry;
}

const cardLookupFailed = () => new BizError(Code.CARD_LOOKUP_FAILED, member.CARD_MESSAGES.notFound);
/** The lines at their agreed unit prices: the list total a payment settles. */
export const listTotalFen = (lines: PayableLine[]) => lines.reduce((sum, l) => sum + l.price_orig_fen * l.quantity, 0);

/**
 * Checks a pay request against the order and answers what to charge: the parts (at most one system
 * method, and cards of the types the kind takes), the venue offers the method, the cards are the
 * member's, the amounts add up to what is due (a discountable card lowers only the part it pays).
 * Writes nothing.
 */
export async function planPayment<Order extends PayableOrder, Line extends PayableLine>(
  deps: PlanDeps,
  kind: PayableKind<Order, Line>,
  s: Pick<UserSession, 'tenantId' | 'rulesVersion'>,
  order: Order,
  body: payment.PayRequest,
  /** The order's lines when they were read with it (PayableKind.findWithLines). */
  knownLines?: Line[],
): Promise<PayPlan<Line>> {
  const { tenantId } = s;
  const raw: RawPart[] = body.payMode === payment.COMPOSE_PAY ? (body.payDetails ?? []) : [body];
  if (!raw.length) throw refuse(Msg.choosePayMode);
  const cardRaw = raw.filter((p) => p.payMode === payment.CARD_PAY);
  const systemRaw = raw.filter((p) => p.payMode !== payment.CARD_PAY);
  if (systemRaw.some((p) => p.payMode === payment.COMPOSE_PAY)) throw refuse(Msg.choosePayMode);
  if (systemRaw.length > 1) throw refuse('组合支付只能使用一种收款方式');

  const cardIds = cardRaw.map((p) => Number(p.authCode));
  if (cardIds.some((id) => !Number.isInteger(id) || id <= 0)) throw refuse(Msg.chooseCard);
  if (new Set(cardIds).size !== cardIds.length) throw refuse('同一张会员卡不能重复使用');
  const cards = cardIds.length ? await deps.cards.byIds(tenantId, cardIds) : [];
  let memberId = order.member_id ?? body.memberId ?? null;
  const used: Card[] = [];
  for (const id of cardIds) {
    const card = cards.find((c) => c.cardId === id);
    if (!card) throw cardLookupFailed();
    if (!kind.cardPayTypes.includes(card.payType)) throw refuse(kind.cardRefusal);
    memberId ??= card.memberId;
    if (card.memberId !== memberId) throw refuse('会员卡不属于当前会员');
    used.push(card);
  }
  const timesCard = used.find((c) => c.payType === 'T');
  if (timesCard) return planTimes(kind, tenantId, order, body, raw, timesCard, memberId);

  const parts: PlannedPart[] = cardRaw.map((p, i) => ({
    payMode: payment.CARD_PAY,
    payName: used[i].cardTypeName,
    payType: used[i].payType,
    cardId: used[i].cardId,
    cardNo: used[i].cardNo,
    moneyFen: yuanToFen(p.money),
  }));
  let remote: PlannedPart | undefined;
  for (const p of systemRaw) {
    const label = payment.payModeName(p.payMode);
    const [method, kind] = [await deps.methods.enabledMethod(tenantId, order.venue_id, p.payMode, s.rulesVersion), deps.channels.kind(p.payMode)];
    if (!method || !kind) throw refuse(`当前场馆未启用${label}收款方式`);
    // The venue's channel: its platform account, the demo's simulator where set so, or a refusal naming what to configure.
    const channel = await deps.channels.forVenue(tenantId, order.venue_id, p.payMode);
    if (channel.needsAuthCode && !p.authCode) throw refuse(Msg.authCodeRequired);
    const part: PlannedPart = {
      payMode: p.payMode,
      // Money taken by the simulator is no money: every record, receipt and 交班对账 line says so.
      payName: channel.simulated ? `${method.pay_name}（${payChannel.SIMULATED_NOTE}）` : method.pay_name,
      payType: null,
      cardId: null,
      moneyFen: yuanToFen(p.money),
      authCode: p.authCode,
      channel,
    };
    parts.push(part);
    if (channel.remote) remote = part;
  }

  const lines = knownLines ?? (await kind.lines(tenantId, order.id));
  const totalFen = dueOf(
    listTotalFen(lines),
    parts.filter((p) => p.cardId !== null).map((p, i) => ({ payFen: p.moneyFen, perMille: cardPerMille(kind, used[i]) })),
    parts.filter((p) => p.cardId === null).map((p) => p.moneyFen),
  );
  if (yuanToFen(body.money) !== totalFen) throw refuse(dueMessage(totalFen));
  return {
    mode: body.payMode,
    memberId,
    remark: body.remark || undefined,
    lines,
    totalFen,
    parts: parts.filter((p) => p.moneyFen > 0),
    remote: remote && remote.moneyFen > 0 ? remote : undefined,
  };
}

/** A times card pays the whole order by itself. */
export const TIMES_ALONE = '计次卡须单独支付整笔订单，不能与其他会员卡或收款方式组合支付';

/**
 * A times card (T) paying: alone, for the order's whole list total (its part's money, no discount), the
 * kind answering the times it takes; the ledger charges those (and checks the card's type covers the item).
 */
async function planTimes<Order extends PayableOrder, Line extends PayableLine>(
  kind: PayableKind<Order, Line>,
  tenantId: number,
  order: Order,
  body: payment.PayRequest,
  raw: RawPart[],
  card: Card,
  memberId: number | null,
): Promise<PayPlan<Line>> {
  if (!kind.cardTimes) throw refuse(kind.cardRefusal);
  if (raw.length > 1) throw refuse(TIMES_ALONE);
  const lines = await kind.lines(tenantId, order.id);
  const listFen = listTotalFen(lines);
  if (yuanToFen(body.money) !== listFen || yuanToFen(raw[0].money) !== listFen) throw refuse(dueMessage(listFen));
  const times = await kind.cardTimes(tenantId, order, lines, card.cardTypeId);
  const part: PlannedPart = {
    payMode: payment.CARD_PAY,
    payName: card.cardTypeName,
    payType: card.payType,
    cardId: card.cardId,
    cardNo: card.cardNo,
    moneyFen: listFen,
    times,
  };
  return { mode: body.payMode, memberId, remark: body.remark || undefined, lines, totalFen: listFen, parts: [part] };
}

const EMPTY_PART = '每种收款方式的金额必须大于0';
const dueMessage = (dueFen: number) => `收款金额与应付金额不一致，应付 ${fenToYuan(dueFen).toFixed(2)} 元`;

/**
 * The amount due when the cards pay `cards` (in the order given, each discounting only its own part) and the
 * system method pays `systemFen` at list price: refused unless the system method pays exactly what the cards leave.
 */
function dueOf(listFen: number, cards: cardDiscount.CardShare[], systemParts: number[]): number {
  const systemFen = systemParts.reduce((sum, fen) => sum + fen, 0);
  if (listFen === 0) {
    if (systemFen !== 0 || cards.some((c) => c.payFen !== 0)) throw refuse(dueMessage(0));
    return 0;
  }
  if (systemParts.some((fen) => fen <= 0)) throw refuse(EMPTY_PART);
  const settled = cardDiscount.settleCards(listFen, cards);
  if (!settled.ok) {
    if (settled.reason === 'empty') throw refuse(EMPTY_PART);
    // A card paid more than its share: the due had the cards paid what they could.
    throw refuse(
      dueMessage(
        cardDiscount.splitOverCards(
          listFen,
          cards.map((c) => ({ balanceFen: c.payFen, perMille: c.perMille })),
        ).dueFen,
      ),
    );
  }
  if (systemFen !== settled.restFen) throw refuse(dueMessage(settled.dueFen));
  return settled.dueFen;
}

/** Before an outside channel takes the money: the card balances must be there now (the charge re-checks them). */
export async function precheckCards(cards: CardService, tenantId: number, plan: PayPlan) {
  const cardParts = plan.parts.filter((p) => p.cardId !== null);
  if (!cardParts.length) return;
  const found = await cards.byIds(
    tenantId,
    cardParts.map((p) => p.cardId!),
  );
  for (const p of cardParts) {
    if (yuanToFen(found.find((c) => c.cardId === p.cardId)?.balance ?? 0) < p.moneyFen) throw new BizError(Code.PAY_FAILED, Msg.cardBalanceShort);
  }
}
