import { createHash, createHmac } from 'node:crypto';
import { startStandin, type Standin, type StandinRequest } from './standin-server.ts';

/**
 * A stand-in of 银联商务's open-platform POS link API (/v2/poslink/transaction/pay, query, voidpayment,
 * refund, query-refund), written from its documentation and published request/answer models:
 * - JSON bodies; every request carries `Authorization: OPEN-BODY-SIG AppId="..", Timestamp="..",
 *   Nonce="..", Signature=".."`, Signature = Base64(HmacSHA256(AppId+Timestamp+Nonce+hex(SHA256(body)),
 *   AppKey)); a signature that does not verify is refused (HTTP 401) and nothing is done;
 * - errCode 00 is success; query answers queryResCode 0 paid, 1 timeout, 2 voided, 3 refunded, 4
 *   reversed, 5 failed, FF unknown; query-refund queryResCode 00 refunded;
 * - the customer's behaviour is chosen by the pay code's last four digits (SCENARIO).
 */
export const SCENARIO = {
  paid: '621234567890120001',
  /** The answer times out at the platform (TIMEOUT), then the payment shows paid. */
  confirming: '621234567890121001',
  /** An internal error, and the payment stays unknown until voided. */
  unclear: '621234567890121002',
  refused: '621234567890121003',
} as const;

interface Trade {
  merchantOrderId: string;
  amount: number;
  code: '0' | '1' | '2' | '3' | 'FF';
  orderId: string;
  scenario: string;
  queries: number;
  refunded: number;
}

export interface UmspayStandin extends Standin {
  trades: Map<string, Trade>;
  refunds: Map<string, { merchantOrderId: string; amount: number }>;
  calls: { path: string; body: Record<string, unknown> }[];
  silent: boolean;
}

export async function startUmspayStandin(o: { appId: string; appKey: string; merchantCode: string; terminalCode: string }): Promise<UmspayStandin> {
  const trades = new Map<string, Trade>();
  const refunds = new Map<string, { merchantOrderId: string; amount: number }>();
  const calls: UmspayStandin['calls'] = [];
  const self: Omit<UmspayStandin, 'url' | 'close'> = { trades, refunds, calls, silent: false };
  const json = (body: Record<string, unknown>, status = 200) => ({ status, type: 'application/json', body: JSON.stringify(body) });

  const authorised = (req: StandinRequest) => {
    const m = /^OPEN-BODY-SIG AppId="([^"]*)", Timestamp="(\d{14})", Nonce="([^"]*)", Signature="([^"]*)"$/.exec(String(req.headers.authorization ?? ''));
    if (!m || m[1] !== o.appId) return false;
    const digest = createHash('sha256').update(req.body, 'utf8').digest('hex');
    return createHmac('sha256', o.appKey).update(`${m[1]}${m[2]}${m[3]}${digest}`, 'utf8').digest('base64') === m[4];
  };

  const handle = (req: StandinRequest) => {
    if (self.silent) return undefined;
    if (!authorised(req)) return json({ errCode: '1000', errInfo: '签名验证失败' }, 401);
    const b = JSON.parse(req.body) as Record<string, string | number>;
    calls.push({ path: req.path, body: b });
    if (b.merchantCode !== o.merchantCode || b.terminalCode !== o.terminalCode) return json({ errCode: 'INVALID_MERCHANT', errInfo: '商户号或终端号不存在' });
    const trade = trades.get(String(b.merchantOrderId));
    switch (req.path) {
      case '/v2/poslink/transaction/pay': {
        if (b.payMode !== 'CODE_SCAN' || !b.payCode || b.transactionCurrencyCode !== '156' || !b.merchantRemark)
          return json({ errCode: 'BAD_REQUEST', errInfo: '参数错误' });
        if (trade) return json({ errCode: 'DUP_ORDER', errInfo: '商户订单号重复' });
        const code = String(b.payCode);
        if (code === SCENARIO.refused) return json({ errCode: 'PAYCODE_INVALID', errInfo: '付款码无效，请顾客刷新后重试' });
        const scenario = code.slice(-4);
        const t: Trade = {
          merchantOrderId: String(b.merchantOrderId),
          amount: Number(b.transactionAmount),
          code: scenario === '0001' ? '0' : 'FF',
          orderId: `UMS${Date.now()}`,
          scenario,
          queries: 0,
          refunded: 0,
        };
        trades.set(t.merchantOrderId, t);
        if (t.code === '0') return json({ errCode: '00', errInfo: '成功', orderId: t.orderId, amount: t.amount, thirdPartyOrderId: `4200${Date.now()}` });
        return json(scenario === '1001' ? { errCode: 'TIMEOUT', errInfo: '交易超时' } : { errCode: 'INTERNAL_ERROR', errInfo: '内部错误' });
      }
      case '/v2/poslink/transaction/query': {
        if (!trade) return json({ errCode: 'NO_SUCH_ORDER', errInfo: '订单不存在' });
        trade.queries++;
        if (trade.scenario === '1001' && trade.code === 'FF' && trade.queries >= 2) trade.code = '0';
        const desc = { '0': '成功', '1': '超时', '2': '已撤销', '3': '已退货', FF: '交易状态未知' }[trade.code];
        return json({
          errCode: '00',
          queryResCode: trade.code,
          queryResDesc: desc,
          orderId: trade.orderId,
          originalTransactionAmount: trade.amount,
          amount: trade.amount,
          refundedAmount: trade.refunded,
        });
      }
      case '/v2/poslink/transaction/voidpayment': {
        if (!trade) return json({ errCode: 'NO_SUCH_ORDER', errInfo: '订单不存在' });
        trade.code = '2';
        return json({ errCode: '00', errInfo: '撤销成功' });
      }
      case '/v2/poslink/transaction/refund': {
        if (!trade || (trade.code !== '0' && trade.code !== '3')) return json({ errCode: 'NO_SUCH_ORDER', errInfo: '订单不存在或未支付' });
        if (!refunds.has(String(b.refundRequestId))) {
          const amount = Number(b.transactionAmount);
          if (amount <= 0 || trade.refunded + amount > trade.amount) return json({ errCode: 'REFUND_AMOUNT_EXCEED', errInfo: '退货金额超限' });
          trade.refunded += amount;
          refunds.set(String(b.refundRequestId), { merchantOrderId: trade.merchantOrderId, amount });
        }
        return json({ errCode: '00', errInfo: '退货成功', refundOrderId: `R${trade.orderId}` });
      }
      case '/v2/poslink/transaction/query-refund': {
        if (!trade) return json({ errCode: 'NO_SUCH_ORDER', errInfo: '订单不存在' });
        return refunds.has(String(b.refundRequestId))
          ? json({ errCode: '00', queryResCode: '00', refundOrderId: `R${trade.orderId}` })
          : json({ errCode: '00', queryResCode: '01', queryResInfo: '退货记录不存在' });
      }
    }
    return json({ errCode: 'NOT_FOUND', errInfo: '接口不存在' }, 404);
  };

  const standin = await startStandin(handle);
  return Object.assign(self, standin);
}
