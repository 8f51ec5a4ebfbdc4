import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member } from '@venue/contract';
import { engines, type Api, type TestDatabase } from './harness.ts';
import { cardByNo, closeServer, DEMO, download, importXlsx, openServer, readXlsx, upload } from './member-card.helpers.ts';

describe.each(engines())('member cards: tenants and permissions on %s', (engine) => {
  let database: TestDatabase;
  let api: Api;
  let admin: string;
  let cashier: string;
  let other: string;
  const tenantOneCards = async () =>
    new Set((await database.db.kysely.selectFrom('card').select('card_no').where('tenant_id', '=', 1).execute()).map((c) => c.card_no));

  beforeAll(async () => ({ database, api, admin, cashier, other } = await openServer(engine)));
  afterAll(() => closeServer(api, database));

  it("shows tenant 2 none of tenant 1's cards, members or ledger, in lists, lookups and exports", async () => {
    const mine = await tenantOneCards();
    const list = (await api.call('GET', 'member/card/all', { token: other, query: { size: 1000 } })).body.data;
    expect(list.total).toBeGreaterThan(0);
    expect(list.records.every((c: { memberName: string }) => !['张三', '李四'].includes(c.memberName))).toBe(true);
    for (const query of [{ memberName: '张' }, { phone: '138' }, { blurryKeyword: 'MC1000' }, { cardNoOrId: '1' }]) {
      expect((await api.call('GET', 'member/card/all', { token: other, query })).body.data.total).toBe(0);
    }
    // Card numbers are unique per tenant: tenant 2 has its own VIP0001.
    expect(await cardByNo(api, other, DEMO.vip)).toMatchObject({ memberName: '王星河' });
    expect((await api.call('GET', 'member/card/getByCardId', { token: other, query: { cardId: DEMO.phy } })).body.code).toBe(438);
    const zhang = await cardByNo(api, admin, DEMO.vip);
    expect((await api.call('GET', 'member/card/getByIds', { token: other, query: { cardIds: String(zhang.cardId) } })).body.data).toEqual([]);
    expect((await api.call('GET', 'member/card/allForPay', { token: other, query: { memberId: zhang.memberId } })).body.data).toEqual([]);
    expect((await api.call('GET', 'member/card/queryOrderConsumeAll', { token: other, query: { size: 1000 } })).body.data.records.every((r: { cardNo: string }) => !mine.has(r.cardNo) || r.cardNo === 'VIP0001')).toBe(true);
    const exported = await readXlsx((await download(api, other, member.EXPORT_CARD_PATH)).bytes);
    expect(exported.length - 1).toBe(list.total);
    expect(exported.some((r) => r.includes('13800000001'))).toBe(false);
    const byType = (await api.call('GET', 'member/card/getCardSummaryAll', { token: other })).body.data;
    expect(byType.reduce((s: number, t: { cardCount: number }) => s + t.cardCount, 0)).toBe(list.total);
  });

  it("refuses tenant 2 every change to tenant 1's cards", async () => {
    const zhang = await cardByNo(api, admin, DEMO.vip);
    const unopened = await cardByNo(api, admin, DEMO.unopened);
    const consume = (await api.call('GET', 'member/card/queryOrderConsume', { token: admin, query: { cardId: zhang.cardId, kind: 'CONSUME' } })).body.data.records[0];
    const answers = await Promise.all([
      api.call('POST', 'member/card/openCard', { token: other, body: { cardId: unopened.cardId } }),
      api.call('POST', 'member/card/refundCardConsume', { token: other, body: { consumeId: consume.consumeId } }),
      api.call('POST', 'member/card/updateRemark', { token: other, query: { cardId: zhang.cardId, remark: '越权' } }),
      api.call('POST', 'member/card/bindCard', { token: other, body: { cardId: zhang.cardId, phyCardId: '5550001111' } }),
      api.call('POST', 'member/card/batchExtend', { token: other, body: { cardIds: [zhang.cardId], days: 3 } }),
      api.call('GET', 'member/card/getCardSummary', { token: other, query: { cardId: zhang.cardId } }),
      api.call('GET', 'member/card/getPrintCardConsume', { token: other, query: { consumeId: consume.consumeId } }),
    ]);
    expect(answers.map((a) => a.body.code)).toEqual([438, -1100, 438, 438, 438, 438, -1100]);
    expect(await cardByNo(api, admin, DEMO.unopened)).toMatchObject({ isOpened: 'F' });
    expect(await cardByNo(api, admin, DEMO.vip)).toMatchObject({ balance: 500, remark: '', phyCardId: DEMO.phy });
    const imported = await upload(api, other, await importXlsx([['VIP0002', '星河会员', '13912000001', '', '储值卡', 1, '', '', '']]));
    expect(imported.body.data).toEqual({ imported: 1, errors: [] });
    expect((await cardByNo(api, admin, DEMO.unopened)).memberName).toBe('李四');
  });

  it('lets the cashier search, look up and open cards, and nothing of the back office', async () => {
    expect((await api.call('GET', 'member/card/all', { token: cashier, query: { phone: '13800000001' } })).body.data.total).toBe(3);
    const card = await cardByNo(api, cashier, DEMO.unopened);
    expect((await api.call('GET', 'member/card/allForPay', { token: cashier, query: { memberId: card.memberId } })).body.code).toBe(200);
    expect((await api.call('POST', 'member/card/openCard', { token: cashier, body: { cardId: card.cardId } })).body.data.isOpened).toBe('T');
    const forbidden = await Promise.all([
      api.call('POST', 'member/card/refundCardConsume', { token: cashier, body: { consumeId: 1 } }),
      api.call('POST', 'member/card/updateRemark', { token: cashier, query: { cardId: card.cardId, remark: 'x' } }),
      api.call('POST', 'member/card/bindCard', { token: cashier, body: { cardId: card.cardId, phyCardId: '5550002222' } }),
      api.call('POST', 'member/card/batchExtend', { token: cashier, body: { cardIds: [card.cardId], days: 1 } }),
      upload(api, cashier, await importXlsx([])),
    ]);
    expect(forbidden.map((a) => [a.status, a.body.code])).toEqual(Array(5).fill([403, 510]));
    for (const path of [member.EXPORT_CARD_PATH, member.DOWNLOAD_CARD_MODEL_PATH]) {
      const file = await download(api, cashier, path);
      expect(file.status).toBe(403);
      expect(JSON.parse(file.bytes.toString())).toMatchObject({ code: 510 });
    }
    const anonymous = await api.call('GET', 'member/card/all', {});
    expect(anonymous).toMatchObject({ status: 401, body: { code: -100 } });
  });
});
