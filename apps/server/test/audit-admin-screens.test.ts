import { expect, it } from 'vitest';
import { gate, goods, hand, lease, payChannel, sale, ticket, type AuditAction } from '@venue/contract';
import { controllerBySerial, editController, gateIdByName } from './gate.helpers.ts';
import { describeEachEngine } from './harness.ts';
import { register } from './hand.helpers.ts';
import { VENUE } from './sale.helpers.ts';
import { addType, TICKET_VENUE } from './ticket.helpers.ts';

/** 操作日志 of the administration screens beyond issue 30's first list: each change writes its row. */
describeEachEngine('操作日志 of goods classes, warehouses, suppliers, bands, lease goods, ticket types and gates on %s', (server) => {
  const { admin } = server;
  const logged = (action: AuditAction, target?: string) =>
    server.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .$if(!!target, (q) => q.where('target', '=', target!))
      .orderBy('id')
      .execute();
  const ok = async (answer: Promise<{ body: { code: number; msg: string } }>) => {
    const { body } = await answer;
    expect(body).toMatchObject({ code: 200 });
    return body as never;
  };
  const afterOf = async (action: AuditAction, target: string) => JSON.parse((await logged(action, target)).at(-1)!.after_json!);

  it('logs goods classes, warehouses and suppliers added and edited', async () => {
    const cls = (await ok(admin.call(goods.classificationAdd, { body: { classificationName: '审计分类' } }))) as { data: { classificationId: number } };
    expect(await logged('goodsClass.add', '商品分类 审计分类')).toHaveLength(1);
    await ok(admin.call(goods.classificationEdit, { body: { classificationId: cls.data.classificationId, classificationName: '审计分类二', sort: 5 } }));
    const [edit] = await logged('goodsClass.edit', '商品分类 审计分类二');
    expect([JSON.parse(edit.before_json!).classificationName, JSON.parse(edit.after_json!).sort]).toEqual(['审计分类', 5]);

    const wh = (await ok(admin.call(goods.warehouseAdd, { body: { warehouseName: '审计仓库', venueIds: [VENUE] } }))) as { data: { warehouseId: number } };
    expect(await afterOf('warehouse.add', '仓库 审计仓库')).toMatchObject({ venueIds: [VENUE] });
    await ok(admin.call(goods.warehouseEdit, { body: { warehouseId: wh.data.warehouseId, warehouseName: '审计仓库', venueIds: [VENUE], remark: '改' } }));
    expect(await afterOf('warehouse.edit', '仓库 审计仓库')).toMatchObject({ remark: '改' });

    const sup = (await ok(admin.call(goods.supplierAdd, { body: { supplierName: '审计供应商' } }))) as { data: { supplierId: number } };
    expect(await logged('supplier.add', '供应商 审计供应商')).toHaveLength(1);
    await ok(admin.call(goods.supplierEdit, { body: { supplierId: sup.data.supplierId, supplierName: '审计供应商', contact: '张三' } }));
    expect(await afterOf('supplier.edit', '供应商 审计供应商')).toMatchObject({ contact: '张三' });
    // A refused change writes nothing.
    expect((await admin.call(goods.supplierAdd, { body: { supplierName: '审计供应商' } })).body.msg).toBe('该供应商名称已存在');
    expect(await logged('supplier.add', '供应商 审计供应商')).toHaveLength(1);
  });

  it('logs bands, lease goods, ticket types and the auto-close minutes', async () => {
    const band = await register(admin, 'AUD00001', 20);
    expect(await logged('hand.add', `手牌 ${band.handNo}`)).toEqual([expect.objectContaining({ venue_id: VENUE })]);
    await ok(admin.call(hand.edit, { body: { handId: band.handId, phyId: 'AUD00001', venueId: VENUE, deposit: 30 } }));
    const [edit] = await logged('hand.edit', `手牌 ${band.handNo}`);
    expect([JSON.parse(edit.before_json!).deposit, JSON.parse(edit.after_json!).deposit]).toEqual([20, 30]);
    await ok(admin.call(hand.setState, { body: { handId: band.handId, state: 'S' } }));
    expect(await afterOf('hand.state', `手牌 ${band.handNo}`)).toEqual({ state: 'S' });

    const [racket] = (await admin.call(lease.goodsQuery, { query: { venueId: VENUE, goodsName: '羽毛球拍' } })).body.data.records;
    const target = `租赁物品 ${racket.goodsName}`;
    const { leaseGoodsId, itemId, rentMode, deposit } = racket;
    await ok(admin.call(lease.goodsEdit, { body: { leaseGoodsId, itemId, rentMode, price: 12, deposit } }));
    expect(await afterOf('leaseGoods.edit', target)).toMatchObject({ price: 12 });
    await ok(admin.call(lease.goodsState, { body: { leaseGoodsId, state: 'S' } }));
    expect(await afterOf('leaseGoods.state', target)).toEqual({ state: 'S' });
    const water = (await ok(admin.call(goods.goodsAdd, { body: { goodsName: '审计租赁伞', unit: '把', price: 3, classificationId: 1 } }))) as {
      data: { goodsId: number };
    };
    await ok(admin.call(lease.goodsAdd, { body: { goodsId: water.data.goodsId, itemId, rentMode: 'U', price: 2, deposit: 10 } }));
    expect(await afterOf('leaseGoods.add', '租赁物品 审计租赁伞')).toMatchObject({ deposit: 10 });

    const [forSale] = (await admin.call(ticket.typeForSale, { query: { venueId: TICKET_VENUE } })).body.data;
    const type = await addType(admin, { typeName: '审计票', useTimeList: forSale.useTimeList }, forSale.itemId);
    expect(await logged('ticketType.add', '票种 审计票')).toEqual([expect.objectContaining({ venue_id: TICKET_VENUE })]);
    const { typeId, venueName: _v, itemName: _i, ...rest } = type;
    await ok(admin.call(ticket.typeEdit, { body: { ...rest, typeId, withHand: 'F', state: 'A', price: 30 } }));
    expect(await afterOf('ticketType.edit', '票种 审计票')).toMatchObject({ price: 30 });

    await ok(admin.call(sale.setAutoClose, { body: { autoCloseMinutes: 45 } }));
    expect(await afterOf('sale.autoClose', '销售订单自动关单')).toEqual({ autoCloseMinutes: 45 });
  });

  it('logs gate areas, controllers, gates, their users and a removed 商户参数', async () => {
    const area = (await ok(admin.call(gate.areaAdd, { body: { areaName: '审计区域' } }))) as { data: { areaId: number } };
    await ok(admin.call(gate.areaEdit, { body: { areaId: area.data.areaId, areaName: '审计区域', remark: '改' } }));
    await ok(admin.call(gate.areaDelete, { params: { id: area.data.areaId } }));
    for (const action of ['gateArea.add', 'gateArea.edit', 'gateArea.delete'] as const) expect(await logged(action, '闸机区域 审计区域')).toHaveLength(1);

    const ctl = (await ok(admin.call(gate.controllerAdd, { body: { controllerName: '审计控制器', serialNo: 223000077, address: '192.168.10.77' } }))) as {
      data: { controllerId: number };
    };
    expect(await logged('gateController.add', '闸机控制器 审计控制器')).toHaveLength(1);
    await editController(admin, await controllerBySerial(admin, 223000077), { remark: '审计' });
    expect(await afterOf('gateController.edit', '闸机控制器 审计控制器')).toMatchObject({ remark: '审计' });

    const anArea = (await admin.call(gate.areaAll)).body.data[0];
    const venueId = (await admin.call(gate.gateAll)).body.data[0].venueId;
    const base = { gateName: '审计闸', areaId: anArea.areaId, venueId, controllerId: ctl.data.controllerId, inDoor: 1 };
    const added = (await ok(admin.call(gate.gateAdd, { body: base }))) as { data: { gateId: number } };
    expect(await logged('gate.add', '闸机 审计闸')).toEqual([expect.objectContaining({ venue_id: venueId })]);
    await ok(admin.call(gate.gateEdit, { body: { ...base, gateId: added.data.gateId, remark: '改' } }));
    expect(await afterOf('gate.edit', '闸机 审计闸')).toMatchObject({ remark: '改' });
    const swimGate = await gateIdByName(admin, '游泳馆1号闸');
    await ok(admin.call(gate.gateSetUsers, { body: { gateId: swimGate, userIds: [] } }));
    const [users] = await logged('gate.users', '闸机 游泳馆1号闸');
    expect(JSON.parse(users.before_json!).userIds.length).toBeGreaterThan(0);
    expect(JSON.parse(users.after_json!)).toEqual({ userIds: [] });

    const saved = await ok(admin.call(payChannel.save, { body: { payMode: 'alipay', venueId: VENUE, provider: 'simulator' } }));
    const id = (saved as { data: { id: number } }).data.id;
    const before = (await logged('payment.channel')).length;
    await ok(admin.call(payChannel.remove, { params: { id } }));
    const rows = await logged('payment.channel');
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)!.after_json).toBeNull();
  });
});
