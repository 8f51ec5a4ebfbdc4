import { expect, it } from 'vitest';
import { audit, auth, goods, payment, users, type AuditAction } from '@venue/contract';
import { ALL_CALLS } from '@venue/contract/all-calls';
import { WAREHOUSE } from './goods.helpers.ts';
import { describeEachEngine } from './harness.ts';
import { VENUE } from './sale.helpers.ts';

/**
 * The contract's calls that change rows (every non-GET call), each placed: the audit action it writes
 * (administration and money), or why it is not an administration or money change of its own.
 */
const AUDITED: Record<string, AuditAction[]> = {
  'payment.add': ['payType.add'],
  'payment.edit': ['payType.edit'],
  'payment.setState': ['payType.state'],
  'payment.remove': ['payType.delete'],
  'payment.savePrintConfig': ['print.config'],
  'payChannel.save': ['payment.channel'],
  'goods.goodsAdd': ['goods.add'],
  'goods.goodsEdit': ['goods.edit'],
  'goods.goodsState': ['goods.state'],
  'goods.stockInCreate': ['stockIn.add'],
  'goods.stockInReview': ['stockIn.review'],
  'goods.stockInComplete': ['stockIn.complete'],
  'goods.adjustStock': ['stock.adjust'],
  'auth.updatePassword': ['user.password'],
  'users.userAdd': ['user.add'],
  'users.userEdit': ['user.edit'],
  'users.userSetState': ['user.state'],
  'users.userResetPassword': ['user.resetPassword'],
  'roles.roleAdd': ['role.add'],
  'roles.roleEdit': ['role.edit'],
  'roles.roleDelete': ['role.delete'],
  'menus.menuAdd': ['menu.add'],
  'menus.menuEdit': ['menu.edit'],
  'menus.menuDelete': ['menu.delete'],
  'tenant.edit': ['tenant.edit'],
  'venue.centerAdd': ['venue.center'],
  'venue.centerEdit': ['venue.center'],
  'venue.venueAdd': ['venue.add'],
  'venue.venueEdit': ['venue.edit'],
  'venue.venueSetState': ['venue.state'],
  'venue.editVenueItem': ['venue.item'],
  'venue.editCloseInfo': ['venue.close'],
  'system.dictDetailAdd': ['dict.add'],
  'system.dictDetailEdit': ['dict.edit'],
  'system.dictDetailDelete': ['dict.delete'],
  'marketing.configSave': ['voucher.config'],
  'marketing.queryAndVerificationCoupon': ['voucher.verify'],
  'marketing.verifyDouYinCoupon': ['voucher.verify'],
  'marketing.cancelByVerifyId': ['voucher.cancel'],
  'lecture.add': ['lecture.add'],
  'lecture.edit': ['lecture.edit'],
  'coupons.couponAdd': ['coupon.add'],
  'coupons.couponEdit': ['coupon.edit'],
  'coupons.couponState': ['coupon.state'],
  'coupons.issue': ['coupon.issue'],
  'coupons.revoke': ['coupon.revoke'],
  'member.addMember': ['member.add'],
  'member.editMember': ['member.edit'],
  'member.cardTypeAdd': ['cardType.add'],
  'member.cardTypeEdit': ['cardType.edit'],
  'member.cardTypeSetState': ['cardType.state'],
  'member.memberTypeAdd': ['memberType.add'],
  'member.memberTypeEdit': ['memberType.edit'],
  'member.changeCardState': ['card.state'],
  'member.replaceCard': ['card.replace'],
  'member.returnCard': ['card.return'],
  'member.refundCardConsume': ['card.refund'],
  'member.batchExtend': ['card.extend'],
  'member.saveBlacklistRule': ['blacklist.rule'],
  'member.applyBlacklistRules': ['blacklist.add'],
  'member.removeFromBlacklist': ['blacklist.remove'],
  'payChannel.remove': ['payment.channel'],
  // The screens beyond issue 30's first list (audit-admin-screens.test.ts checks each writes its row).
  'goods.classificationAdd': ['goodsClass.add'],
  'goods.classificationEdit': ['goodsClass.edit'],
  'goods.warehouseAdd': ['warehouse.add'],
  'goods.warehouseEdit': ['warehouse.edit'],
  'goods.supplierAdd': ['supplier.add'],
  'goods.supplierEdit': ['supplier.edit'],
  'hand.add': ['hand.add'],
  'hand.edit': ['hand.edit'],
  'hand.setState': ['hand.state'],
  'lease.goodsAdd': ['leaseGoods.add'],
  'lease.goodsEdit': ['leaseGoods.edit'],
  'lease.goodsState': ['leaseGoods.state'],
  'ticket.typeAdd': ['ticketType.add'],
  'ticket.typeEdit': ['ticketType.edit'],
  'sale.setAutoClose': ['sale.autoClose'],
  'gate.areaAdd': ['gateArea.add'],
  'gate.areaEdit': ['gateArea.edit'],
  'gate.areaDelete': ['gateArea.delete'],
  'gate.controllerAdd': ['gateController.add'],
  'gate.controllerEdit': ['gateController.edit'],
  'gate.gateAdd': ['gate.add'],
  'gate.gateEdit': ['gate.edit'],
  'gate.gateSetUsers': ['gate.users'],
  // Payments and refunds: order.pay / order.refund by the checkout, whatever the order kind.
  'sale.payOrder': ['order.pay'],
  'sale.payWithOrder': ['order.pay'],
  'sale.refundOrder': ['order.refund'],
  'ticket.payOrder': ['order.pay'],
  'ticket.refundOrder': ['order.refund'],
  'ticket.timeoutRefund': ['order.refund'],
  'ticket.timeoutPay': ['order.pay'],
  'ticket.sceneBalanceWithTimeout': ['order.pay'],
  'lease.payOrder': ['order.pay'],
  'lease.returnGoods': ['order.refund'],
  'lecture.payOrder': ['order.pay'],
  'lecture.refundOrder': ['order.refund'],
  'bookingAdmin.fieldAdd': ['field.add'],
  'bookingAdmin.fieldEdit': ['field.edit'],
  'bookingAdmin.priceSave': ['fieldPrice.save'],
  'bookingAdmin.priceRemove': ['fieldPrice.remove'],
  'bookingAdmin.settingSave': ['booking.setting'],
  'booking.occupy': ['booking.occupy'],
  'booking.payOrder': ['order.pay'],
  // An occupancy released, or a paid booking refunded (an unpaid one is closed: nothing moved).
  'booking.cancel': ['booking.cancel', 'order.refund'],
  'courseAdmin.coachAdd': ['coach.add'],
  'courseAdmin.coachEdit': ['coach.edit'],
  'courseAdmin.courseAdd': ['course.add'],
  'courseAdmin.courseEdit': ['course.edit'],
  'courseAdmin.classAdd': ['courseClass.add'],
  'courseAdmin.classEdit': ['courseClass.edit'],
  'courseAdmin.classCancel': ['courseClass.cancel'],
  'courseAdmin.sessionCancel': ['courseSession.cancel'],
  'course.payOrder': ['order.pay'],
  'course.refund': ['order.refund'],
  'course.transfer': ['enrolment.transfer'],
  // An unpaid enrolment closed, or one taken off the waiting list.
  'course.cancel': ['enrolment.cancel'],
  'member.payCardOrder': ['order.pay'],
  'member.payFeeOrder': ['order.pay'],
  'hand.payOrder': ['order.pay'],
  'hand.returnHandDeposit': ['order.refund'],
};

/** Non-GET calls that are no administration or money change of their own, by why. */
const NOT_AUDITED: Record<string, string[]> = {
  'sessions and the caller’s own state': [
    'auth.login',
    'auth.logout',
    'auth.getAnonymous',
    'auth.checkAnonymous',
    'auth.checkPassword',
    'auth.setCurrentVenue',
  ],
  'an unpaid order (no money moves until its payment, which is logged)': [
    'sale.createOrder',
    'sale.closeOrder',
    'ticket.createOrder',
    'lease.createOrder',
    'lecture.createOrder',
    'lecture.closeOrder',
    'booking.createOrder',
    'booking.createWhole',
    'booking.closeOrder',
    'course.enrol',
    'member.createSaleOrder',
    'member.createRechargeOrder',
    'member.createExtendOrder',
    'member.createReplaceOrder',
    'hand.createHandDepositOrder',
    'hand.createHandSettleOrder',
    'ticketDesk.createTimeoutOrder',
  ],
  'reads sent as POST (a lookup, a summary, an export, a channel test)': [
    'sale.queryRefund',
    'lease.queryReturn',
    'member.queryCardConsumeSummary',
    'member.exportConsumeSummary',
    'payChannel.test',
    'menus.menuSuperior',
    'gate.controllerTest',
    'booking.conflicts',
    'booking.cancelPreview',
  ],
  'front-desk use recorded in its own ledger (entries, bands, charges, gate passes, lessons and attendance)': [
    'ticket.checkTicket',
    'ticket.sceneBalance',
    'ticket.sceneBalanceAll',
    'hand.checkTicketWithHand',
    'hand.createHandTimeoutOrder',
    'hand.payWithHand',
    'lecture.check',
    'booking.check',
    'course.check',
    'course.checkCode',
    'course.checkPrivate',
    'course.leave',
    'course.makeUp',
    'gate.remoteControl',
    'member.bindCard',
    'member.openCard',
    'member.updateRemark',
    'member.importCard',
    'goods.uploadPicture',
    'payChannel.reconcileRunNow',
    'gate.controllerSyncCards',
    'gate.controllerSyncTime',
  ],
};

it('places every call that changes rows: the audit action it writes, or why it writes none', () => {
  const changing = ALL_CALLS.filter(({ call }) => call.method !== 'GET').map(({ name }) => name);
  const placed = [...Object.keys(AUDITED), ...Object.values(NOT_AUDITED).flat()];
  expect(changing.filter((name) => !placed.includes(name))).toEqual([]);
  expect(placed.filter((name) => !changing.includes(name))).toEqual([]);
  for (const actions of Object.values(AUDITED)) for (const a of actions) expect(audit.AUDIT_ACTIONS[a]).toBeTruthy();
});

describeEachEngine('操作日志 of 支付方式, 小票打印设置, goods, 进货 and passwords on %s', (server) => {
  const { api, admin } = server;
  const logged = (action: AuditAction, target?: string) =>
    server.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .$if(!!target, (q) => q.where('target', '=', target!))
      .orderBy('id')
      .execute();

  it('logs 支付方式 edits, state changes and deletion, and 小票打印设置', async () => {
    const [method] = (await admin.call(payment.queryPage, { query: { current: 1, size: 1 } })).body.data.records;
    const body = {
      id: method.id,
      payMode: method.payMode as never,
      payName: '审计测试方式',
      isApi: method.isApi,
      icon: method.icon,
      state: 'A' as const,
      sort: 1,
      venueIds: method.venueIds,
    };
    expect((await admin.call(payment.edit, { body })).body.code).toBe(200);
    const [edit] = await logged('payType.edit', '收款方式 审计测试方式');
    expect(edit).toMatchObject({ username: 'admin' });
    expect(JSON.parse(edit.before_json!)).toMatchObject({ payName: method.payName });
    expect((await admin.call(payment.setState, { body: { id: method.id, state: 'S' } })).body.code).toBe(200);
    expect(JSON.parse((await logged('payType.state'))[0].after_json!)).toEqual({ state: 'S' });
    expect((await admin.call(payment.remove, { params: { id: method.id } })).body.code).toBe(200);
    expect(await logged('payType.delete', '收款方式 审计测试方式')).toHaveLength(1);
    // A refused change writes nothing.
    expect((await admin.call(payment.remove, { params: { id: method.id } })).body.code).not.toBe(200);
    expect(await logged('payType.delete')).toHaveLength(1);

    const print = { venueId: VENUE, typeId: 'GOODS_SALE', needPrint: 'T' as const, printNum: 2, allowPayTypes: 'M' };
    expect((await admin.call(payment.savePrintConfig, { body: print })).body.code).toBe(200);
    const [saved] = await logged('print.config');
    expect(saved).toMatchObject({ venue_id: VENUE, target: '小票打印设置 GOODS_SALE' });
    expect(JSON.parse(saved.after_json!)).toMatchObject({ printNum: 2, allowPayTypes: 'M' });
  });

  it('logs goods archive changes and 进货 create, 审核 and 完结', async () => {
    const goodsBody = { goodsName: '审计测试水', unit: '瓶', price: 3, classificationId: 1 };
    const added = await admin.call(goods.goodsAdd, { body: goodsBody });
    expect(added.body.code).toBe(200);
    const goodsId = added.body.data.goodsId;
    expect(await logged('goods.add', '商品 审计测试水')).toHaveLength(1);
    expect((await admin.call(goods.goodsEdit, { body: { ...goodsBody, goodsId, price: 4 } })).body.code).toBe(200);
    const [edit] = await logged('goods.edit', '商品 审计测试水');
    expect([JSON.parse(edit.before_json!).price, JSON.parse(edit.after_json!).price]).toEqual([3, 4]);
    expect((await admin.call(goods.goodsState, { body: { goodsId, isOnSale: '0' } })).body.code).toBe(200);
    expect(JSON.parse((await logged('goods.state', '商品 审计测试水'))[0].after_json!)).toMatchObject({ isOnSale: '0' });

    await admin.call(auth.setCurrentVenue, { body: { venueId: VENUE } });
    const created = await admin.call(goods.stockInCreate, { body: { warehouseId: WAREHOUSE, supplierId: 1, details: [{ goodsId, quantity: 5, price: 1.5 }] } });
    expect(created.body.code).toBe(200);
    const stockInId = created.body.data.stockInId;
    expect(await logged('stockIn.add', `进货单 ${stockInId}`)).toHaveLength(1);
    expect((await admin.call(goods.stockInReview, { body: { stockInId, pass: true, reviewRemark: '核对无误' } })).body.code).toBe(200);
    const [review] = await logged('stockIn.review', `进货单 ${stockInId}`);
    expect(JSON.parse(review.after_json!)).toEqual({ state: 'A', reviewRemark: '核对无误' });
    // Reviewed once: a second review is refused and logs nothing.
    expect((await admin.call(goods.stockInReview, { body: { stockInId, pass: true } })).body.code).not.toBe(200);
    expect(await logged('stockIn.review', `进货单 ${stockInId}`)).toHaveLength(1);
    expect((await admin.call(goods.stockInComplete, { body: { stockInId } })).body.code).toBe(200);
    expect(await logged('stockIn.complete', `进货单 ${stockInId}`)).toHaveLength(1);
  });

  it('logs a password change by its user, without the password', async () => {
    const cashierRole = (await server.db.selectFrom('role').select('id').where('tenant_id', '=', 1).where('code', '=', 'cashier').executeTakeFirstOrThrow()).id;
    const made = await admin.call(users.userAdd, {
      body: { username: 'auditpw', password: 'Start-Secret-1', realName: '审计', roleIds: [cashierRole], venueIds: [VENUE] },
    });
    expect(made.body).toMatchObject({ code: 200 });
    const token = await api.login('auditpw', 'Start-Secret-1');
    expect((await api.call(auth.updatePassword, { token, body: { oldPass: 'Start-Secret-1', newPass: 'Changed-Secret-2' } })).body.code).toBe(200);
    const rows = await logged('user.password', '用户 auditpw');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username: 'auditpw' });
    expect(`${rows[0].before_json}${rows[0].after_json}`).not.toContain('Secret');
  });
});
