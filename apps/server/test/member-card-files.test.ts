import { expect, it } from 'vitest';
import { member, Msg } from '@venue/contract';
import { describeEachEngine } from './harness.ts';
import { cardByNo, importCards, importXlsx, ledgerMismatches, readXlsx } from './member-card.helpers.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describeEachEngine('member card files: import, export, template on %s', (server) => {
  const { admin } = server;
  const cardCount = async () =>
    Number(
      (
        await server.db
          .selectFrom('card')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('tenant_id', '=', 1)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('downloads the import template with the columns of the contract and the card types', async () => {
    const file = await admin.download(member.DOWNLOAD_CARD_MODEL_PATH);
    expect(file).toMatchObject({ status: 200, type: XLSX });
    expect(file.bytes.subarray(0, 2).toString()).toBe('PK');
    const rows = await readXlsx(file.bytes);
    expect(rows).toEqual([[...member.IMPORT_COLUMNS]]);
    // The unchanged template imports nothing.
    expect((await importCards(admin, file.bytes)).body.code).toBe(-1300);
  });

  const good = (no: string, phone: string, type = '储值卡', amount: unknown = 100.5, begin: unknown = '2026-01-01', end: unknown = '') => [
    no,
    '导入会员',
    phone,
    '',
    type,
    amount,
    begin,
    end,
    '导入测试',
  ];

  it('imports nothing when one row is bad, and reports every bad row by line', async () => {
    const before = await cardCount();
    const bytes = await importXlsx([
      good('IMP0001', '13912340001'),
      ['IMP0002', '', '1391234', '12345', '不存在的卡', -1, '2026-13-01', '2025-01-01', ''],
      good('IMP0003', '13912340003'),
      good('VIP0001', '13912340004'),
      good('IMP0001', '13912340005'),
      good('IMP0006', '13912340006', '羽毛球10次卡', 2.5),
    ]);
    const { status, body } = await importCards(admin, bytes);
    expect(status).toBe(200);
    expect(body.code).toBe(200);
    expect(body.data!.imported).toBe(0);
    const lines = body.data!.errors.map((e) => `${e.line}:${e.message}`);
    expect(lines).toEqual([
      '3:会员姓名不能为空',
      `3:${Msg.mobileInvalid}`,
      `3:${Msg.idNumberInvalid}`,
      '3:卡类型「不存在的卡」不存在',
      '3:余额/次数必须是不小于0的数字',
      '3:日期格式错误，参数{有效期开始},不符合该格式{yyyy-MM-dd}',
      '5:会员卡号 VIP0001 已存在',
      '6:会员卡号 IMP0001 与第2行重复',
      '7:计次卡次数必须是整数',
    ]);
    expect(await cardCount()).toBe(before);
    expect((await admin.call('GET', 'member/card/getByCardId', { query: { cardId: 'IMP0001' } })).body.code).toBe(438);
  });

  it('imports every row in one go: members found by phone or created, cards opened, ledger in step', async () => {
    const before = await cardCount();
    const listTotal = async () => (await admin.call('GET', 'member/card/all')).body.data.total;
    expect(await listTotal()).toBe(before);
    const expiry = new Date(Date.UTC(2027, 5, 30));
    const bytes = await importXlsx([
      good('IMP1001', '13912341001', '储值卡', 88.8),
      good('IMP1002', '13800000001', '羽毛球10次卡', 10, new Date(Date.UTC(2026, 0, 1)), expiry),
      good('IMP1003', '13912341003', '游泳年卡', '', '', ''),
      ['IMP1004', '新会员', 13912341004, '11010519491231002X', '健身月卡', 0, '', '', ''],
    ]);
    const { body } = await importCards(admin, bytes);
    expect(body).toMatchObject({ code: 200, data: { imported: 4, errors: [] } });
    expect(await cardCount()).toBe(before + 4);
    expect(await listTotal()).toBe(before + 4);
    expect(await cardByNo(admin, 'IMP1001')).toMatchObject({ balance: 88.8, state: 'A', isOpened: 'T', memberName: '导入会员', payType: 'M' });
    const times = await cardByNo(admin, 'IMP1002');
    expect(times).toMatchObject({ balance: 10, memberName: '张三', useEndTime: '2027-06-30T15:59:59.999Z', useBeginTime: '2025-12-31T16:00:00.000Z' });
    const year = await cardByNo(admin, 'IMP1003');
    expect(year.useEndTime).not.toBeNull();
    expect((await admin.call('GET', 'member/card/all', { query: { blurryKeyword: 'IMP100' } })).body.data.total).toBe(4);
    const ledger = (await admin.call('GET', 'member/card/queryOrderConsume', { query: { cardId: times.cardId } })).body.data.records;
    expect(ledger).toMatchObject([{ kind: 'IMPORT', amount: 10, balanceAfter: 10 }]);
    expect(await ledgerMismatches(server)).toEqual([]);
  });

  it('refuses files that are not the template with HTTP 400, one past 5MB with 413, answering the envelope', async () => {
    const refusal = (status: number, msg: string) => ({ status, body: { code: status, msg, data: null } });
    const wrongHeader = await importCards(admin, await importXlsx([good('X1', '13912349999')], ['卡号', '姓名']));
    expect(wrongHeader).toMatchObject(refusal(400, '表头与模板不一致，请下载模板后填写'));
    expect(await importCards(admin, Buffer.from('not a spreadsheet'), 'a.xlsx')).toMatchObject(refusal(400, member.importCard.refusals.wrongType));
    expect(await importCards(admin, Buffer.from('PK not a zip'), 'a.xlsx')).toMatchObject(refusal(400, '无法读取文件，请上传按模板填写的 .xlsx 文件'));
    const huge = Buffer.concat([Buffer.from('PK'), Buffer.alloc(member.importCard.maxBytes)]);
    expect(await importCards(admin, huge, 'big.xlsx')).toMatchObject(refusal(413, member.importCard.refusals.tooLarge));
    expect((await importCards(admin, await importXlsx([]))).body.code).toBe(-1300);
    const notMultipart = await admin.call('POST', member.IMPORT_CARD_PATH, { body: {} });
    expect(notMultipart).toMatchObject(refusal(400, member.importCard.refusals.missing));
  });

  it('exports the cards of a search as .xlsx, and every card without one', async () => {
    const vip = await admin.download(member.EXPORT_CARD_PATH, { query: { blurryKeyword: 'VIP' } });
    expect(vip).toMatchObject({ status: 200, type: XLSX });
    expect(vip.bytes.subarray(0, 2).toString()).toBe('PK');
    const rows = await readXlsx(vip.bytes);
    expect(rows[0].slice(0, 3)).toEqual(['会员卡号', '实体卡号', '卡类型']);
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['VIP0001', 'VIP0002', 'VIP0003', 'VIP0004', 'VIP0005', 'VIP0006', 'VIP0007', 'VIP0008', 'VIP0009']);
    const zhang = rows.find((r) => r[0] === 'VIP0001')!;
    expect(zhang.slice(0, 9)).toEqual(['VIP0001', '1234567890', '储值卡', '储值', '张三', '13800000001', '普通会员', '500', '元']);
    const everything = await readXlsx((await admin.download(member.EXPORT_CARD_PATH)).bytes);
    expect(everything.length - 1).toBe(await cardCount());
    const bad = await admin.download(member.EXPORT_CARD_PATH, { query: { state: 'X' } });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.bytes.toString())).toMatchObject({ code: 400 });
  });

  it('exports the consume summary (POST body, or GET query) as .xlsx; errors answer JSON', async () => {
    const body = { beginTime: '2020-01-01', endTime: '2099-12-31' };
    const posted = await admin.download(member.EXPORT_CONSUME_SUMMARY_PATH, { body });
    expect(posted).toMatchObject({ status: 200, type: XLSX });
    const rows = await readXlsx(posted.bytes);
    expect(rows[0]).toEqual(['日期', '卡类型', '付费类型', '类别', '笔数', '金额/次数', '单位']);
    const summary = (await admin.call('POST', 'member/card/queryCardConsumeSummary', { body })).body.data;
    expect(rows.length - 1).toBe(summary.length);
    const got = await admin.download(member.EXPORT_CONSUME_SUMMARY_PATH, { query: body });
    expect(got.bytes.subarray(0, 2).toString()).toBe('PK');
    const wrong = await admin.download(member.EXPORT_CONSUME_SUMMARY_PATH, { query: { beginTime: '2020/01/01', endTime: '2099-12-31' } });
    expect(wrong.status).toBe(400);
    expect(JSON.parse(wrong.bytes.toString()).msg).toBe('日期格式错误，参数{beginTime},不符合该格式{yyyy-MM-dd HH:mm:ss}');
  });
});
