import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeEachEngine, type TestDatabase } from './harness.ts';

/** Names that exist only in tenant 1 of the demo seed. */
const TENANT_ONE = ['城东', '滨江', '阳光体育', '"admin"', '系统管理员', '"cashier"', '收银员小李', '13800000001', 'MC100001'];

/**
 * Every route of /api/docs/json must be listed here: reads are called as tenant 2's admin and must
 * show nothing of tenant 1; writes and id lookups get tenant 1's ids and must be refused. A new
 * route fails this test until it is classified.
 */
/** `refuse`: tenant 1's ids are used, so any success is a leak. */
type Probe = { query?: Record<string, unknown>; body?: unknown; path?: string; refuse?: boolean } | 'public' | 'self';
const PROBES: Record<string, Probe> = {
  'GET /api/health': 'public',
  'GET /api/ready': 'public',
  'POST /api/system/auth/login': 'public',
  'GET /api/system/auth/code': 'public',
  'GET /api/system/auth/checkNeedCaptchaAnonymous': 'public',
  'POST /api/system/auth/getAnonymous': 'public',
  'POST /api/system/auth/checkAnonymous': 'public',
  'DELETE /api/system/auth/logout': 'self',
  'POST /api/system/api/user/checkPassword': 'self',
  'PUT /api/system/api/user/updatePass': 'self',
  'GET /api/system/auth/info': {},
  'PUT /api/system/api/user/setCurrentVenue': { body: { venueId: 1 }, refuse: true },
  'GET /api/system/api/user/all': {},
  'GET /api/system/venue/enableVenueInfo': {},
  'GET /api/system/venue/sportItems': { query: { venueId: 1 } },
  'GET /api/system/venue/centers': {},
  'POST /api/system/venue/addCenter': 'self',
  'PUT /api/system/venue/editCenter': { body: { centerId: 1, centerName: '被改' }, refuse: true },
  'GET /api/system/venue/all': {},
  'GET /api/system/venue/{id}': { path: 'system/venue/1', refuse: true },
  'POST /api/system/venue/add': { body: { venueName: '越权', centerId: 1 }, refuse: true },
  'PUT /api/system/venue/edit': { body: { venueId: 1, venueName: '被改', centerId: 1 }, refuse: true },
  'PUT /api/system/venue/setState': { body: { venueId: 1, state: 'S' }, refuse: true },
  'GET /api/system/venue/allVenueWithSportItems': {},
  'GET /api/system/venue/getItemSettingsInfoByVenueId': { query: { venueId: 1 }, refuse: true },
  'GET /api/system/venue/getVenueItemSettings': { query: { venueId: 1, itemId: 1 }, refuse: true },
  'POST /api/system/venue/editVenueItem': { body: { venueId: 1, itemName: '越权', saleMode: 'F', passMode: 'S' }, refuse: true },
  'POST /api/system/venue/editCloseInfo': { body: { venueId: 1, closures: [] }, refuse: true },
  'GET /api/system/tenant/info': {},
  'GET /api/system/tenant/getTenantService': {},
  'GET /api/system/setting/getGlobalSetting': {},
  'GET /api/system/tenant/settings': {},
  // A tenant edits only its own settings; tenant 1's uploaded picture is not a logo it may show.
  'PUT /api/system/tenant/edit': { body: { tenantName: '星河', homePageLogo: '/uploads/1/a1b2c3.png' }, refuse: true },
  'GET /api/system/api/menus/user-all': {},
  'GET /api/system/api/menus/lazy': {},
  'GET /api/master/dict/getDetailByDictType': { query: { dictType: 'state' } },
  'GET /api/api/dictDetail/map': { query: { dictName: 'state' } },
  'GET /api/api/dict': {},
  'GET /api/api/dictDetail': { query: { dictName: 'state' } },
  'POST /api/api/dictDetail': { body: { dictName: 'state', label: 'x', value: 'X', sort: 1 } },
  'PUT /api/api/dictDetail': { body: { id: 1, label: '被改', value: 'A', sort: 1 }, refuse: true },
  'DELETE /api/api/dictDetail/{id}': { path: 'api/dictDetail/1', refuse: true },
  'GET /api/goods/goodsClassification/all': {},
  'GET /api/goods/goodsClassification/id/{id}': { path: 'goods/goodsClassification/id/1', refuse: true },
  'GET /api/goods/goodsClassification/allWithGoodsCount': {},
  'POST /api/goods/goodsClassification/add': 'self',
  'PUT /api/goods/goodsClassification/edit': { body: { classificationId: 1, classificationName: '被改', state: 'S', sort: 1 }, refuse: true },
  'GET /api/goods/warehouse/query': {},
  'GET /api/goods/warehouse/all': { query: { venueIds: '1,2,3,4' } },
  'GET /api/goods/warehouse/id/{id}': { path: 'goods/warehouse/id/1', refuse: true },
  'POST /api/goods/warehouse/add': { body: { warehouseName: '越权仓库', venueIds: [1] }, refuse: true },
  'PUT /api/goods/warehouse/edit': { body: { warehouseId: 1, warehouseName: '被改', state: 'S', venueIds: [1] }, refuse: true },
  'GET /api/goods/goodsArchive/query': {},
  'GET /api/goods/goodsArchive/id/{id}': { path: 'goods/goodsArchive/id/1', refuse: true },
  'POST /api/goods/goodsArchive/add': { body: { goodsName: '越权', unit: '个', price: 1, classificationId: 1 }, refuse: true },
  'PUT /api/goods/goodsArchive/edit': { body: { goodsId: 1, goodsName: '被改', unit: '个', price: 1, classificationId: 1 }, refuse: true },
  'PUT /api/goods/goodsArchive/state': { body: { goodsId: 1, state: 'S' }, refuse: true },
  'GET /api/goods/goodsArchive/allByClassification': { query: { warehouseIds: '1,2,3' } },
  'GET /api/goods/goodsArchive/queryStock': {},
  'GET /api/goods/stock/movements': { query: { goodsId: 1, warehouseId: 1 } },
  'POST /api/goods/stock/adjust': { body: { goodsId: 1, warehouseId: 1, change: 1, remark: '越权' }, refuse: true },
  'GET /api/goods/goodsArchive/querySupplier': {},
  'GET /api/goods/goodsArchive/querySupplierAndGoods': {},
  'POST /api/goods/supplier/add': 'self',
  'PUT /api/goods/supplier/edit': { body: { supplierId: 1, supplierName: '被改' }, refuse: true },
  'POST /api/goods/stockIn/add': { body: { warehouseId: 1, supplierId: 1, details: [{ goodsId: 1, quantity: 1, price: 1 }] }, refuse: true },
  'PUT /api/goods/stockIn/review': { body: { stockInId: 1, pass: true }, refuse: true },
  'PUT /api/goods/stockIn/complete': { body: { stockInId: 1 }, refuse: true },
  'GET /api/goods/stockIn/query': {},
  'GET /api/goods/stockIn/id/{id}': { path: 'goods/stockIn/id/1', refuse: true },
  // The picture upload stores under the caller's tenant; the browser test uploads one.
  'POST /api/file/upload/picture': 'self',
  'GET /api/member/card/all': {},
  'GET /api/member/card/allForBatchExtension': {},
  'POST /api/member/card/batchExtend': { body: { cardIds: [1, 7], days: 30 }, refuse: true },
  'GET /api/member/card/allForPay': { query: { memberId: 1 } },
  'GET /api/member/card/getByCardId': { query: { cardId: 'MC100001' }, refuse: true },
  'GET /api/member/card/getCardForBinding': { query: { cardId: 'MC100001' }, refuse: true },
  'GET /api/member/card/getByIds': { query: { cardIds: '1,2,3' } },
  'GET /api/member/card/getCardSummary': { query: { cardId: 1 }, refuse: true },
  'GET /api/member/card/getCardSummaryAll': {},
  'GET /api/member/card/queryOrderConsume': { query: { cardId: 1 }, refuse: true },
  'GET /api/member/card/queryOrderConsumeAll': {},
  'GET /api/member/card/getPrintCardConsume': { query: { consumeId: 3 }, refuse: true },
  'POST /api/member/card/refundCardConsume': { body: { consumeId: 3 }, refuse: true },
  'POST /api/member/card/openCard': { body: { cardId: 2 }, refuse: true },
  'POST /api/member/card/bindCard': { body: { cardId: 1, phyCardId: '9999999999' }, refuse: true },
  'POST /api/member/card/updateRemark': { query: { cardId: 1, remark: '越权' }, refuse: true },
  'POST /api/member/card/queryCardConsumeSummary': { body: { beginTime: '2000-01-01', endTime: '2099-12-31' } },
  'GET /api/member/cardType/all': {},
  'GET /api/member/member/id/{id}': { path: 'member/member/id/1', refuse: true },
  // Issue 16: the member archive, card orders (办卡, 充值) and state changes; test/member-life.test.ts goes further.
  'GET /api/member/member/all': {},
  'GET /api/member/member/archive/{id}': { path: 'member/member/archive/1', refuse: true },
  'POST /api/member/member/add': 'self',
  'PUT /api/member/member/edit': { body: { memberId: 1, memberName: '被改', phone: '13700000000' }, refuse: true },
  'GET /api/member/memberType/all': {},
  'POST /api/member/card/changeState': { body: { cardId: 1, action: 'LOSS' }, refuse: true },
  'POST /api/member/card/replaceCard': { body: { cardId: 1 }, refuse: true },
  'POST /api/member/card/returnCard': { body: { cardId: 1, route: 'F' }, refuse: true },
  'GET /api/member/card/stateLogs': { query: { cardId: 1 }, refuse: true },
  'GET /api/member/card/liability': {},
  'POST /api/member/cardOrder/createSaleOrder': { body: { memberId: 1, cardTypeId: 1, venueId: 1 }, refuse: true },
  'POST /api/member/cardOrder/createRechargeOrder': { body: { cardId: 1, amount: 10, venueId: 1 }, refuse: true },
  'GET /api/member/cardOrder/rechargeBonus': { query: { cardId: 1, amount: '500' }, refuse: true },
  'GET /api/member/cardOrder/id/{id}': { path: 'member/cardOrder/id/1', refuse: true },
  'GET /api/member/cardOrder/queryOrderForPay': { query: { orderId: 1 }, refuse: true },
  'POST /api/member/cardOrder/payOrder': { body: { orderId: 1, payMode: 'cashpay', money: 1 }, refuse: true },
  'GET /api/member/cardType/page': {},
  'POST /api/member/cardType/add': 'self',
  'PUT /api/member/cardType/edit': { body: { cardTypeId: 1, cardTypeName: '被改', payType: 'M', price: 1, face: 1, bonus: 0 }, refuse: true },
  'POST /api/member/cardType/setState': { body: { cardTypeId: 1, state: 'S' }, refuse: true },
  'GET /api/member/cardType/forSale': { query: { venueId: 1 } },
  'GET /api/member/memberType/page': {},
  'POST /api/member/memberType/add': 'self',
  'PUT /api/member/memberType/edit': { body: { memberTypeId: 1, memberTypeName: '被改' }, refuse: true },
  'POST /api/member/cardOrder/createExtendOrder': { body: { cardId: 1, days: 1, venueId: 1 }, refuse: true },
  'POST /api/member/cardOrder/createReplaceOrder': { body: { cardId: 1, venueId: 1 }, refuse: true },
  'GET /api/member/cardOrder/queryFeeOrderForPay': { query: { orderId: 1 }, refuse: true },
  'POST /api/member/cardOrder/payFeeOrder': { body: { orderId: 1, payMode: 'cashpay', money: 1 }, refuse: true },
  'GET /api/member/cardOrder/feeOrder/{id}': { path: 'member/cardOrder/feeOrder/1', refuse: true },
  'GET /api/member/blacklistRule/all': {},
  'POST /api/member/blacklistRule/save': 'self',
  'POST /api/member/blacklistRule/apply': 'self',
  'POST /api/member/blacklist/remove': { body: { memberId: 1 }, refuse: true },
  'GET /api/member/member/detail/{id}': { path: 'member/member/detail/1', refuse: true },
  // Files: an .xlsx is no JSON to scan; test/member-card-access.test.ts checks their tenant scoping.
  'GET /api/member/card/exportCard': 'self',
  'GET /api/member/card/downloadCardModel': 'self',
  'POST /api/member/card/exportCardConsumeSummary': 'self',
  'GET /api/member/card/exportCardConsumeSummary': 'self',
  'POST /api/member/card/importCard': 'self',
  'GET /api/system/payment/queryPayType': { query: { venueId: 1, channel: 'ALL' } },
  'GET /api/system/payment/queryPage': {},
  'PUT /api/system/payment/setState': { body: { id: 1, state: 'S' }, refuse: true },
  'POST /api/system/payment/add': { body: { payMode: 'transferpay', payName: '越权', isApi: 'F', venueIds: [1] }, refuse: true },
  'PUT /api/system/payment/edit': { body: { id: 1, payMode: 'cashpay', payName: '被改', isApi: 'F', venueIds: [1] }, refuse: true },
  'DELETE /api/system/payment/delete/{id}': { path: 'system/payment/delete/1', refuse: true },
  // Merchant parameters and 支付对账 (issue 31): tenant 1's venue and setting ids refused; lists show tenant 2's own.
  'GET /api/system/payment/channel/list': {},
  'PUT /api/system/payment/channel/save': { body: { payMode: 'wechatpay', venueId: 1, provider: 'simulator' }, refuse: true },
  'DELETE /api/system/payment/channel/delete/{id}': { path: 'system/payment/channel/delete/1', refuse: true },
  'POST /api/system/payment/channel/test': { body: { payMode: 'wechatpay', venueId: 1 }, refuse: true },
  'GET /api/system/payment/reconcile/list': { query: { billDate: '2026-11-27' } },
  'POST /api/system/payment/reconcile/run': { body: { billDate: '2026-11-27' } },
  // The export is an .xlsx of the same list (test/pay-channel-api.test.ts reads it).
  'GET /api/system/payment/reconcile/export': 'self',
  'GET /api/system/printConfig/get': { query: { venueId: 1 }, refuse: true },
  'PUT /api/system/printConfig/save': { body: { venueId: 1, typeId: 'GOODS_SALE', needPrint: 'F', printNum: 1, allowPayTypes: 'M' }, refuse: true },
  'POST /api/goods/goodsSaleOrder/createOrder': { body: { details: [{ goodsId: 1, quantity: 1 }], warehouseId: 1, venueId: 1 }, refuse: true },
  'GET /api/goods/goodsSaleOrder/queryOrderForPay': { query: { orderId: 1 }, refuse: true },
  'POST /api/goods/goodsSaleOrder/payOrder': { body: { orderId: 1, payMode: 'cashpay', money: 2 }, refuse: true },
  'POST /api/member/card/payWithOrder': { body: { orderId: 1, cardIds: [1], memberId: 1 }, refuse: true },
  'GET /api/goods/goodsSaleOrder/id/{id}': { path: 'goods/goodsSaleOrder/id/1', refuse: true },
  'GET /api/goods/goodsSaleOrder/query': {},
  'GET /api/goods/goodsSaleOrder/getPrintGoodsSaleOrder': { query: { orderIds: '1,2,3' } },
  'POST /api/goods/goodsSaleOrder/refundOrder': { body: { orderId: 1, route: 'F' }, refuse: true },
  'GET /api/goods/goodsSaleOrder/refunds': { query: { orderId: 1 }, refuse: true },
  'POST /api/goods/goodsSaleOrder/queryRefund': { body: { refundId: 1 }, refuse: true },
  'POST /api/goods/goodsSaleOrder/closeOrder': { body: { orderId: 1 }, refuse: true },
  // The auto-close minutes are the tenant's own setting (test/sale-close.test.ts sets tenant 2's apart from tenant 1's).
  'GET /api/goods/goodsSaleOrder/autoClose': {},
  'PUT /api/goods/goodsSaleOrder/autoClose': 'self',
  // The sale export is an .xlsx; test/sale.test.ts checks it and test/sale-access.test.ts the tenant scoping of the orders.
  'GET /api/goods/goodsSaleOrder/export': 'self',
  // Gates (issue 20): tenant 2 has its own area, controller and gate (星河).
  'GET /api/gate/gate/getGateByUser': {},
  'POST /api/gate/gate/remoteControl': { body: [{ gateId: 1, passDirection: 'I', doorState: 1 }], refuse: true },
  'GET /api/gate/area/query': {},
  'GET /api/gate/area/all': {},
  'POST /api/gate/area/add': 'self',
  'PUT /api/gate/area/edit': { body: { areaId: 1, areaName: '被改' }, refuse: true },
  'DELETE /api/gate/area/delete/{id}': { path: 'gate/area/delete/3', refuse: true },
  'GET /api/gate/controller/query': {},
  'GET /api/gate/controller/all': {},
  'POST /api/gate/controller/add': 'self',
  'PUT /api/gate/controller/edit': { body: { controllerId: 1, controllerName: '被改', serialNo: 1, address: '10.0.0.1' }, refuse: true },
  'POST /api/gate/controller/test': { body: { controllerId: 1 }, refuse: true },
  'POST /api/gate/controller/syncTime': { body: { controllerId: 1 }, refuse: true },
  'POST /api/gate/controller/syncCards': { body: { controllerId: 1 }, refuse: true },
  'GET /api/gate/gate/query': {},
  'GET /api/gate/gate/all': {},
  'POST /api/gate/gate/add': { body: { gateName: '越权', areaId: 1, venueId: 1, controllerId: 1, inDoor: 1 }, refuse: true },
  'PUT /api/gate/gate/edit': { body: { gateId: 1, gateName: '被改', areaId: 1, venueId: 1, controllerId: 1, inDoor: 1 }, refuse: true },
  'GET /api/gate/gate/users': { query: { gateId: 1 }, refuse: true },
  'PUT /api/gate/gate/setUsers': { body: { gateId: 1, userIds: [1] }, refuse: true },
  'GET /api/gate/command/query': {},
  'GET /api/gate/pass/query': {},
  'GET /api/gate/pass/flow': { query: { venueId: 1 }, refuse: true },
  // Exports are .xlsx; test/gate-admin.test.ts checks them (the lists they share are probed above).
  'GET /api/gate/command/export': 'self',
  'GET /api/gate/pass/export': 'self',
  'GET /api/system/api/auditLog': {},
  'GET /api/system/api/user/querySalesPerson': {},
  // Every tenant has the built-in admin role: test/role.test.ts checks the lists are the caller's tenant's.
  'GET /api/system/api/roles': 'self',
  'GET /api/system/api/menus/tree': 'self',
  'POST /api/system/api/roles': { body: { roleCode: 'leak', roleName: '越权', dataScope: 'ALL', menuIds: [1, 2] }, refuse: true },
  'PUT /api/system/api/roles': { body: { roleId: 2, roleName: '被改', dataScope: 'ALL', menuIds: [] }, refuse: true },
  'DELETE /api/system/api/roles/{id}': { path: 'system/api/roles/2', refuse: true },
  // Every tenant has a role coded admin: test/user-admin.test.ts checks the list is the caller's tenant's.
  'GET /api/system/api/roles/all': 'self',
  // Issue 15, 菜单管理 (menu 1 is tenant 1's); test/menu-admin.test.ts goes further.
  'GET /api/system/api/menus': {},
  'POST /api/system/api/menus/superior': { body: [1], refuse: true },
  'GET /api/system/api/menus/child': { query: { id: 1 }, refuse: true },
  'POST /api/system/api/menus': { body: { type: 1, pid: 1, title: '越权', path: 'leak', component: 'goods/stock/index' }, refuse: true },
  'PUT /api/system/api/menus': { body: { id: 1, type: 0, title: '被改', path: 'leak' }, refuse: true },
  'DELETE /api/system/api/menus': { body: [1], refuse: true },
  'GET /api/system/api/user/{id}': { path: '/api/system/api/user/2', refuse: true },
  'POST /api/system/api/user/add': { body: { username: 'leak1', password: 'Leak-Secret-1', realName: '越权', roleIds: [2], venueIds: [1] }, refuse: true },
  'PUT /api/system/api/user/edit': { body: { userId: 2, realName: '被改', roleIds: [2], venueIds: [1] }, refuse: true },
  'PUT /api/system/api/user/setState': { body: { userId: 2, state: 'S' }, refuse: true },
  'PUT /api/system/api/user/resetPass': { body: { userId: 2, password: 'Leak-Secret-1' }, refuse: true },
  // test/audit.test.ts checks the export: another tenant's file has its header only.
  'GET /api/system/api/auditLog/export': 'self',
  // Vouchers (issue 17): tenant 1's venue id and codes; test/voucher.test.ts checks tenant 2's own.
  'GET /api/marketing/coupon/queryByCode': { query: { code: '100000000011', venueId: 1 }, refuse: true },
  'POST /api/marketing/couponVerificationRecord/verifyDouYinCoupon': {
    body: { code: '100000000011', venueId: 1, certificates: [{ encryptedCode: 'sim-1-1-enc-100000000011', checked: true }] },
    refuse: true,
  },
  'POST /api/marketing/couponVerificationRecord/queryAndVerificationCoupon': { body: { code: '100000000001', venueId: 1 }, refuse: true },
  'POST /api/marketing/couponVerificationRecord/cancelByVerifyId': { query: { verifyId: 'V-seed-sim-1-1-100000000031' }, refuse: true },
  'GET /api/marketing/couponVerificationRecord/query': {},
  'GET /api/marketing/couponVerificationRecord/dailyTotals': {},
  // The export is an .xlsx; test/voucher.test.ts checks it (the list it shares is probed above).
  'GET /api/marketing/couponVerificationRecord/export': 'self',
  'GET /api/marketing/couponConfig/get': { query: { venueId: 1 }, refuse: true },
  'PUT /api/marketing/couponConfig/save': { body: { venueId: 1, provider: 'simulator', poiId: 'stolen' }, refuse: true },
  // Boards (issue 21): tenant 2's own figures without a venue; tenant 1's venue refused.
  'GET /api/board/revenue': {},
  'GET /api/board/flow': { query: { venueId: 1 }, refuse: true },
  'GET /api/board/cockpit': {},
  'GET /api/board/events': { query: { venueId: 1 }, refuse: true },
  // Goods rental (issue 19): tenant 1's demo rentals are orders 1 and 2, its racket lease goods 1.
  'GET /api/lease/leaseGoodsArchive/query': {},
  'GET /api/lease/leaseGoodsArchive/all': { query: { venueId: 1 }, refuse: true },
  'GET /api/lease/leaseGoodsArchive/id/{id}': { path: 'lease/leaseGoodsArchive/id/1', refuse: true },
  'POST /api/lease/leaseGoodsArchive/add': { body: { goodsId: 1, itemId: 1, rentMode: 'U', price: 1, deposit: 1 }, refuse: true },
  'PUT /api/lease/leaseGoodsArchive/edit': { body: { leaseGoodsId: 1, itemId: 1, rentMode: 'U', price: 1, deposit: 1 }, refuse: true },
  'PUT /api/lease/leaseGoodsArchive/state': { body: { leaseGoodsId: 1, state: 'S' }, refuse: true },
  'POST /api/lease/leaseOrder/createOrder': { body: { details: [{ goodsId: 1, quantity: 1 }], itemId: 1, venueId: 1 }, refuse: true },
  'GET /api/lease/leaseOrder/queryOrderForPay': { query: { orderId: 1 }, refuse: true },
  'POST /api/lease/leaseOrder/payOrder': { body: { orderId: 1, payMode: 'cashpay', money: 110 }, refuse: true },
  'GET /api/lease/leaseOrder/id/{id}': { path: 'lease/leaseOrder/id/1', refuse: true },
  'GET /api/lease/leaseOrder/query': {},
  'GET /api/lease/leaseOrder/getPrintLeaseOrder': { query: { orderIds: '1,2' } },
  'POST /api/lease/leaseOrder/returnGoods': { body: { orderId: 1, route: 'F', lines: [{ detailId: 1, quantity: 1 }] }, refuse: true },
  'GET /api/lease/leaseOrder/returns': { query: { orderId: 1 }, refuse: true },
  'POST /api/lease/leaseOrder/queryReturn': { body: { refundId: 1 }, refuse: true },
  // Wristbands (issue 19): tenant 1's demo bands are 1-20 (1 and 2 out on deposit orders 1 and 2).
  'GET /api/system/hand/all': {},
  'GET /api/system/hand/id/{id}': { path: 'system/hand/id/1', refuse: true },
  'GET /api/system/hand/getById': { query: { id: 1 }, refuse: true },
  'GET /api/system/hand/getHandByIdOrPhyId': { query: { id: '1' } },
  'POST /api/system/hand/add': { body: { phyId: 'XT0001', venueId: 1, deposit: 1 }, refuse: true },
  'PUT /api/system/hand/edit': { body: { handId: 3, phyId: 'XT0002', venueId: 1, deposit: 1 }, refuse: true },
  'PUT /api/system/hand/setState': { body: { handId: 3, state: 'S' }, refuse: true },
  'GET /api/system/hand/queryHandInUse': {},
  'GET /api/system/hand/queryHandDepositDetail': {},
  'POST /api/system/hand/createHandDepositOrder': { body: { handId: 3, venueId: 1 }, refuse: true },
  'POST /api/system/hand/createHandSettleOrder': { body: { orderId: 1 }, refuse: true },
  'GET /api/system/hand/queryOrderForPay': { query: { orderId: 1 }, refuse: true },
  'POST /api/system/hand/payOrder': { body: { orderId: 1, payMode: 'cashpay', money: 20 }, refuse: true },
  'GET /api/system/hand/getPrintHandDepositOrder': { query: { orderIds: '1,2' } },
  'POST /api/system/hand/returnHandDeposit': { body: { orderId: 1, route: 'F' }, refuse: true },
  'GET /api/system/hand/returns': { query: { orderId: 1 }, refuse: true },
  'POST /api/ticket/ticketOrderDetail/createHandTimeoutOrder': { body: { qrCode: 'TNOSUCHCODE', handId: 1 }, refuse: true },
  'GET /api/ticket/ticketOrderDetail/getPrintHandTimeoutOrder': { query: { orderIds: '1,2' } },
  'POST /api/member/card/payWithHand': { body: { orderType: 'GOODS_SALE', orderId: 1, handId: 1 }, refuse: true },
  'GET /api/member/card/queryOrderConsumeWithHand': { query: { orderId: 1 }, refuse: true },
  'GET /api/member/card/getPrintCardConsumeWithHand': { query: { orderId: 1 }, refuse: true },
  // Tickets (issue 18): tenant 2 has its own types and tickets (TDEMO2X…); tenant 1's codes and ids are unknown to it.
  'GET /api/ticket/ticketType/query': {},
  'GET /api/ticket/ticketType/forSale': { query: { venueId: 1 } },
  'POST /api/ticket/ticketType/add': {
    body: {
      typeName: '越权',
      venueId: 1,
      itemId: 1,
      price: 1,
      useBeginDate: '2026-01-01',
      useEndDate: '2027-01-01',
      uses: 1,
      freeMinutes: 0,
      overtimeMinutes: 30,
      overtimePrice: 0,
      useTimeList: [{ beginWeek: 1, endWeek: 7, beginTime: '00:00', endTime: '23:59' }],
    },
    refuse: true,
  },
  'PUT /api/ticket/ticketType/edit': {
    body: {
      typeId: 1,
      typeName: '被改',
      venueId: 1,
      itemId: 1,
      price: 1,
      useBeginDate: '2026-01-01',
      useEndDate: '2027-01-01',
      uses: 1,
      freeMinutes: 0,
      overtimeMinutes: 30,
      overtimePrice: 0,
      useTimeList: [{ beginWeek: 1, endWeek: 7, beginTime: '00:00', endTime: '23:59' }],
    },
    refuse: true,
  },
  'POST /api/ticket/ticketOrder/createOrder': { body: { venueId: 1, details: [{ typeId: 1, quantity: 1 }] }, refuse: true },
  'GET /api/ticket/ticketOrder/queryOrderForPay': { query: { orderId: 1 }, refuse: true },
  'POST /api/ticket/ticketOrder/payOrder': { body: { orderId: 3, payMode: 'cashpay', money: 30 }, refuse: true },
  'GET /api/ticket/ticketOrder/query': {},
  'GET /api/ticket/ticketOrder/id/{id}': { path: 'ticket/ticketOrder/id/1', refuse: true },
  'POST /api/ticket/ticketOrder/refundOrder': { body: { orderId: 1, route: 'F' }, refuse: true },
  'GET /api/ticket/ticketOrderDetail/getPrintDetail': { query: { orderIds: '1,2,3' } },
  'GET /api/ticket/ticketOrderDetail/queryDetail': { query: { qrCode: 'TDEMO1X0001' }, refuse: true },
  'GET /api/ticket/ticketOrderDetail/queryTicketSaleByDay': { query: { beginDate: '2020-01-01', endDate: '2030-12-31' } },
  'POST /api/ticket/ticketCheck/checkTicket': { body: { ticketCheckDetails: [{ detailId: 1 }] }, refuse: true },
  'POST /api/ticket/ticketCheck/checkTicketWithHand': { body: { ticketCheckDetails: [{ detailId: 1, handCode: '1' }] }, refuse: true },
  'GET /api/ticket/ticketCheck/queryPeopleCount': {},
  'POST /api/ticket/ticketCheck/sceneBalance': { body: { qrCode: 'TDEMO1X0001' }, refuse: true },
  'GET /api/ticket/ticketTimeoutOrder/queryOrderForPay': { query: { orderId: 1 }, refuse: true },
  'POST /api/ticket/ticketTimeoutOrder/payOrder': { body: { orderId: 1, payMode: 'cashpay', money: 1 }, refuse: true },
  'POST /api/ticket/ticketTimeoutOrder/refundOrder': { body: { orderId: 1, route: 'F' }, refuse: true },
  'GET /api/ticket/ticketTimeoutOrder/query': {},
  // The spec 7 desk calls (issue 30): tenant 1's ticket codes and orders are unknown to tenant 2.
  'GET /api/ticket/ticketOrderDetail/queryDetailPageWithHand': {},
  'GET /api/ticket/ticketOrderDetail/getPrintDetailWithHand': { query: { orderIds: '1,2' } },
  'GET /api/ticket/ticketOrderDetail/queryDetailWithTimeout': { query: { qrCode: 'TDEMO1X0001' }, refuse: true },
  'GET /api/ticket/ticketOrderDetail/queryDetailAndCheck': { query: { qrCode: 'TDEMO1X0001' }, refuse: true },
  'GET /api/ticket/ticketOrderDetail/queryDetailAndHand': { query: { qrCode: 'TDEMO1X0001' }, refuse: true },
  'POST /api/ticket/ticketTimeoutOrder/createOrder': { body: { qrCode: 'TDEMO1X0001' }, refuse: true },
  'GET /api/ticket/ticketTimeoutOrderDetail/query': { query: { orderId: 1 } },
  // Lectures and ticket exits (issue 18, part 2): tenant 1's lecture codes (LDEMO1X…), orders, sessions and venues are unknown to tenant 2.
  'POST /api/ticket/ticketCheck/sceneBalanceWithTimeout': { body: { qrCode: 'TDEMO1X0001', payMode: 'cashpay', money: 1 }, refuse: true },
  'POST /api/ticket/ticketCheck/sceneBalanceAll': { body: { venueId: 1 }, refuse: true },
  'GET /api/ticket/ticketOrderDetail/queryDetailPage': {},
  'GET /api/system/lecture/query': {},
  'GET /api/system/lecture/forSale': { query: { venueId: 1 } },
  'POST /api/system/lecture/add': {
    body: {
      lectureName: '越权',
      venueId: 1,
      sessions: [{ useBeginDate: '2026-01-01', useEndDate: '2027-01-01', useBeginTime: '09:00', useEndTime: '10:00', capacity: 1 }],
      tickets: [{ ticketName: '票', price: 1 }],
    },
    refuse: true,
  },
  'PUT /api/system/lecture/edit': {
    body: {
      lectureId: 1,
      lectureName: '被改',
      venueId: 1,
      sessions: [{ sessionId: 1, useBeginDate: '2026-01-01', useEndDate: '2027-01-01', useBeginTime: '09:00', useEndTime: '10:00', capacity: 99 }],
      tickets: [{ ticketId: 1, ticketName: '票', price: 1 }],
    },
    refuse: true,
  },
  'POST /api/system/lectureOrder/createOrder': {
    body: { venueId: 1, sessionId: 1, ticketId: 1, users: [{ userName: '越权', phone: '13800001111' }] },
    refuse: true,
  },
  'GET /api/system/lectureOrder/queryOrderForPay': { query: { orderId: 1 }, refuse: true },
  'POST /api/system/lectureOrder/payOrder': { body: { orderId: 1, payMode: 'cashpay', money: 60 }, refuse: true },
  'GET /api/system/lectureOrder/query': {},
  'POST /api/system/lectureOrder/closeOrder': { body: { orderId: 1 }, refuse: true },
  'POST /api/system/lectureOrder/refundOrder': { body: { orderId: 1, route: 'F' }, refuse: true },
  'GET /api/system/lectureOrder/getLectureOrder': { query: { ticketId: 'LDEMO1X0001' }, refuse: true },
  'POST /api/system/lectureCheck/check': { body: { orderId: 1, userIds: [1] }, refuse: true },
  // 场地预订 (issue 35): tenant 1's demo fields, rules and orders (BDEMO1X…) on venue 1 are unknown to tenant 2; the cancellation rule is the caller's own.
  'GET /api/booking/field/query': { query: { venueId: 1 } },
  'POST /api/booking/field/add': { body: { venueId: 1, itemId: 1, fieldName: '越权' }, refuse: true },
  'PUT /api/booking/field/edit': { body: { fieldId: 1, venueId: 1, itemId: 1, fieldName: '被改' }, refuse: true },
  'GET /api/booking/price/query': { query: { venueId: 1, itemId: 1 } },
  'POST /api/booking/price/save': { body: { venueId: 1, itemId: 1, ruleName: '越权', beginTime: '08:00', endTime: '09:00', price: 1 }, refuse: true },
  'POST /api/booking/price/remove': { body: { ruleId: 1 }, refuse: true },
  'GET /api/booking/setting': {},
  'PUT /api/booking/setting': 'self',
  'GET /api/booking/grid': { query: { venueId: 1, itemId: 1, date: '2026-12-01' }, refuse: true },
  'POST /api/booking/order/conflicts': { body: { venueId: 1, itemId: 1, cells: [{ fieldId: 1, date: '2030-01-01', beginTime: '19:00' }] }, refuse: true },
  'POST /api/booking/order/create': { body: { venueId: 1, itemId: 1, cells: [{ fieldId: 1, date: '2030-01-01', beginTime: '19:00' }] }, refuse: true },
  'POST /api/booking/order/createWhole': { body: { venueId: 1, itemId: 1, date: '2030-01-01', beginTime: '08:00', endTime: '10:00' }, refuse: true },
  'POST /api/booking/order/occupy': {
    body: { venueId: 1, itemId: 1, fieldIds: [1], date: '2030-01-01', beginTime: '08:00', endTime: '10:00', reason: '越权' },
    refuse: true,
  },
  'GET /api/booking/order/queryOrderForPay': { query: { orderId: 1 }, refuse: true },
  'POST /api/booking/order/payOrder': { body: { orderId: 1, payMode: 'cashpay', money: 120 }, refuse: true },
  'POST /api/booking/order/closeOrder': { body: { orderId: 1 }, refuse: true },
  'POST /api/booking/order/cancelPreview': { body: { orderId: 1 }, refuse: true },
  'POST /api/booking/order/cancel': { body: { orderId: 1 }, refuse: true },
  'GET /api/booking/order/query': {},
  'GET /api/booking/order/get': { query: { code: 'BDEMO1X0001' }, refuse: true },
  'POST /api/booking/check/open': { body: { orderId: 1, detailIds: [1] }, refuse: true },
  'GET /api/booking/report/usage': { query: { venueId: 1, beginDate: '2026-11-01', endDate: '2026-11-30' }, refuse: true },
  // The export is an .xlsx of the same figures (test/booking-report.test.ts reads it).
  'GET /api/booking/report/exportUsage': 'self',
  'GET /api/booking/board/fields': { query: { venueId: 1 } },
  'GET /api/booking/grid/days': { query: { venueId: 1, itemId: 1, date: '2026-12-01' }, refuse: true },
  // 课程培训 (issue 36): tenant 1's demo coaches, courses, classes, sessions and enrolments (KDEMO1X…) have the low ids; reads show tenant 2 its own (none).
  'GET /api/course/coach/query': {},
  'POST /api/course/coach/add': { body: { venueId: 1, coachName: '越权', hourlyRate: 1, itemIds: [1] }, refuse: true },
  'PUT /api/course/coach/edit': { body: { coachId: 1, venueId: 1, coachName: '被改', hourlyRate: 1, itemIds: [1] }, refuse: true },
  'GET /api/course/course/query': {},
  'POST /api/course/course/add': {
    body: { venueId: 1, itemId: 1, courseName: '越权', category: 'G', lessons: 1, price: 1, validDays: 1, coachIds: [1] },
    refuse: true,
  },
  'PUT /api/course/course/edit': {
    body: { courseId: 1, venueId: 1, itemId: 1, courseName: '被改', category: 'G', lessons: 1, price: 1, validDays: 1, coachIds: [1] },
    refuse: true,
  },
  'GET /api/course/class/query': {},
  'POST /api/course/class/add': {
    body: {
      courseId: 1,
      className: '越权',
      coachId: 1,
      fieldId: 1,
      capacity: 1,
      startDate: '2030-01-01',
      weeks: 1,
      weekdays: [1],
      beginTime: '09:00',
      endTime: '10:00',
    },
    refuse: true,
  },
  'PUT /api/course/class/edit': { body: { classId: 1, className: '被改', capacity: 99 }, refuse: true },
  'POST /api/course/class/cancel': { body: { classId: 1 }, refuse: true },
  'GET /api/course/session/query': { query: { classId: 1 } },
  'POST /api/course/session/cancel': { body: { sessionId: 1, reason: '越权' }, refuse: true },
  'GET /api/course/session/roster': { query: { sessionId: 1 }, refuse: true },
  'GET /api/course/class/attendance': { query: { classId: 1 }, refuse: true },
  'GET /api/course/enrolment/query': {},
  'GET /api/course/enrolment/get': { query: { code: 'KDEMO1X0001' }, refuse: true },
  'POST /api/course/enrolment/add': { body: { courseId: 1, classId: 1, memberId: 1 }, refuse: true },
  'POST /api/course/enrolment/cancel': { body: { enrolmentId: 1 }, refuse: true },
  'GET /api/course/order/queryOrderForPay': { query: { orderId: 1 }, refuse: true },
  'POST /api/course/order/payOrder': { body: { orderId: 1, payMode: 'cashpay', money: 2880 }, refuse: true },
  'POST /api/course/enrolment/transfer': { body: { enrolmentId: 1, classId: 2 }, refuse: true },
  'POST /api/course/enrolment/leave': { body: { enrolmentId: 1, sessionId: 1 }, refuse: true },
  'POST /api/course/enrolment/makeUp': { body: { enrolmentId: 1, sessionId: 1 }, refuse: true },
  'GET /api/course/enrolment/refundPreview': { query: { enrolmentId: 1 }, refuse: true },
  'POST /api/course/enrolment/refund': { body: { enrolmentId: 1, route: 'F' }, refuse: true },
  'GET /api/course/check/lookup': { query: { code: 'KDEMO1X0001' }, refuse: true },
  'POST /api/course/check/sign': { body: { sessionId: 1, enrolmentIds: [1] }, refuse: true },
  'POST /api/course/check/signByCode': { body: { code: 'KDEMO1X0001' }, refuse: true },
  'POST /api/course/check/signPrivate': { body: { enrolmentId: 1, coachId: 1 }, refuse: true },
  'GET /api/course/ledger/query': {},
  'GET /api/course/report/coachHours': { query: { month: '2026-11' } },
  'GET /api/course/report/lessons': { query: { beginDate: '2026-01-01', endDate: '2026-12-31' } },
  'GET /api/course/report/attendance': { query: { beginDate: '2026-01-01', endDate: '2026-12-31' } },
  // The exports are .xlsx of the same figures (test/course-report.test.ts reads them).
  'GET /api/course/report/exportCoachHours': 'self',
  'GET /api/course/report/exportLessons': 'self',
  'GET /api/course/report/exportAttendance': 'self',
  'GET /api/course/board': {},
  // Marketing coupons (issue 15): tenant 1's coupons are 1 and 2, its member coupons 1-4, its venue 1; test/coupon.test.ts checks more.
  'GET /api/marketing/venueCoupon/query': {},
  'GET /api/marketing/venueCoupon/all': {},
  'GET /api/marketing/venueCoupon/id/{id}': { path: 'marketing/venueCoupon/id/1', refuse: true },
  'POST /api/marketing/venueCoupon/add': {
    body: { couponName: '越权', couponType: 'A', amount: 1, beginDate: '2026-01-01', endDate: '2027-01-01', venueIds: [1], totalQuantity: 1 },
    refuse: true,
  },
  'PUT /api/marketing/venueCoupon/edit': {
    body: { couponId: 1, couponName: '被改', couponType: 'A', amount: 1, beginDate: '2026-01-01', endDate: '2027-01-01', venueIds: [1], totalQuantity: 9 },
    refuse: true,
  },
  'PUT /api/marketing/venueCoupon/state': { body: { couponId: 1, state: 'S' }, refuse: true },
  'GET /api/marketing/memberCoupon/members': { query: { keyword: '张三' } },
  'POST /api/marketing/memberCoupon/issue': { body: { couponId: 1, memberIds: [1] }, refuse: true },
  'GET /api/marketing/memberCoupon/query': {},
  'POST /api/marketing/memberCoupon/revoke': { body: { memberCouponId: 1 }, refuse: true },
  // The export is an .xlsx; test/coupon.test.ts checks it (the list it shares is probed above).
  'GET /api/marketing/memberCoupon/export': 'self',
  // Reports (issue 21): reads of the caller's tenant; tenant 1's venue is refused; exports are the same reads as files.
  'GET /api/goods/goodsSaleOrder/goodsSaleOverview': { query: { beginDate: '2026-01-01', endDate: '2026-12-31' } },
  'GET /api/goods/goodsSaleOrder/queryGoodsSaleStatistic': { query: { beginDate: '2026-01-01', endDate: '2026-12-31' } },
  'GET /api/goods/goodsSaleOrder/queryGoodsSaleByVenue': { query: { beginDate: '2026-01-01', endDate: '2026-12-31', venueId: 1 }, refuse: true },
  'GET /api/goods/goodsSaleOrder/queryGoodsSaleByGoods': { query: { beginDate: '2026-01-01', endDate: '2026-12-31' } },
  'GET /api/goods/goodsSaleOrder/queryGoodsSaleByGoodsOrderCount': { query: { beginDate: '2026-01-01', endDate: '2026-12-31' } },
  'GET /api/goods/goodsSaleOrder/exportGoodsSaleStatistic': 'self',
  'GET /api/ticket/ticketOrderDetail/exportTicketSaleByDay': 'self',
  'GET /api/report/card/queryCardSaleByDay': { query: { beginDate: '2026-01-01', endDate: '2026-12-31' } },
  'GET /api/report/card/exportCardSaleByDay': 'self',
  'GET /api/report/lease/queryLeaseByDay': { query: { beginDate: '2026-01-01', endDate: '2026-12-31' } },
  'GET /api/report/lease/exportLeaseByDay': 'self',
  'GET /api/report/verify/queryVerifyByDay': { query: { beginDate: '2026-01-01', endDate: '2026-12-31', venueId: 1 }, refuse: true },
  'GET /api/report/verify/exportVerifyByDay': 'self',
  'GET /api/report/shift/queryShiftSettlement': { query: { date: '2026-11-24' } },
  'GET /api/report/shift/exportShiftSettlement': 'self',
  'GET /api/board/verifications': {},
};
export function registerProbes(probes: Record<string, Probe>) {
  Object.assign(PROBES, probes);
}

describeEachEngine('tenant isolation on %s', (server) => {
  const { api, other } = server;

  it('classifies every route of the API document', async () => {
    const doc = (await (await fetch(new URL('/api/docs/json', api.url))).json()) as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((m) => m !== 'head')
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(
      routes.filter((r) => !(r in PROBES)),
      'routes to add to PROBES',
    ).toEqual([]);
    expect(
      Object.keys(PROBES).filter((r) => !routes.includes(r)),
      'PROBES of routes that no longer exist',
    ).toEqual([]);
  });

  it("shows tenant 2 nothing of tenant 1 and lets it change nothing of tenant 1's", async () => {
    const before = await tenantOneRows(server.database);
    expect(before.dict_detail.length).toBeGreaterThan(0);
    const leaks: string[] = [];
    for (const [route, probe] of Object.entries(PROBES)) {
      if (probe === 'public' || probe === 'self') continue;
      const [method, path] = route.split(' ');
      const target = probe.path ?? path.replace(/^\/api\//, '');
      const answer = await other.call(method, target, { query: probe.query, body: probe.body });
      const text = JSON.stringify(answer.body);
      if (TENANT_ONE.some((marker) => text.includes(marker))) leaks.push(`${route}: ${text.slice(0, 120)}`);
      if (probe.refuse && answer.body?.code === 200) leaks.push(`${route} accepted: ${text.slice(0, 120)}`);
      // A read that fails proves nothing: its probe must be fixed so that it reaches the data.
      if (!probe.refuse && (answer.status !== 200 || answer.body?.code !== 200))
        leaks.push(`${route} probe did not succeed: ${answer.status} ${text.slice(0, 120)}`);
    }
    expect(leaks).toEqual([]);
    expect(await tenantOneRows(server.database)).toEqual(before);
    const venue = await server.db.selectFrom('users').select('current_venue_id').where('username', '=', 'admin2').executeTakeFirstOrThrow();
    expect(venue.current_venue_id).not.toBe(1);
  });
});

/** Every row of tenant 1 in every table with a tenant_id, so a write of any probe that reached them shows. */
async function tenantOneRows(database: TestDatabase): Promise<Record<string, string[]>> {
  const k = database.db.kysely;
  const tables = (await k.introspection.getTables()).filter((t) => t.columns.some((c) => c.name === 'tenant_id'));
  const snapshot: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)} where tenant_id = 1`.execute(k);
    snapshot[table.name] = rows.rows.map((row) => JSON.stringify(row)).sort();
  }
  return snapshot;
}
