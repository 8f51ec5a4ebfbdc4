import { expect, it } from 'vitest';
import { Msg } from '@venue/contract';
import { hashPassword } from '../src/lib/secrets.ts';
import { describeEachEngine } from './harness.ts';
import { cardByNo, DEMO } from './member-card.helpers.ts';
import { goodsWithPrice, orders, traces } from './sale.helpers.ts';

describeEachEngine('sale orders, payment methods and print config: access on %s', (server) => {
  const { api, admin, cashier, other } = server;

  it("keeps tenant 1's orders from tenant 2: no read, no payment, no receipt", async () => {
    const goods = await goodsWithPrice(server.db, 400);
    const vip = await cardByNo(cashier, DEMO.vip);
    const orderId = await orders.createId(cashier, [{ goodsId: goods.id, quantity: 1 }], { memberId: vip.memberId });
    const paidId = await orders.createId(cashier, [{ goodsId: goods.id, quantity: 1 }]);
    await orders.cash(cashier, paidId, 4);

    expect((await orders.get(other, paidId)).body).toMatchObject({ code: -1100, msg: '销售订单不存在' });
    expect((await orders.forPay(other, { orderId })).body.code).toBe(-1100);
    expect((await orders.cash(other, orderId, 4)).body.code).toBe(-1100);
    const byCard = await other.call('POST', 'member/card/payWithOrder', { body: { orderId, cardIds: [vip.cardId], memberId: vip.memberId } });
    expect(byCard.body.code).toBe(-1100);
    const print = await other.call('GET', 'goods/goodsSaleOrder/getPrintGoodsSaleOrder', { query: { orderIds: `${orderId},${paidId}` } });
    expect(print.body.data).toEqual([]);
    const list = await other.call('GET', 'goods/goodsSaleOrder/query', { query: { size: 100 } });
    expect(list.body.data.records.some((o: { orderId: number }) => o.orderId === orderId || o.orderId === paidId)).toBe(false);
    // Tenant 2 cannot sell tenant 1's goods either.
    const foreign = await other.call('POST', 'goods/goodsSaleOrder/createOrder', {
      body: { details: [{ goodsId: goods.id, quantity: 1 }], warehouseId: 1, venueId: 1 },
    });
    expect(foreign.body.code).not.toBe(200);
    expect((await orders.get(cashier, orderId)).body.data.payState).toBe('U');
    expect(await traces(server.db, orderId)).toEqual({ moves: [], consumes: [], records: [] });
  });

  it('asks for the sale permissions: the cashier sells and lists; a user without them is refused', async () => {
    const goods = await goodsWithPrice(server.db, 100, 1);
    const cashierRole = await server.db.selectFrom('role').select('id').where('tenant_id', '=', 1).where('code', '=', 'cashier').executeTakeFirstOrThrow();
    const granted = await server.db
      .selectFrom('role_menu as rm')
      .innerJoin('menu as m', 'm.id', 'rm.menu_id')
      .select('m.permission')
      .where('rm.role_id', '=', cashierRole.id)
      .where('m.permission', 'like', 'goods:saleOrder:%')
      .execute();
    expect(granted.map((g) => g.permission).sort()).toEqual(['goods:saleOrder:add', 'goods:saleOrder:close', 'goods:saleOrder:list']);
    const info = (await cashier.call('GET', 'system/auth/info')).body.data;
    expect(info.permissions).toEqual(expect.arrayContaining(['goods:saleOrder:add', 'goods:saleOrder:list']));
    expect(info.permissions).not.toContain('goods:saleOrder:editPrice');

    // A user whose role has none of the sale permissions: every sale route answers 403 (510).
    const role = await server.db
      .insertInto('role')
      .values({ tenant_id: 1, code: 'viewer', name: '只读', level: 5, description: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await server.db
      .insertInto('users')
      .values({
        tenant_id: 1,
        username: 'viewer',
        real_name: '只读用户',
        password_hash: await hashPassword('viewer123'),
        phone: null,
        state: 'A',
        current_venue_id: 1,
        member_type_flag: 'F',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db.insertInto('user_role').values({ tenant_id: 1, user_id: user.id, role_id: role.id }).execute();
    await server.db.insertInto('user_venue').values({ tenant_id: 1, user_id: user.id, venue_id: 1 }).execute();
    const viewer = api.as(await api.login('viewer', 'viewer123'));
    const refused = await orders.create(viewer, [{ goodsId: goods.id, quantity: 1 }]);
    expect([refused.status, refused.body.code]).toEqual([403, 510]);
    expect((await orders.cash(viewer, 1, 1)).status).toBe(403);
    expect((await viewer.call('GET', 'goods/goodsSaleOrder/query')).status).toBe(403);
    expect((await viewer.call('GET', 'goods/goodsSaleOrder/getPrintGoodsSaleOrder', { query: { orderIds: '1' } })).status).toBe(403);
    // nor a venue's payment methods: only screens that take or give back money read them
    expect((await viewer.call('GET', 'system/payment/queryPayType', { query: { venueId: 1 } })).status).toBe(403);
    expect((await cashier.call('GET', 'system/payment/queryPayType', { query: { venueId: 1 } })).body.code).toBe(200);
  });

  it('manages payment methods with the system:payment permissions and keeps each mode once per venue', async () => {
    const body = { payMode: 'transferpay', payName: '对公转账', isApi: 'F', icon: 'transfer', venueIds: [1, 2] };
    expect((await cashier.call('POST', 'system/payment/add', { body })).status).toBe(403);
    const added = await admin.call('POST', 'system/payment/add', { body });
    expect(added.body.data).toMatchObject({
      payMode: 'transferpay',
      payName: '对公转账',
      state: 'A',
      venueIds: [1, 2],
      venueNames: ['城东羽毛球馆', '城东游泳馆'],
      sourceType: 'system',
    });
    const id = added.body.data.id;
    expect((await admin.call('POST', 'system/payment/add', { body: { ...body, venueIds: [2, 3] } })).body).toMatchObject({
      code: -1000,
      msg: '城东游泳馆已有转账收款方式',
    });
    expect((await admin.call('POST', 'system/payment/add', { body: { ...body, payMode: 'alipay', venueIds: [3] } })).body.msg).toBe(
      '支付宝需要付款码，请修改“是否需要付款码”',
    );
    expect((await admin.call('POST', 'system/payment/add', { body: { ...body, venueIds: [5] } })).body.msg).toBe(Msg.chooseVenues);

    const edited = await admin.call('PUT', 'system/payment/edit', { body: { ...body, id, payName: '转账', venueIds: [3] } });
    expect(edited.body.data).toMatchObject({ payName: '转账', venueIds: [3] });
    expect((await admin.call('PUT', 'system/payment/setState', { body: { id, state: 'S' } })).body.data.state).toBe('S');
    const list = async (channel?: string) =>
      (await admin.call('GET', 'system/payment/queryPayType', { query: { venueId: 3, channel } })).body.data.map((m: { payMode: string }) => m.payMode);
    expect(await list()).not.toContain('transferpay');
    expect(await list('ALL')).toContain('transferpay');
    const page = await admin.call('GET', 'system/payment/queryPage', { query: { payName: '转账', size: 10 } });
    expect(page.body.data).toMatchObject({ total: 1, records: [{ id, state: 'S' }] });
    expect((await cashier.call('GET', 'system/payment/queryPage')).status).toBe(403);
    expect((await admin.call('DELETE', `system/payment/delete/${id}`)).body.code).toBe(200);
    expect((await admin.call('DELETE', `system/payment/delete/${id}`)).body).toMatchObject({ code: -1100, msg: '收款方式不存在' });
  });

  it('answers the print defaults until a venue saves its own; saving needs system:print:edit', async () => {
    const get = (venueId: number, as = cashier) => as.call('GET', 'system/printConfig/get', { query: { venueId, typeId: 'GOODS_SALE' } });
    expect((await get(2)).body.data).toEqual({ typeId: 'GOODS_SALE', venueId: 2, needPrint: 'T', printNum: 1, allowPayTypes: 'M,T,D' });
    const save = { venueId: 2, typeId: 'GOODS_SALE', needPrint: 'T', printNum: 2, allowPayTypes: 'M' };
    expect((await cashier.call('PUT', 'system/printConfig/save', { body: save })).status).toBe(403);
    expect((await admin.call('PUT', 'system/printConfig/save', { body: save })).body.data).toEqual(save);
    expect((await admin.call('PUT', 'system/printConfig/save', { body: { ...save, printNum: 3 } })).body.data.printNum).toBe(3);
    expect((await get(2)).body.data).toMatchObject({ printNum: 3, allowPayTypes: 'M' });
    expect((await get(1)).body.data.printNum).toBe(1);
    expect((await get(2, other)).body.code).toBe(-1100);
  });
});
