import { createHash, createHmac, randomBytes } from 'node:crypto';
import { startStandin, type Standin, type StandinRequest } from './standin-server.ts';

/**
 * A stand-in of WeChat Pay API v2's 付款码支付, written from its documentation (pay.weixin.qq.com
 * micropay, orderquery, reverse, refund, refundquery, downloadbill), not from our adapter:
 * - every request is XML, signed: the non-empty fields but `sign`, sorted, `k=v&...&key=API密钥`, MD5 or
 *   (sign_type=HMAC-SHA256) HMAC-SHA256, upper-case hex; a wrong signature answers return_code FAIL 签名错误;
 * - answers are signed the same way (`forgeAnswers` signs them with another key);
 * - secapi calls (reverse, refund) need the merchant's client certificate (its fingerprint);
 * - reverse is refused before 15 s after the pay call (the doc's rule), answering SYSTEMERROR.
 * The customer's behaviour is chosen by the auth code's last four digits (see SCENARIO).
 */
export const SCENARIO = {
  /** Paid at once. */
  paid: '134567890123450001',
  /** USERPAYING, then paid once the customer confirms (the first query still says USERPAYING). */
  confirming: '134567890123451001',
  /** SYSTEMERROR, and the customer never confirms: the trade stays unclear until reversed. */
  unclear: '134567890123451002',
  /** Refused: the code has expired. */
  refused: '134567890123451003',
} as const;

interface Trade {
  outTradeNo: string;
  totalFee: number;
  state: 'SUCCESS' | 'USERPAYING' | 'REVOKED' | 'REFUND' | 'PAYERROR';
  transactionId: string;
  paidAt: number;
  createdAt: number;
  queries: number;
  scenario: string;
  refunded: number;
}
interface Refund {
  outRefundNo: string;
  outTradeNo: string;
  fee: number;
  refundId: string;
  queries: number;
}

export interface WechatStandin extends Standin {
  trades: Map<string, Trade>;
  refunds: Map<string, Refund>;
  calls: { path: string; fields: Record<string, string>; at: number }[];
  /** No answer to anything (the platform does not answer). */
  silent: boolean;
  /** Answers signed with a key that is not the merchant's. */
  forgeAnswers: boolean;
  /** Refund queries answering PROCESSING before SUCCESS. */
  refundProcessing: number;
}

function signOf(fields: Record<string, string>, key: string, type = fields.sign_type === 'HMAC-SHA256' ? 'HMAC-SHA256' : 'MD5') {
  const text = `${Object.keys(fields)
    .filter((k) => k !== 'sign' && fields[k] !== '')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&')}&key=${key}`;
  return type === 'HMAC-SHA256'
    ? createHmac('sha256', key).update(text, 'utf8').digest('hex').toUpperCase()
    : createHash('md5').update(text, 'utf8').digest('hex').toUpperCase();
}

/** The flat XML the API speaks: `<xml><k><![CDATA[v]]></k>...</xml>`. */
function parseXml(xml: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of xml.matchAll(/<(\w+)>(?:<!\[CDATA\[([\s\S]*?)\]\]>|([^<]*))<\/\1>/g)) if (m[1] !== 'xml') out[m[1]] = m[2] ?? m[3] ?? '';
  return out;
}
const toXml = (fields: Record<string, string>) =>
  `<xml>${Object.entries(fields)
    .map(([k, v]) => `<${k}><![CDATA[${v}]]></${k}>`)
    .join('')}</xml>`;

const REQUIRED: Record<string, string[]> = {
  '/pay/micropay': ['appid', 'mch_id', 'nonce_str', 'sign', 'body', 'out_trade_no', 'total_fee', 'spbill_create_ip', 'auth_code'],
  '/pay/orderquery': ['appid', 'mch_id', 'nonce_str', 'sign'],
  '/secapi/pay/reverse': ['appid', 'mch_id', 'out_trade_no', 'nonce_str', 'sign'],
  '/secapi/pay/refund': ['appid', 'mch_id', 'nonce_str', 'sign', 'out_refund_no', 'total_fee', 'refund_fee'],
  '/pay/refundquery': ['appid', 'mch_id', 'nonce_str', 'sign'],
  '/pay/downloadbill': ['appid', 'mch_id', 'nonce_str', 'sign', 'bill_date'],
};

export async function startWechatStandin(o: {
  appId: string;
  mchId: string;
  apiKey: string;
  tls: { key: string; cert: string };
  merchantCertFingerprint: string;
  now: () => number;
}): Promise<WechatStandin> {
  const trades = new Map<string, Trade>();
  const refunds = new Map<string, Refund>();
  const calls: WechatStandin['calls'] = [];
  const self: Omit<WechatStandin, 'url' | 'close'> = { trades, refunds, calls, silent: false, forgeAnswers: false, refundProcessing: 0 };

  const answer = (fields: Record<string, string>) => {
    // Signed as the request was (this stand-in is only asked with HMAC-SHA256 by our adapter; MD5 is checked on requests).
    const out: Record<string, string> = {
      return_code: 'SUCCESS',
      return_msg: 'OK',
      appid: o.appId,
      mch_id: o.mchId,
      nonce_str: randomBytes(8).toString('hex'),
      ...fields,
    };
    out.sign = signOf(out, self.forgeAnswers ? 'forged-key-forged-key-forged-key' : o.apiKey, 'HMAC-SHA256');
    return { type: 'text/xml', body: toXml(out) };
  };
  const fail = (msg: string) => ({ type: 'text/xml', body: toXml({ return_code: 'FAIL', return_msg: msg }) });
  const bizFail = (code: string, des: string, extra: Record<string, string> = {}) =>
    answer({ result_code: 'FAIL', err_code: code, err_code_des: des, ...extra });

  const handle = (req: StandinRequest) => {
    if (self.silent) return undefined;
    const f = parseXml(req.body);
    calls.push({ path: req.path, fields: f, at: o.now() });
    const required = REQUIRED[req.path];
    if (!required) return { status: 404, body: 'not found' };
    const missing = required.find((k) => !f[k]);
    if (missing) return fail(`${missing}参数缺失`);
    if (f.appid !== o.appId || f.mch_id !== o.mchId) return bizFail('APPID_MCHID_NOT_MATCH', 'appid和mch_id不匹配');
    // sign_type defaults to MD5 when absent; the signature must verify under the merchant's API key.
    if (f.sign !== signOf(f, o.apiKey)) return fail('签名错误');
    if (req.path.startsWith('/secapi/') && req.clientCert !== o.merchantCertFingerprint) return fail('证书错误：请使用商户API证书');
    const trade = trades.get(f.out_trade_no);
    switch (req.path) {
      case '/pay/micropay': {
        if (trade) return trade.state === 'SUCCESS' ? bizFail('ORDERPAID', '订单已支付') : bizFail('OUT_TRADE_NO_USED', '商户订单号重复');
        const scenario = f.auth_code.slice(-4);
        if (f.auth_code === SCENARIO.refused) return bizFail('AUTHCODEEXPIRE', '二维码已过期，请用户在微信上刷新后再试');
        const t: Trade = {
          outTradeNo: f.out_trade_no,
          totalFee: Number(f.total_fee),
          state: scenario === '0001' ? 'SUCCESS' : 'USERPAYING',
          transactionId: `4200${Date.now()}${randomBytes(4).toString('hex')}`,
          paidAt: o.now(),
          createdAt: o.now(),
          queries: 0,
          scenario,
          refunded: 0,
        };
        trades.set(t.outTradeNo, t);
        if (t.state === 'SUCCESS')
          return answer({
            result_code: 'SUCCESS',
            transaction_id: t.transactionId,
            out_trade_no: t.outTradeNo,
            total_fee: String(t.totalFee),
            time_end: '20261128120000',
          });
        return scenario === '1001' ? bizFail('USERPAYING', '需要用户输入支付密码') : bizFail('SYSTEMERROR', '系统超时');
      }
      case '/pay/orderquery': {
        if (!trade) return bizFail('ORDERNOTEXIST', '此交易订单号不存在');
        trade.queries++;
        if (trade.scenario === '1001' && trade.state === 'USERPAYING' && trade.queries >= 2) trade.state = 'SUCCESS';
        const desc = { SUCCESS: '支付成功', USERPAYING: '需要用户输入支付密码', REVOKED: '已撤销', REFUND: '转入退款', PAYERROR: '支付失败' }[trade.state];
        return answer({
          result_code: 'SUCCESS',
          out_trade_no: trade.outTradeNo,
          trade_state: trade.state,
          trade_state_desc: desc,
          total_fee: String(trade.totalFee),
          ...(trade.state === 'SUCCESS' || trade.state === 'REFUND' ? { transaction_id: trade.transactionId } : {}),
        });
      }
      case '/secapi/pay/reverse': {
        if (!trade) return bizFail('ORDERNOTEXIST', '此交易订单号不存在');
        if (o.now() - trade.createdAt < 15_000) return bizFail('SYSTEMERROR', '请在支付15秒后再撤销');
        trade.state = 'REVOKED';
        return answer({ result_code: 'SUCCESS', recall: 'N' });
      }
      case '/secapi/pay/refund': {
        if (!trade || (trade.state !== 'SUCCESS' && trade.state !== 'REFUND')) return bizFail('ORDERNOTEXIST', '订单不存在或未支付');
        if (Number(f.total_fee) !== trade.totalFee) return bizFail('INVALID_REQ', '订单金额或退款金额与之前请求不一致，请核实后再试');
        const known = refunds.get(f.out_refund_no);
        if (!known) {
          const fee = Number(f.refund_fee);
          if (fee <= 0 || trade.refunded + fee > trade.totalFee) return bizFail('NOTENOUGH', '退款金额超过可退金额');
          trade.refunded += fee;
          trade.state = 'REFUND';
          refunds.set(f.out_refund_no, { outRefundNo: f.out_refund_no, outTradeNo: trade.outTradeNo, fee, refundId: `5030${Date.now()}`, queries: 0 });
        }
        const r = refunds.get(f.out_refund_no)!;
        return answer({
          result_code: 'SUCCESS',
          out_trade_no: r.outTradeNo,
          out_refund_no: r.outRefundNo,
          refund_id: r.refundId,
          refund_fee: String(r.fee),
          total_fee: String(trade.totalFee),
        });
      }
      case '/pay/refundquery': {
        const r = refunds.get(f.out_refund_no);
        if (!r) return bizFail('REFUNDNOTEXIST', '退款订单查询失败');
        r.queries++;
        const status = r.queries <= self.refundProcessing ? 'PROCESSING' : 'SUCCESS';
        return answer({
          result_code: 'SUCCESS',
          out_trade_no: r.outTradeNo,
          refund_count: '1',
          out_refund_no_0: r.outRefundNo,
          refund_id_0: r.refundId,
          refund_fee_0: String(r.fee),
          refund_status_0: status,
        });
      }
      case '/pay/downloadbill': {
        const rows = [...trades.values()].filter((t) => t.state === 'SUCCESS' || t.state === 'REFUND');
        if (!rows.length && !refunds.size) return fail('No Bill Exist');
        const y = (fen: number) => (fen / 100).toFixed(2);
        const header =
          '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注';
        const line = (cells: string[]) => cells.map((c) => `\`${c}`).join(',');
        const lines = rows.map((t) =>
          line([
            '2026-11-27 12:00:00',
            o.appId,
            o.mchId,
            '0',
            '',
            t.transactionId,
            t.outTradeNo,
            'oUser',
            'MICROPAY',
            'SUCCESS',
            'CMB_DEBIT',
            'CNY',
            y(t.totalFee),
            '0.00',
            '0',
            '0',
            '0.00',
            '0.00',
            '',
            '',
            '商品',
            '',
            '0.00',
            '0.60%',
            y(t.totalFee),
            '0.00',
            '',
          ]),
        );
        for (const r of refunds.values()) {
          const t = trades.get(r.outTradeNo)!;
          lines.push(
            line([
              '2026-11-27 13:00:00',
              o.appId,
              o.mchId,
              '0',
              '',
              t.transactionId,
              t.outTradeNo,
              'oUser',
              'MICROPAY',
              'REFUND',
              'CMB_DEBIT',
              'CNY',
              '0.00',
              '0.00',
              r.refundId,
              r.outRefundNo,
              y(r.fee),
              '0.00',
              'ORIGINAL',
              'SUCCESS',
              '商品',
              '',
              '0.00',
              '0.60%',
              '0.00',
              y(r.fee),
              '',
            ]),
          );
        }
        return {
          body: [
            header,
            ...lines,
            '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额',
            `\`${lines.length},\`0.00,\`0.00,\`0.00,\`0.00,\`0.00,\`0.00`,
          ].join('\r\n'),
        };
      }
    }
    return fail('未知接口');
  };

  const standin = await startStandin(handle, o.tls);
  return Object.assign(self, standin);
}
