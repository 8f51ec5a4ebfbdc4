import { createSign, createVerify } from 'node:crypto';
import JSZip from 'jszip';
import { startStandin, type Standin, type StandinRequest } from './standin-server.ts';

/**
 * A stand-in of Alipay's OpenAPI gateway (gateway.do) for 当面付 bar_code, written from its documentation
 * (alipay.trade.pay / query / cancel / refund, alipay.trade.fastpay.refund.query,
 * alipay.data.dataservice.bill.downloadurl.query, the common request and answer, RSA2):
 * - the request's parameters (URL and form body) but `sign`, sorted, `k=v&...` with raw values, are
 *   verified with the app's public key (RSA-SHA256); a bad one answers 40002 isv.invalid-signature;
 * - each answer `{ "<method>_response": {...}, "sign": ... }` is signed over the response object's JSON
 *   text with Alipay's private key (`forgeAnswers`: with another key);
 * - the customer's behaviour is chosen by the auth code's last four digits (SCENARIO).
 */
export const SCENARIO = {
  paid: '281234567890120001',
  /** 10003: waiting for the buyer, then paid (the first query still says WAIT_BUYER_PAY). */
  confirming: '281234567890121001',
  /** ACQ.SYSTEM_ERROR, and the buyer never pays: unclear until cancelled. */
  unclear: '281234567890121002',
  refused: '281234567890121003',
} as const;

interface Trade {
  outTradeNo: string;
  totalFen: number;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  tradeNo: string;
  scenario: string;
  queries: number;
  refundedFen: number;
}

export interface AlipayStandin extends Standin {
  trades: Map<string, Trade>;
  refunds: Map<string, { outTradeNo: string; fen: number }>;
  calls: { method: string; biz: Record<string, unknown> }[];
  silent: boolean;
  forgeAnswers: boolean;
}

const yuan = (fen: number) => (fen / 100).toFixed(2);
const fen = (yuanText: unknown) => Math.round(Number(yuanText) * 100);

/** GBK bytes of a text (Alipay's bill files are GBK): the decoder's table turned around. */
function gbk(text: string): Buffer {
  const table = new Map<string, number[]>();
  const decoder = new TextDecoder('gbk');
  for (let hi = 0x81; hi <= 0xfe; hi++) for (let lo = 0x40; lo <= 0xfe; lo++) table.set(decoder.decode(Buffer.from([hi, lo])), [hi, lo]);
  const bytes: number[] = [];
  for (const ch of text) bytes.push(...(ch.charCodeAt(0) < 0x80 ? [ch.charCodeAt(0)] : (table.get(ch) ?? [0x3f])));
  return Buffer.from(bytes);
}

export async function startAlipayStandin(o: {
  appId: string;
  appPublicKey: string;
  alipayPrivateKey: string;
  otherPrivateKey: string;
}): Promise<AlipayStandin> {
  const trades = new Map<string, Trade>();
  const refunds = new Map<string, { outTradeNo: string; fen: number }>();
  const calls: AlipayStandin['calls'] = [];
  const self: Omit<AlipayStandin, 'url' | 'close'> = { trades, refunds, calls, silent: false, forgeAnswers: false };
  let base = '';

  const answer = (method: string, body: Record<string, unknown>) => {
    const inner = JSON.stringify(body);
    const sign = createSign('RSA-SHA256')
      .update(inner, 'utf8')
      .sign(self.forgeAnswers ? o.otherPrivateKey : o.alipayPrivateKey, 'base64');
    return { type: 'application/json;charset=utf-8', body: `{"${method.replaceAll('.', '_')}_response":${inner},"sign":"${sign}"}` };
  };
  const ok = (method: string, fields: Record<string, unknown>) => answer(method, { code: '10000', msg: 'Success', ...fields });
  const bizError = (method: string, subCode: string, subMsg: string) =>
    answer(method, { code: '40004', msg: 'Business Failed', sub_code: subCode, sub_msg: subMsg });

  const handle = async (req: StandinRequest) => {
    if (self.silent) return undefined;
    if (req.path === '/bill.zip') {
      const lines = [
        '#支付宝业务明细查询',
        `#账号：[${o.appId}]`,
        '#起始日期：[2026年11月27日 00:00:00]   终止日期：[2026年11月28日 00:00:00]',
        '#-----------------------------------------业务明细列表----------------------------------------',
        '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注',
        ...[...trades.values()]
          .filter((t) => t.status === 'TRADE_SUCCESS' || t.refundedFen > 0)
          .map(
            (t) =>
              `${t.tradeNo}\t,${t.outTradeNo}\t,交易,商品,2026-11-27 12:00:00,2026-11-27 12:00:01,,,,,buyer@example.com,${yuan(t.totalFen)},${yuan(t.totalFen)},0.00,0.00,0.00,0.00,0.00,,0.00,0.00,,-0.06,0.00,`,
          ),
        ...[...refunds.entries()].map(([no, r]) => {
          const t = trades.get(r.outTradeNo)!;
          return `${t.tradeNo}\t,${t.outTradeNo}\t,退款,商品,2026-11-27 12:00:00,2026-11-27 13:00:00,,,,,buyer@example.com,-${yuan(r.fen)},-${yuan(r.fen)},0.00,0.00,0.00,0.00,0.00,,0.00,0.00,${no},0.06,0.00,`;
        }),
        '#-----------------------------------------业务明细列表结束------------------------------------',
        '#交易合计：1笔，退款合计：0笔',
      ];
      const zip = new JSZip();
      zip.file(`${o.appId}_20261127_业务明细.csv`, gbk(lines.join('\r\n')));
      zip.file(`${o.appId}_20261127_业务明细(汇总).csv`, gbk('#支付宝业务汇总查询\r\n'));
      return { type: 'application/zip', body: await zip.generateAsync({ type: 'nodebuffer' }) };
    }
    if (req.path !== '/gateway.do') return { status: 404, body: 'not found' };
    const params: Record<string, string> = Object.fromEntries(req.query);
    for (const [k, v] of new URLSearchParams(req.body)) params[k] = v;
    const method = params.method ?? '';
    const text = Object.keys(params)
      .filter((k) => k !== 'sign' && params[k] !== '')
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&');
    const verified =
      params.sign_type === 'RSA2' &&
      createVerify('RSA-SHA256')
        .update(text, 'utf8')
        .verify(o.appPublicKey, params.sign ?? '', 'base64');
    if (params.app_id !== o.appId || !verified)
      return answer(method, {
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: 'isv.invalid-signature',
        sub_msg: '验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配',
      });
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    calls.push({ method, biz });
    const trade = trades.get(biz.out_trade_no);
    switch (method) {
      case 'alipay.trade.pay': {
        if (biz.scene !== 'bar_code' || !biz.auth_code || !biz.subject || !biz.total_amount) return bizError(method, 'ACQ.INVALID_PARAMETER', '参数无效');
        if (trade)
          return trade.status === 'TRADE_SUCCESS'
            ? bizError(method, 'ACQ.TRADE_HAS_SUCCESS', '交易已被支付')
            : bizError(method, 'ACQ.TRADE_HAS_CLOSE', '交易已经关闭');
        if (biz.auth_code === SCENARIO.refused)
          return bizError(method, 'ACQ.PAYMENT_AUTH_CODE_INVALID', '支付失败，获取顾客账户信息失败，请顾客刷新付款码后重新收款');
        const scenario = biz.auth_code.slice(-4);
        const t: Trade = {
          outTradeNo: biz.out_trade_no,
          totalFen: fen(biz.total_amount),
          status: scenario === '0001' ? 'TRADE_SUCCESS' : 'WAIT_BUYER_PAY',
          tradeNo: `2026112722001${Date.now()}`,
          scenario,
          queries: 0,
          refundedFen: 0,
        };
        trades.set(t.outTradeNo, t);
        if (t.status === 'TRADE_SUCCESS')
          return ok(method, { trade_no: t.tradeNo, out_trade_no: t.outTradeNo, total_amount: yuan(t.totalFen), receipt_amount: yuan(t.totalFen) });
        if (scenario === '1001') return answer(method, { code: '10003', msg: '等待用户付款', trade_no: t.tradeNo, out_trade_no: t.outTradeNo });
        return answer(method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.SYSTEM_ERROR', sub_msg: '系统错误' });
      }
      case 'alipay.trade.query': {
        if (!trade) return bizError(method, 'ACQ.TRADE_NOT_EXIST', '交易不存在');
        trade.queries++;
        if (trade.scenario === '1001' && trade.status === 'WAIT_BUYER_PAY' && trade.queries >= 2) trade.status = 'TRADE_SUCCESS';
        return ok(method, { trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo, trade_status: trade.status, total_amount: yuan(trade.totalFen) });
      }
      case 'alipay.trade.cancel': {
        if (!trade) return bizError(method, 'ACQ.TRADE_NOT_EXIST', '交易不存在');
        const action = trade.status === 'TRADE_SUCCESS' ? 'refund' : 'close';
        trade.status = 'TRADE_CLOSED';
        return ok(method, { trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo, retry_flag: 'N', action });
      }
      case 'alipay.trade.refund': {
        if (!trade || trade.status !== 'TRADE_SUCCESS') return bizError(method, 'ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
        const known = refunds.get(biz.out_request_no);
        if (known) return ok(method, { trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo, refund_fee: yuan(trade.refundedFen), fund_change: 'N' });
        const amount = fen(biz.refund_amount);
        if (amount <= 0 || trade.refundedFen + amount > trade.totalFen) return bizError(method, 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
        trade.refundedFen += amount;
        refunds.set(biz.out_request_no, { outTradeNo: trade.outTradeNo, fen: amount });
        return ok(method, { trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo, refund_fee: yuan(trade.refundedFen), fund_change: 'Y' });
      }
      case 'alipay.trade.fastpay.refund.query': {
        const r = refunds.get(biz.out_request_no);
        if (!trade) return bizError(method, 'ACQ.TRADE_NOT_EXIST', '交易不存在');
        if (!r) return ok(method, {});
        return ok(method, {
          trade_no: trade.tradeNo,
          out_trade_no: trade.outTradeNo,
          out_request_no: biz.out_request_no,
          refund_amount: yuan(r.fen),
          total_amount: yuan(trade.totalFen),
          refund_status: 'REFUND_SUCCESS',
        });
      }
      case 'alipay.data.dataservice.bill.downloadurl.query':
        if (biz.bill_type !== 'trade' || !/^\d{4}-\d{2}-\d{2}$/.test(biz.bill_date)) return bizError(method, 'isv.invalid-bill-date', '账单时间格式不正确');
        return ok(method, { bill_download_url: `${base}/bill.zip` });
    }
    return answer(method, { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method', sub_msg: '不存在的方法名' });
  };

  const standin = await startStandin(handle);
  base = standin.url;
  return Object.assign(self, standin);
}
