import yauzl from 'yauzl';
import { billFen, csvFields, type BillLine } from './bill-line.ts';

const MAX_ENTRY_BYTES = 50 * 1024 * 1024;

/** The text of the zip's 业务明细 file (not its 汇总), GBK as Alipay writes it; null when there is none. */
function detailFile(zipBytes: Buffer): Promise<string | null> {
  return new Promise((resolve) => {
    yauzl.fromBuffer(zipBytes, { lazyEntries: true, validateEntrySizes: true, decodeStrings: false }, (error, zip) => {
      if (error || !zip) return resolve(null);
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = new TextDecoder('gbk').decode(entry.fileName as unknown as Buffer);
        const utf8 = Buffer.from(entry.fileName as unknown as Buffer).toString('utf8');
        const isDetail = (n: string) => n.includes('业务明细') && !n.includes('汇总');
        if (!(isDetail(name) || isDetail(utf8)) || entry.uncompressedSize > MAX_ENTRY_BYTES) return zip.readEntry();
        zip.openReadStream(entry, (openError, stream) => {
          if (openError || !stream) return resolve(null);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', () => resolve(null));
          stream.on('end', () => {
            zip.close();
            resolve(new TextDecoder('gbk').decode(Buffer.concat(chunks)));
          });
        });
      });
      zip.on('end', () => resolve(null));
      zip.on('error', () => resolve(null));
      zip.readEntry();
    });
  });
}

/**
 * Alipay's trade bill (alipay.data.dataservice.bill.downloadurl.query, bill_type trade): a zip whose
 * 业务明细 CSV (GBK) has comment lines starting with #, a header (支付宝交易号,商户订单号,业务类型,...)
 * and one line per 交易 (payment, 订单金额) or 退款 (refund: 退款批次号/请求号, a negative 订单金额).
 */
export async function parseAlipayBill(zipBytes: Buffer): Promise<BillLine[] | string> {
  const text = await detailFile(zipBytes);
  if (text === null) return '支付宝对账单文件无法识别';
  const lines = text.split(/\r?\n/);
  const headerAt = lines.findIndex((l) => l.startsWith('支付宝交易号'));
  if (headerAt < 0) return '支付宝对账单文件无法识别';
  const header = csvFields(lines[headerAt]);
  const at = (name: string) => header.findIndex((h) => h.startsWith(name));
  const col = {
    tradeNo: at('支付宝交易号'),
    out: at('商户订单号'),
    type: at('业务类型'),
    done: at('完成时间'),
    amount: at('订单金额'),
    refundNo: at('退款批次号'),
  };
  const out: BillLine[] = [];
  for (const line of lines.slice(headerAt + 1)) {
    if (!line.trim() || line.startsWith('#')) break;
    const f = csvFields(line);
    const fen = billFen(f[col.amount] ?? '');
    if (Number.isNaN(fen)) continue;
    const type = f[col.type];
    if (type === '交易') out.push({ type: 'PAY', outNo: f[col.out], channelNo: f[col.tradeNo], amountFen: fen, time: f[col.done] ?? '' });
    else if (type === '退款') out.push({ type: 'REFUND', outNo: f[col.refundNo] ?? '', channelNo: f[col.tradeNo], amountFen: fen, time: f[col.done] ?? '' });
  }
  return out;
}
