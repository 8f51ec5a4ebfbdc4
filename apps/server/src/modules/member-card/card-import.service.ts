import { Code, MAX_COUNT, MAX_YUAN, member, Msg, yuanToFen, chinaToIso } from '@venue/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { DAY_MS, iso, type Clock } from '../../lib/clock.ts';
import { badFile, BizError, fileTooLarge, isUniqueViolation } from '../../lib/errors.ts';
import { readFirstSheet } from '../../lib/xlsx-read.ts';
import type { MemberRepository } from './member.repository.ts';

export const IMPORT_MAX_ROWS = 5000;
/** What a 5,000-row template unpacks to is about 2 MB; anything near this is not a card list. */
const IMPORT_MAX_UNPACKED_BYTES = 48 * 1024 * 1024;
const MOBILE = /^1\d{10}$/;
const ID_NUMBER = /^(\d{15}|\d{17}[\dXx])$/;
const DATE = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?$/;

type LineError = { line: number; message: string };
type CardTypeRow = Awaited<ReturnType<MemberRepository['cardTypes']>>[number];
interface GoodRow {
  line: number;
  cardNo: string;
  name: string;
  phone: string;
  idNumber: string | null;
  type: CardTypeRow;
  balance: number;
  begin: string | null;
  end: string | null;
  remark: string;
}

/** "2026-1-5", "2026/01/05" or an Excel date, as the Shanghai calendar date; null when it is not a real date. */
function calendarDate(text: string): string | null {
  const m = DATE.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(y, mo - 1, d));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== mo - 1 || probe.getUTCDate() !== d) return null;
  return `${m[1]}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * Card import from the .xlsx template: every row is checked (required fields, phone and ID formats, a
 * known card type, a card number new to the tenant and to the file, dates, balance >= 0). Any bad row:
 * nothing is imported and every problem is answered with its line. Otherwise all rows go in one
 * transaction: members found by phone or created, cards opened in state A, and an IMPORT ledger row
 * per card equal to its balance (so the ledger sums to the balance from the start).
 */
export class CardImportService {
  constructor(
    private readonly members: MemberRepository,
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async import(tenantId: number, userId: number, bytes: Buffer): Promise<{ imported: number; errors: LineError[] }> {
    const sheet = await readFirstSheet(bytes, { maxRows: IMPORT_MAX_ROWS, columns: member.IMPORT_COLUMNS.length, maxUnpackedBytes: IMPORT_MAX_UNPACKED_BYTES });
    if (sheet.kind === 'unreadable') throw badFile('无法读取文件，请上传按模板填写的 .xlsx 文件');
    if (sheet.kind === 'too-large') throw fileTooLarge('文件解压后过大，请上传按模板填写的 .xlsx 文件');
    if (sheet.header.join('|') !== member.IMPORT_COLUMNS.join('|')) throw badFile('表头与模板不一致，请下载模板后填写');
    if (sheet.tooManyRows) throw fileTooLarge(`一次最多导入 ${IMPORT_MAX_ROWS} 张会员卡`);
    if (!sheet.rows.length) throw new BizError(Code.NO_DATA, '文件中没有会员卡数据');

    const types = new Map((await this.members.cardTypes(tenantId)).map((t) => [t.name, t]));
    const taken = await this.members.takenCardNos(tenantId, sheet.rows.map((r) => r.cells[0]).filter(Boolean));
    const errors: LineError[] = [];
    const good: GoodRow[] = [];
    const firstLine = new Map<string, number>();
    for (const { line, cells } of sheet.rows) {
      const problems: string[] = [];
      const [cardNo, name, phone, idNumber, typeName, amountText, beginText, endText, remark] = cells;
      if (!cardNo) problems.push('会员卡号不能为空');
      else if (cardNo.length > 50) problems.push('会员卡号不能超过50个字符');
      else if (taken.has(cardNo)) problems.push(`会员卡号 ${cardNo} 已存在`);
      else if (firstLine.has(cardNo)) problems.push(`会员卡号 ${cardNo} 与第${firstLine.get(cardNo)}行重复`);
      else firstLine.set(cardNo, line);
      if (!name) problems.push('会员姓名不能为空');
      else if (name.length > 50) problems.push('会员姓名不能超过50个字符');
      if (!phone) problems.push('手机号不能为空');
      else if (!MOBILE.test(phone)) problems.push(Msg.mobileInvalid);
      if (idNumber && !ID_NUMBER.test(idNumber)) problems.push(Msg.idNumberInvalid);
      const type = types.get(typeName);
      if (!typeName) problems.push('卡类型不能为空');
      else if (!type) problems.push(`卡类型「${typeName}」不存在`);
      const amount = amountText === '' ? 0 : Number(amountText);
      if (!Number.isFinite(amount) || amount < 0) problems.push('余额/次数必须是不小于0的数字');
      else if (type?.pay_type === 'M' && Math.abs(amount * 100 - Math.round(amount * 100)) > 1e-6) problems.push('储值卡余额最多两位小数');
      else if (type?.pay_type === 'M' && amount > MAX_YUAN) problems.push(`储值卡余额不能超过${MAX_YUAN}`);
      else if (type?.pay_type === 'T' && !Number.isInteger(amount)) problems.push('计次卡次数必须是整数');
      else if (type?.pay_type === 'T' && amount > MAX_COUNT) problems.push(`计次卡次数不能超过${MAX_COUNT}`);
      else if (type?.pay_type === 'D' && amount !== 0) problems.push('计时卡的余额/次数应为0或留空');
      const beginDay = beginText ? calendarDate(beginText) : null;
      const endDay = endText ? calendarDate(endText) : null;
      if (beginText && !beginDay) problems.push(`日期格式错误，参数{有效期开始},不符合该格式{yyyy-MM-dd}`);
      if (endText && !endDay) problems.push(`日期格式错误，参数{有效期结束},不符合该格式{yyyy-MM-dd}`);
      if (beginDay && endDay && endDay < beginDay) problems.push('有效期结束不能早于有效期开始');
      if (remark.length > 200) problems.push('备注不能超过200个字符');
      if (problems.length) {
        errors.push(...problems.map((message) => ({ line, message })));
        continue;
      }
      const begin = beginDay ? chinaToIso(beginDay) : null;
      const end = endDay ? chinaToIso(endDay, true) : null;
      const balance = type!.pay_type === 'M' ? yuanToFen(amount) : type!.pay_type === 'T' ? amount : 0;
      good.push({ line, cardNo, name, phone, idNumber: idNumber || null, type: type!, balance, begin, end, remark });
    }
    if (errors.length) return { imported: 0, errors };
    await this.write(tenantId, userId, good);
    return { imported: good.length, errors: [] };
  }

  private async write(tenantId: number, userId: number, rows: GoodRow[]) {
    const nowIso = iso(this.clock.now());
    const inOneGo = this.db.transaction().execute(async (trx) => {
      const memberIds = await this.members.membersByPhone(trx, tenantId, [...new Set(rows.map((r) => r.phone))]);
      for (const r of rows) {
        if (!memberIds.has(r.phone)) {
          memberIds.set(
            r.phone,
            await this.members.insertMember(trx, {
              tenant_id: tenantId,
              name: r.name,
              phone: r.phone,
              id_number: r.idNumber,
              photo: null,
              member_type_id: null,
              source: 'B',
              created_at: nowIso,
            }),
          );
        }
        const begin = r.begin ?? (r.type.valid_days > 0 ? nowIso : null);
        const end = r.end ?? (begin && r.type.valid_days > 0 ? iso(new Date(new Date(begin).getTime() + r.type.valid_days * DAY_MS)) : null);
        await this.members.insertImportedCard(
          trx,
          {
            tenant_id: tenantId,
            card_no: r.cardNo,
            phy_card_id: null,
            member_id: memberIds.get(r.phone)!,
            card_type_id: r.type.id,
            venue_id: null,
            state: 'A',
            is_opened: 'T',
            balance: r.balance,
            use_begin: begin,
            use_end: end,
            remark: r.remark,
            created_at: nowIso,
          },
          `导入（第${r.line}行）`,
          userId,
        );
      }
    });
    await inOneGo.catch((error: unknown) => {
      // Another import took one of these numbers since they were checked: nothing of this one stays.
      if (isUniqueViolation(error)) throw new BizError(Code.EXISTS, '会员卡号已被同时导入的其他会员卡使用，请重新导入');
      throw error;
    });
  }
}
