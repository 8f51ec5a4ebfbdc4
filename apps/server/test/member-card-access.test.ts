import { expect, it } from 'vitest';
import { member } from '@venue/contract';
import { describeEachEngine } from './harness.ts';
import { cardByNo, DEMO, importCards, importXlsx, readXlsx } from './member-card.helpers.ts';

describeEachEngine('member cards: tenants and permissions on %s', (server) => {
  const { api, admin, cashier, other } = server;
  const tenantOneCards = async () => new Set((await server.db.selectFrom('card').select('card_no').where('tenant_id', '=', 1).execute()).map((c) => c.card_no));

  it("shows tenant 2 none of tenant 1's cards, members or ledger, in lists, lookups and exports", async () => {
    const mine = await tenantOneCards();
    const list = (await other.call('GET', 'member/card/all', { query: { size: 1000 } })).body.data;
    expect(list.total).toBeGreaterThan(0);
    expect(list.records.every((c: { memberName: string }) => !['张三', '李四'].includes(c.memberName))).toBe(true);
    for (const query of [{ memberName: '张' }, { phone: '138' }, { blurryKeyword: 'MC1000' }, { cardNoOrId: '1' }]) {
      expect((await other.call('GET', 'member/card/all', { query })).body.data.total).toBe(0);
    }
    // Card numbers are unique per tenant: tenant 2 has its own VIP0001.
    expect(await cardByNo(other, DEMO.vip)).toMatchObject({ memberName: '王星河' });
    expect((await other.call('GET', 'member/card/getByCardId', { query: { cardId: DEMO.phy } })).body.code).toBe(438);
    const zhang = await cardByNo(admin, DEMO.vip);
    expect((await other.call('GET', 'member/card/getByIds', { query: { cardIds: String(zhang.cardId) } })).body.data).toEqual([]);
    expect((await other.call('GET', 'member/card/allForPay', { query: { memberId: zhang.memberId } })).body.data).toEqual([]);
    expect(
      (await other.call('GET', 'member/card/queryOrderConsumeAll', { query: { size: 1000 } })).body.data.records.every(
        (r: { cardNo: string }) => !mine.has(r.cardNo) || r.cardNo === 'VIP0001',
      ),
    ).toBe(true);
    const exported = await readXlsx((await other.download(member.EXPORT_CARD_PATH)).bytes);
    expect(exported.length - 1).toBe(list.total);
    expect(exported.some((r) => r.includes('13800000001'))).toBe(false);
    const byType = (await other.call('GET', 'member/card/getCardSummaryAll')).body.data;
    expect(byType.reduce((s: number, t: { cardCount: number }) => s + t.cardCount, 0)).toBe(list.total);
  });

  it("refuses tenant 2 every change to tenant 1's cards", async () => {
    const zhang = await cardByNo(admin, DEMO.vip);
    const unopened = await cardByNo(admin, DEMO.unopened);
    const consume = (await admin.call('GET', 'member/card/queryOrderConsume', { query: { cardId: zhang.cardId, kind: 'CONSUME' } })).body.data.records[0];
    const answers = await Promise.all([
      other.call('POST', 'member/card/openCard', { body: { cardId: unopened.cardId } }),
      other.call('POST', 'member/card/refundCardConsume', { body: { consumeId: consume.consumeId } }),
      other.call('POST', 'member/card/updateRemark', { query: { cardId: zhang.cardId, remark: '越权' } }),
      other.call('POST', 'member/card/bindCard', { body: { cardId: zhang.cardId, phyCardId: '5550001111' } }),
      other.call('POST', 'member/card/batchExtend', { body: { cardIds: [zhang.cardId], days: 3 } }),
      other.call('GET', 'member/card/getCardSummary', { query: { cardId: zhang.cardId } }),
      other.call('GET', 'member/card/getPrintCardConsume', { query: { consumeId: consume.consumeId } }),
    ]);
    expect(answers.map((a) => a.body.code)).toEqual([438, -1100, 438, 438, 438, 438, -1100]);
    expect(await cardByNo(admin, DEMO.unopened)).toMatchObject({ isOpened: 'F' });
    expect(await cardByNo(admin, DEMO.vip)).toMatchObject({ balance: 500, remark: '', phyCardId: DEMO.phy });
    const imported = await importCards(other, await importXlsx([['VIP0002', '星河会员', '13912000001', '', '储值卡', 1, '', '', '']]));
    expect(imported.body.data).toEqual({ imported: 1, errors: [] });
    expect((await cardByNo(admin, DEMO.unopened)).memberName).toBe('李四');
  });

  it('lets the cashier search, look up and open cards, and nothing of the back office', async () => {
    expect((await cashier.call('GET', 'member/card/all', { query: { phone: '13800000001' } })).body.data.total).toBe(3);
    const card = await cardByNo(cashier, DEMO.unopened);
    expect((await cashier.call('GET', 'member/card/allForPay', { query: { memberId: card.memberId } })).body.code).toBe(200);
    expect((await cashier.call('POST', 'member/card/openCard', { body: { cardId: card.cardId } })).body.data.isOpened).toBe('T');
    const forbidden = await Promise.all([
      cashier.call('POST', 'member/card/refundCardConsume', { body: { consumeId: 1 } }),
      cashier.call('POST', 'member/card/updateRemark', { query: { cardId: card.cardId, remark: 'x' } }),
      cashier.call('POST', 'member/card/bindCard', { body: { cardId: card.cardId, phyCardId: '5550002222' } }),
      cashier.call('POST', 'member/card/batchExtend', { body: { cardIds: [card.cardId], days: 1 } }),
      importCards(cashier, await importXlsx([])),
    ]);
    expect(forbidden.map((a) => [a.status, a.body.code])).toEqual(Array(5).fill([403, 510]));
    for (const path of [member.EXPORT_CARD_PATH, member.DOWNLOAD_CARD_MODEL_PATH]) {
      const file = await cashier.download(path);
      expect(file.status).toBe(403);
      expect(JSON.parse(file.bytes.toString())).toMatchObject({ code: 510 });
    }
    const anonymous = await api.call('GET', 'member/card/all', {});
    expect(anonymous).toMatchObject({ status: 401, body: { code: -100 } });
  });
});
