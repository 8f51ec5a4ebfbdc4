/**
 * Every permission code, each written once. A code names a screen (`list`) or a button on it; the menu
 * seed grants them to roles, each contract call names the one it needs, and the web app hides by them.
 */
export const PERMISSIONS = {
  system: {
    user: { list: 'user:list', add: 'user:add', edit: 'user:edit', state: 'user:state', resetPass: 'user:resetPass' },
    role: { list: 'role:list', add: 'role:add', edit: 'role:edit', del: 'role:del' },
    menu: { list: 'menu:list', add: 'menu:add', edit: 'menu:edit', del: 'menu:del' },
    dict: { list: 'dict:list', add: 'dict:add', edit: 'dict:edit', del: 'dict:del' },
    payment: {
      list: 'system:payment:list',
      add: 'system:payment:add',
      edit: 'system:payment:edit',
      del: 'system:payment:del',
      /** 支付对账: the day's platform bills against the payments (issue 31). */
      reconcile: 'system:payment:reconcile',
    },
    print: { edit: 'system:print:edit' },
    audit: { list: 'system:audit:list', export: 'system:audit:export' },
    venue: { list: 'system:venue:list', add: 'system:venue:add', edit: 'system:venue:edit', item: 'system:venue:item', close: 'system:venue:close' },
    /** Wristbands (手牌): the demo cashier holds list, lend and return (the till's), not add/edit. */
    hand: { list: 'system:hand:list', add: 'system:hand:add', edit: 'system:hand:edit', lend: 'system:hand:lend', return: 'system:hand:return' },
    tenant: { list: 'system:tenant:list', edit: 'system:tenant:edit' },
  },
  goods: {
    classification: { list: 'goods:classification:list', add: 'goods:classification:add', edit: 'goods:classification:edit' },
    warehouse: { list: 'goods:warehouse:list', add: 'goods:warehouse:add', edit: 'goods:warehouse:edit' },
    archive: { list: 'goods:archive:list', add: 'goods:archive:add', edit: 'goods:archive:edit' },
    stock: { list: 'goods:stock:list', adjust: 'goods:stock:adjust' },
    supplier: { list: 'goods:supplier:list', add: 'goods:supplier:add', edit: 'goods:supplier:edit' },
    stockIn: { list: 'goods:stockIn:list', add: 'goods:stockIn:add', review: 'goods:stockIn:review' },
    /**
     * The demo cashier holds list and add (sell at the till), not editPrice (change a line's paid price)
     * nor refund (give a paid sale's money back: the back office's, like member:card:refund).
     */
    saleOrder: {
      list: 'goods:saleOrder:list',
      add: 'goods:saleOrder:add',
      editPrice: 'goods:saleOrder:editPrice',
      refund: 'goods:saleOrder:refund',
      /** Close an unpaid order (the till's: nothing moves); autoClose sets after how long the server closes them. */
      close: 'goods:saleOrder:close',
      autoClose: 'goods:saleOrder:autoClose',
    },
  },
  member: {
    /** The demo cashier holds list and open (the till's card reads and 开卡). */
    card: {
      list: 'member:card:list',
      open: 'member:card:open',
      remark: 'member:card:remark',
      refund: 'member:card:refund',
      import: 'member:card:import',
      export: 'member:card:export',
      bind: 'member:card:bind',
      extend: 'member:card:extend',
      sell: 'member:card:sell',
      recharge: 'member:card:recharge',
      state: 'member:card:state',
      cardReturn: 'member:card:return',
    },
    member: { list: 'member:member:list', add: 'member:member:add', edit: 'member:member:edit', plain: 'member:member:plain' },
    /** 会员卡类型 and 黑名单规则 (issue 16). */
    cardType: { list: 'member:cardType:list', add: 'member:cardType:add', edit: 'member:cardType:edit' },
    blacklist: { list: 'member:blacklist:list', edit: 'member:blacklist:edit' },
  },
  /** Goods rental: the demo cashier holds order list, add and return (the till's), not the archive's add/edit. */
  lease: {
    goods: { list: 'lease:goods:list', add: 'lease:goods:add', edit: 'lease:goods:edit' },
    order: { list: 'lease:order:list', add: 'lease:order:add', return: 'lease:order:return' },
  },
  /** Tickets (issue 18): the demo cashier sells (order.add, order.list) and verifies (check.check). */
  ticket: {
    type: { list: 'ticket:type:list', add: 'ticket:type:add', edit: 'ticket:type:edit' },
    order: { list: 'ticket:order:list', add: 'ticket:order:add', refund: 'ticket:order:refund' },
    check: { check: 'ticket:check:check' },
  },
  /** Lectures (issue 18): the demo cashier signs up (order.add, order.list) and verifies (check.check). */
  lecture: {
    lecture: { list: 'lecture:lecture:list', add: 'lecture:lecture:add', edit: 'lecture:lecture:edit' },
    order: { list: 'lecture:order:list', add: 'lecture:order:add', refund: 'lecture:order:refund' },
    check: { check: 'lecture:check:check' },
  },
  /**
   * 场地预订 (issue 35): fields and their prices (the back office's), the booking grid and its orders
   * (the desk's: the demo cashier holds order.list, order.add and check.check), occupancy (L) and
   * cancellations with refunds (the back office's), the tenant's cancellation rules.
   */
  booking: {
    field: { list: 'booking:field:list', add: 'booking:field:add', edit: 'booking:field:edit' },
    price: { list: 'booking:price:list', edit: 'booking:price:edit' },
    order: { list: 'booking:order:list', add: 'booking:order:add', occupy: 'booking:order:occupy', cancel: 'booking:order:cancel' },
    check: { check: 'booking:check:check' },
    setting: { edit: 'booking:setting:edit' },
  },
  /**
   * 课程培训 (issue 36): coaches, courses and classes (the back office's), enrolments (the desk's: the demo
   * cashier holds enrolment.list, enrolment.add, enrolment.edit and check.check), refunds of unused lessons
   * (the back office's), the lesson ledger and the course reports.
   */
  course: {
    coach: { list: 'course:coach:list', add: 'course:coach:add', edit: 'course:coach:edit' },
    course: { list: 'course:course:list', add: 'course:course:add', edit: 'course:course:edit' },
    class: { list: 'course:class:list', add: 'course:class:add', edit: 'course:class:edit' },
    enrolment: { list: 'course:enrolment:list', add: 'course:enrolment:add', edit: 'course:enrolment:edit', refund: 'course:enrolment:refund' },
    check: { check: 'course:check:check' },
    ledger: { list: 'course:ledger:list' },
    report: { coachHours: 'course:report:coachHours', lessons: 'course:report:lessons', attendance: 'course:report:attendance' },
  },
  /** The demo cashier holds gate.remoteControl (the navbar's 远程开闸) for the gates granted to it. */
  gate: {
    area: { list: 'gate:area:list', add: 'gate:area:add', edit: 'gate:area:edit', del: 'gate:area:del' },
    controller: { list: 'gate:controller:list', add: 'gate:controller:add', edit: 'gate:controller:edit', test: 'gate:controller:test' },
    gate: { list: 'gate:gate:list', add: 'gate:gate:add', edit: 'gate:gate:edit', grant: 'gate:gate:grant', remoteControl: 'gate:gate:remoteControl' },
    command: { list: 'gate:command:list', export: 'gate:command:export' },
    pass: { list: 'gate:pass:list', export: 'gate:pass:export' },
  },
  /** Short-video platform vouchers (快速核销's certificate tab, 核销记录). The demo cashier holds coupon.verify and record.list. */
  marketing: {
    coupon: { verify: 'marketing:coupon:verify' },
    couponRecord: { list: 'marketing:couponRecord:list', cancel: 'marketing:couponRecord:cancel', export: 'marketing:couponRecord:export' },
    couponConfig: { edit: 'marketing:couponConfig:edit' },
    /** The venue's own coupons (issue 15): definitions, 发券, 领用记录. The demo cashier holds memberCoupon.list. */
    venueCoupon: {
      list: 'marketing:venueCoupon:list',
      add: 'marketing:venueCoupon:add',
      edit: 'marketing:venueCoupon:edit',
      issue: 'marketing:venueCoupon:issue',
    },
    memberCoupon: { list: 'marketing:memberCoupon:list', revoke: 'marketing:memberCoupon:revoke', export: 'marketing:memberCoupon:export' },
  },
  /** Reports (报表中心): each report's screen, the exports, and 交班对账 (the demo cashier holds shift: its own day). */
  report: {
    goods: 'report:goods:list',
    ticket: 'report:ticket:list',
    card: 'report:card:list',
    lease: 'report:lease:list',
    verify: 'report:verify:list',
    shift: 'report:shift:list',
    shiftAll: 'report:shift:all',
    export: 'report:export',
  },
  /** 数据看板: the boards and big screens, and 首页's figures of the day (the demo cashier holds it). */
  board: { view: 'board:view' },
} as const;

type Leaves<T> = T extends string ? T : { [K in keyof T]: Leaves<T[K]> }[keyof T];
/** One code of PERMISSIONS. */
export type Permission = Leaves<typeof PERMISSIONS>;

const leaves = (node: object): string[] => Object.values(node).flatMap((v) => (typeof v === 'string' ? [v] : leaves(v as object)));
/** Every code of the table, in table order. */
export const ALL_PERMISSIONS = leaves(PERMISSIONS) as Permission[];

/** 查看完整手机号: the holder sees members' phone and ID numbers whole wherever a call answers them (`personal`). */
export const PERSONAL_DATA_PERMISSION = PERMISSIONS.member.member.plain;

/** The permission of the admin role: it holds every other one. */
export const ADMIN_PERMISSION = 'ROLE_admin';
/** Whether a user holding `held` is an admin (every screen, every rule). */
export const holdsAdmin = (held: readonly string[]): boolean => held.includes(ADMIN_PERMISSION);

/**
 * Who may use a call:
 * - `public`: anyone (login, captcha);
 * - `login`: any logged-in user;
 * - `board`: a logged-in user or the anonymous token of a venue's public boards;
 * - `{ permission }`: a user holding that code; `{ anyOf }`: a user holding at least one of them; with
 *   `board: true` also the anonymous token of a venue's public boards (a board's figures).
 * A user holding ADMIN_PERMISSION passes every rule.
 */
export type Access = 'public' | 'login' | 'board' | PermissionRule;
export type PermissionRule = ({ permission: Permission } | { anyOf: readonly Permission[] }) & { board?: true };

/** Whether the anonymous token of a venue's public boards may use a call of this access. */
export const admitsBoardToken = (access: Access): boolean => access === 'board' || (typeof access === 'object' && access.board === true);

/** The codes a rule accepts, any one of which is enough. */
export const codesOf = (rule: PermissionRule): readonly Permission[] => ('anyOf' in rule ? rule.anyOf : [rule.permission]);

/** Whether a user holding `held` passes a permission rule. */
export function holdsRule(rule: PermissionRule, held: readonly string[]): boolean {
  return holdsAdmin(held) || codesOf(rule).some((code) => held.includes(code));
}
