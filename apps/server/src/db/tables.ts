import type { Generated, Insertable, Selectable } from 'kysely';
import type {
  Flag,
  EnabledState,
  CardState,
  CardPayType,
  ConsumeKind,
  MemberSource,
  FamilyRelation,
  BlacklistRule,
  OnSale,
  StockReason,
  StockInState,
  SupplyType,
  PayRecordState,
  SimulatorTradeState,
  SimulatorRefundState,
  RefundType,
  RefundState,
  RefundPartState,
} from './column-codes.ts';
import type { LeaseGoodsTable, LeaseOrderLineTable, LeaseOrderTable } from './lease-tables.ts';
import type { TicketTables } from './ticket-tables.ts';
import type { LectureTables } from './lecture-tables.ts';
import type { BookingTables } from './booking-tables.ts';
import type { CourseTables } from './course-tables.ts';
import type { HandTables } from './hand-tables.ts';
import type { CouponTable, CouponVenueTable, MemberCouponTable } from './coupon-tables.ts';
import type { CardAdminTables } from './card-admin-tables.ts';
import type { PayColumns } from './pay-columns.ts';

/** Timestamps are ISO-8601 UTC strings (`2026-11-22T10:00:00.000Z`) on both engines; flags are 0/1. */
type Id = Generated<number>;

export type * from './column-codes.ts';

export interface TenantTable {
  id: Id;
  name: string;
  code: string;
  state: EnabledState;
  created_at: string;
}
export interface TenantSettingTable {
  id: Id;
  tenant_id: number;
  setting_key: string;
  setting_value: string;
}
export interface TenantServiceTable {
  id: Id;
  tenant_id: number;
  service_code: string;
  service_name: string;
  enabled: number;
}
export interface GlobalSettingTable {
  id: Id;
  tenant_id: number;
  setting_key: string;
  setting_value: string;
}
export interface CenterTable {
  id: Id;
  tenant_id: number;
  name: string;
  state: EnabledState;
  sort: number;
}
export interface VenueTable {
  id: Id;
  tenant_id: number;
  center_id: number;
  name: string;
  address: string;
  phone: string;
  state: EnabledState;
  sort: number;
  created_at: string;
  /** T: the venue's boards open without a login (anonymous board tokens are issued for it). Default F. */
  board_public: Generated<Flag>;
  /** Opening hours "HH:mm" (issue 15). */
  open_time: Generated<string>;
  close_time: Generated<string>;
  remark: Generated<string>;
}
export interface SportItemTable {
  id: Id;
  tenant_id: number;
  name: string;
  state: EnabledState;
  sort: number;
}
export interface VenueItemTable {
  id: Id;
  tenant_id: number;
  venue_id: number;
  item_id: number;
  state: EnabledState;
  /** F by time slot, C by headcount; capacity 0: no limit; S one pass, M many (issue 15). */
  sale_mode: Generated<'F' | 'C'>;
  capacity: Generated<number>;
  pass_mode: Generated<'S' | 'M'>;
  sort: Generated<number>;
}
/** A venue closed on some days, wholly (item_id null) or for one item. */
export interface VenueClosureTable {
  id: Id;
  tenant_id: number;
  venue_id: number;
  item_id: number | null;
  start_date: string;
  end_date: string;
  reason: string;
  created_at: string;
}
export interface RoleTable {
  id: Id;
  tenant_id: number;
  name: string;
  code: string;
  description: string;
  level: number;
  /** Issue 15: ALL every venue of the tenant, OWN the user's own venues. */
  data_scope: Generated<'ALL' | 'OWN'>;
}
export interface MenuTable {
  id: Id;
  tenant_id: number;
  pid: number | null;
  type: number;
  title: string;
  name: string | null;
  path: string;
  component: string | null;
  icon: string | null;
  permission: string | null;
  sort: number;
  hidden: number;
  no_cache: number;
  i_frame: number;
  /** 1: a group with a single visible child stays a group; 0: it collapses into the child (spec 2.3). */
  always_show: Generated<number>;
}
export interface RoleMenuTable {
  tenant_id: number;
  role_id: number;
  menu_id: number;
}
export interface UserTable {
  id: Id;
  tenant_id: number;
  username: string;
  real_name: string;
  password_hash: string;
  phone: string | null;
  state: EnabledState;
  current_venue_id: number | null;
  member_type_flag: Flag;
  created_at: string;
  /** Issue 15: 'T' until the user changes a password an admin reset (or the install made up). */
  must_change_password: Generated<Flag>;
  default_venue_id: number | null;
}
export interface UserRoleTable {
  tenant_id: number;
  user_id: number;
  role_id: number;
}
export interface UserVenueTable {
  tenant_id: number;
  user_id: number;
  venue_id: number;
}
export interface DictTable {
  id: Id;
  tenant_id: number;
  name: string;
  description: string;
}
export interface DictDetailTable {
  id: Id;
  tenant_id: number;
  dict_id: number;
  label: string;
  value: string;
  sort: number;
}
export interface SessionTable {
  id: Id;
  token_hash: string;
  tenant_id: number;
  user_id: number | null;
  kind: 'user' | 'anonymous';
  venue_id: number | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}
export interface LoginFailureTable {
  failure_key: string;
  failures: number;
  first_failed_at: string;
  last_failed_at: string;
}
/** Server-wide secrets every process shares (the board token signing key), made on first use. */
export interface ServerSecretTable {
  name: string;
  value: string;
}
export interface CaptchaTable {
  uuid: string;
  answer: string;
  expires_at: string;
}

export interface GoodsClassificationTable {
  id: Id;
  tenant_id: number;
  name: string;
  state: EnabledState;
  sort: number;
}
export interface WarehouseTable {
  id: Id;
  tenant_id: number;
  name: string;
  state: EnabledState;
  remark: string;
}
export interface WarehouseVenueTable {
  tenant_id: number;
  warehouse_id: number;
  venue_id: number;
}
export interface GoodsTable {
  id: Id;
  tenant_id: number;
  name: string;
  specs: string;
  picture: string | null;
  unit: string;
  price_fen: number;
  barcode: string | null;
  shorthand: string;
  classification_id: number;
  item_id: number | null;
  is_on_sale: OnSale;
  state: EnabledState;
  created_at: string;
}
export interface GoodsStockTable {
  id: Id;
  tenant_id: number;
  goods_id: number;
  warehouse_id: number;
  quantity: number;
}
export interface StockMovementTable {
  id: Id;
  tenant_id: number;
  goods_id: number;
  warehouse_id: number;
  change: number;
  balance: number;
  reason: StockReason;
  ref_id: number | null;
  remark: string;
  created_at: string;
  created_by: number | null;
}
export interface SupplierTable {
  id: Id;
  tenant_id: number;
  name: string;
  contact: string;
  phone: string;
  address: string;
  state: EnabledState;
  remark: string;
}
export interface StockInTable {
  id: Id;
  tenant_id: number;
  warehouse_id: number;
  venue_id: number;
  supplier_id: number;
  supply_type: SupplyType;
  state: StockInState;
  total_fen: number;
  remark: string;
  review_remark: string;
  created_at: string;
  created_by: number;
  reviewed_at: string | null;
  reviewed_by: number | null;
}
export interface StockInLineTable {
  id: Id;
  tenant_id: number;
  stock_in_id: number;
  goods_id: number;
  quantity: number;
  price_fen: number;
}

export interface CatalogVersionTable {
  tenant_id: number;
  version: number;
}

export interface MemberTypeTable {
  id: Id;
  tenant_id: number;
  name: string;
  state: EnabledState;
  sort: number;
}
export interface MemberTable {
  id: Id;
  tenant_id: number;
  name: string;
  phone: string;
  id_number: string | null;
  photo: string | null;
  member_type_id: number | null;
  source: MemberSource;
  created_at: string;
  gender: string | null;
  birthday: string | null;
  remark: Generated<string>;
}
export interface MemberFamilyTable {
  id: Id;
  tenant_id: number;
  member_id: number;
  name: string;
  relation: FamilyRelation;
  phone: string | null;
}
/** discount is per mille: 900 is 9折; 1000 no discount. */
export interface CardTypeTable {
  id: Id;
  tenant_id: number;
  name: string;
  pay_type: CardPayType;
  price_fen: number;
  valid_days: number;
  times: number;
  discountable: number;
  discount: number;
  state: EnabledState;
  sort: number;
  face_fen: Generated<number>;
  bonus_fen: Generated<number>;
  /** Issue 16 card types: validity in months (instead of valid_days), O from opening or S from sale; 延期 price a day; 补卡 fee. */
  valid_months: Generated<number>;
  valid_start: Generated<'O' | 'S'>;
  extend_day_fen: Generated<number>;
  replace_fee_fen: Generated<number>;
}
export interface CardTypeItemTable {
  tenant_id: number;
  card_type_id: number;
  item_id: number;
}
/** balance: fen for M cards, times for T cards, 0 for D cards. */
export interface CardTable {
  id: Id;
  tenant_id: number;
  card_no: string;
  phy_card_id: string | null;
  member_id: number;
  card_type_id: number;
  venue_id: number | null;
  state: CardState;
  is_opened: Flag;
  balance: number;
  use_begin: string | null;
  use_end: string | null;
  remark: string;
  created_at: string;
}
export interface CardConsumeTable {
  id: Id;
  tenant_id: number;
  card_id: number;
  kind: ConsumeKind;
  amount: number;
  balance_after: number;
  order_type: string | null;
  order_id: number | null;
  venue_id: number | null;
  refund_of: number | null;
  remark: string;
  created_at: string;
  created_by: number | null;
}
export interface CardCountSlotTable {
  tenant_id: number;
  slot: number;
  cards: number;
}
export interface BlacklistTable {
  id: Id;
  tenant_id: number;
  member_id: number;
  rule_type: BlacklistRule;
  reason: string;
  active: number;
  created_at: string;
}

export interface PaymentMethodTable {
  id: Id;
  tenant_id: number;
  pay_mode: string;
  pay_name: string;
  is_api: Flag;
  icon: string;
  state: EnabledState;
  sort: number;
  created_at: string;
}
export interface PaymentMethodVenueTable {
  tenant_id: number;
  method_id: number;
  venue_id: number;
}
export interface PrintConfigTable {
  id: Id;
  tenant_id: number;
  venue_id: number;
  type_id: string;
  need_print: Flag;
  print_num: number;
  allow_pay_types: string;
}
export interface CardRechargeRuleTable {
  id: Id;
  tenant_id: number;
  card_type_id: number;
  min_fen: number;
  bonus_fen: number;
}
export type CardOrderKind = 'SALE' | 'RECHARGE';
/** A card sold (SALE) or topped up (RECHARGE) at the till: the pay columns plus what the card gets. */
export interface CardOrderTable extends PayColumns {
  id: Id;
  tenant_id: number;
  remark: string;
  kind: CardOrderKind;
  card_type_id: number;
  card_id: number | null;
  card_no: string;
  phy_card_id: string | null;
  open_now: Flag;
  amount: number;
  bonus: number;
  created_by: number;
  created_at: string;
}
export interface CardStateLogTable {
  id: Id;
  tenant_id: number;
  card_id: number;
  action: string;
  from_state: string;
  to_state: string;
  new_card_id: number | null;
  amount: number;
  route: string | null;
  remark: string;
  created_by: number | null;
  created_at: string;
}
export interface SaleOrderTable extends PayColumns {
  id: Id;
  tenant_id: number;
  warehouse_id: number;
  source: MemberSource;
  price_orig_fen: number;
  created_by: number;
  username: string;
  remark: string;
  created_at: string;
  refund_type: Generated<RefundType>;
  /** Refunded or being refunded (a refund waiting for its channel). */
  refunded_fen: Generated<number>;
}
export interface SaleOrderLineTable {
  id: Id;
  tenant_id: number;
  order_id: number;
  goods_id: number;
  goods_name: string;
  specs: string;
  unit: string;
  quantity: number;
  price_fen: number;
  price_orig_fen: number;
  price_pay_fen: number;
  refunded_quantity: Generated<number>;
}
/** A refund of a paid order of any payable kind (order_type as in pay_record). */
export interface OrderRefundTable {
  id: Id;
  tenant_id: number;
  venue_id: number;
  order_type: string;
  order_id: number;
  request_id: string | null;
  route: 'T' | 'F';
  amount_fen: number;
  state: RefundState;
  reason: string;
  message: string;
  lock_until: string | null;
  created_by: number;
  created_at: string;
  finished_at: string | null;
}
/** Units of one of the order's lines a refund takes back; item_id is the kind's goods (goods, lease goods, ticket type). */
export interface OrderRefundLineTable {
  id: Id;
  tenant_id: number;
  refund_id: number;
  order_id: number;
  line_id: number;
  item_id: number;
  quantity: number;
  amount_fen: number;
}
export interface OrderRefundPayTable {
  id: Id;
  tenant_id: number;
  refund_id: number;
  order_id: number;
  pay_record_id: number | null;
  pay_mode: string;
  pay_name: string;
  card_id: number | null;
  consume_id: number | null;
  money_fen: number;
  /** Times given back to a times card (T) part; null: a part of money. */
  times: Generated<number | null>;
  out_refund_no: string | null;
  channel_refund_no: string | null;
  state: RefundPartState;
  message: string;
}
export interface PaySimRefundTable {
  out_refund_no: string;
  out_trade_no: string;
  tenant_id: number;
  amount_fen: number;
  state: SimulatorRefundState;
  channel_refund_no: string;
  created_at: string;
  updated_at: string;
}
/** One part of a payment attempt. */
export interface PayRecordTable {
  id: Id;
  tenant_id: number;
  order_type: string;
  order_id: number;
  attempt: number;
  pay_mode: string;
  pay_name: string;
  pay_type: string | null;
  card_id: number | null;
  consume_id: number | null;
  money_fen: number;
  out_trade_no: string | null;
  channel_trade_no: string | null;
  state: PayRecordState;
  message: string;
  created_by: number | null;
  created_at: string;
  paid_at: string | null;
  /** Where it was taken (null on records older than issue 31): its venue's merchant account is reconciled. */
  venue_id: number | null;
}
export interface PaySimTradeTable {
  out_trade_no: string;
  tenant_id: number;
  pay_mode: string;
  amount_fen: number;
  auth_code: string;
  state: SimulatorTradeState;
  channel_trade_no: string;
  created_at: string;
  updated_at: string;
}

// ---- Gates (issue 20) ----
export type GateDirection = 'I' | 'O';
/** A pass event: S a card swipe, D a door event, A an alarm. */
export type GatePassKind = 'S' | 'D' | 'A';
export interface GateAreaTable {
  id: Id;
  tenant_id: number;
  name: string;
  sort: number;
  remark: string;
  created_at: string;
}
export interface GateControllerTable {
  id: Id;
  tenant_id: number;
  name: string;
  serial_no: number;
  address: string;
  port: number;
  broadcast: Flag;
  timeout_ms: number;
  retries: number;
  /** Seconds a door stays unlocked after an open. */
  open_delay: number;
  state: EnabledState;
  remark: string;
  created_at: string;
}
export interface GateTable {
  id: Id;
  tenant_id: number;
  name: string;
  area_id: number;
  venue_id: number;
  controller_id: number;
  in_door: number | null;
  out_door: number | null;
  usage: EnabledState;
  is_remote_control: Flag;
  pass_mode: 'S' | 'M';
  reader_type: string;
  sort: number;
  remark: string;
  created_at: string;
}
export interface GateCardTypeTable {
  tenant_id: number;
  gate_id: number;
  card_type_id: number;
}
export interface GateUserTable {
  tenant_id: number;
  gate_id: number;
  user_id: number;
}
export interface GateCommandTable {
  id: Id;
  tenant_id: number;
  gate_id: number;
  venue_id: number;
  controller_id: number;
  door: number;
  pass_direction: GateDirection;
  door_state: number;
  success: Flag;
  answer: string;
  duration_ms: number;
  user_id: number;
  created_at: string;
}
export interface GatePassTable {
  id: Id;
  tenant_id: number;
  venue_id: number | null;
  gate_id: number | null;
  controller_id: number;
  event_index: number;
  door: number;
  direction: GateDirection;
  kind: GatePassKind;
  card_number: number | null;
  card_id: number | null;
  granted: Flag;
  reason: number;
  pass_time: string;
  /** Where pass_time comes from: C the board's clock, A the server's arrival time (the board sent no real time). */
  time_source: Generated<'C' | 'A'>;
  created_at: string;
}
/** A card record a controller should hold (PUT) or lose (DEL); state P still to send, D done. */
export interface GateCardPushTable {
  id: Id;
  tenant_id: number;
  controller_id: number;
  card_number: number;
  card_id: number | null;
  action: 'PUT' | 'DEL';
  /** The doors the card opens, as "1,2". */
  doors: string;
  valid_from: string;
  valid_to: string;
  state: 'P' | 'D';
  version: number;
  attempts: number;
  next_try_at: string;
  last_error: string | null;
  updated_at: string;
}

/** This installation: its trade-number prefix, drawn once when the database was made. */
export interface AppInstallTable {
  id: number;
  trade_prefix: string;
  created_at: string;
}
export type PayChannelProvider = 'simulator' | 'live';
/** A scan-code pay mode's channel for a venue, or the tenant's (venue_id 0). */
export interface PayChannelConfigTable {
  id: Id;
  tenant_id: number;
  venue_id: number;
  pay_mode: string;
  provider: PayChannelProvider;
  base_url: Generated<string>;
  /** The merchant's parameters that are not secret (merchant and app ids, terminal), JSON. */
  params_json: Generated<string>;
  /** The keys and certificates, JSON sealed with AES-256-GCM (lib/secret-box.ts). */
  secrets_enc: Generated<string>;
  updated_at: string;
}
/** R running, D done, F failed (the bill could not be had: its message says why). */
export type ReconcileState = 'R' | 'D' | 'F';
export interface PayReconcileTable {
  id: Id;
  tenant_id: number;
  venue_id: number;
  pay_mode: string;
  bill_date: string;
  state: ReconcileState;
  bill_count: Generated<number>;
  local_count: Generated<number>;
  diff_count: Generated<number>;
  message: Generated<string>;
  lock_until: string | null;
  updated_at: string;
}
/** HERE: in the bill, not here; THERE: here, not in the bill; AMOUNT: both, amounts differ. */
export type ReconcileDiffKind = 'HERE' | 'THERE' | 'AMOUNT';
export interface PayReconcileDiffTable {
  id: Id;
  tenant_id: number;
  reconcile_id: number;
  kind: ReconcileDiffKind;
  trade_type: 'PAY' | 'REFUND';
  out_no: string;
  channel_no: Generated<string>;
  local_fen: number | null;
  bill_fen: number | null;
  trade_time: Generated<string>;
}
export interface VoucherConfigTable {
  id: Id;
  tenant_id: number;
  venue_id: number;
  provider: 'simulator' | 'douyin';
  base_url: Generated<string>;
  client_key: Generated<string>;
  /** AES-256-GCM of the client secret (lib/secret-box.ts), never the secret itself. */
  client_secret_enc: Generated<string>;
  poi_id: string;
  updated_at: string;
}
export interface CouponVerificationTable {
  id: Id;
  tenant_id: number;
  venue_id: number;
  user_id: number;
  user_name: string;
  code: string;
  certificate_id: string;
  encrypted_code: string;
  order_id: string;
  sku_id: string;
  sku_title: string;
  groupon_type: number;
  pay_fen: number;
  original_fen: number;
  state: 'P' | 'V' | 'U' | 'F' | 'C';
  verify_id: string | null;
  verify_time: string | null;
  message: Generated<string>;
  created_at: string;
  cancel_time: string | null;
  cancel_user_name: string | null;
  /** The platform's logid of each call for this voucher, "call:logid" separated by spaces. */
  logids: Generated<string>;
}
/** A lookup's 验券准备 answer, verified at most once (used_at) by the verification that follows it. */
export interface VoucherPrepareTable {
  id: Id;
  tenant_id: number;
  venue_id: number;
  verify_token: string;
  order_id: string;
  input_code: string;
  /** JSON of the prepared vouchers (PreparedVoucher[]). */
  certificates: string;
  logid: Generated<string>;
  created_at: string;
  used_at: string | null;
}
export interface VoucherSimCertificateTable {
  id: Id;
  poi_id: string;
  order_id: string;
  certificate_id: string;
  code: string;
  encrypted_code: string;
  sku_id: string;
  sku_title: string;
  groupon_type: number;
  original_fen: number;
  pay_fen: number;
  start_time: string;
  expire_time: string;
  status: 'unused' | 'used';
  behaviour: 'ok' | 'fail' | 'timeout' | 'unclear';
  verify_id: string | null;
  verify_time: string | null;
}
/** Migration 3210: a daily job's day taken by one process (finished_at null while it runs). */
export interface JobRunTable {
  job: string;
  run_day: string;
  started_at: string;
  finished_at: string | null;
}
/** Migration 3401: a menu entry (by its key in menu-sync.ts) a tenant has been offered. */
export interface MenuOfferTable {
  tenant_id: number;
  item_key: string;
  offered_at: string;
}
export interface Database extends TicketTables, LectureTables, HandTables, CardAdminTables, BookingTables, CourseTables {
  job_run: JobRunTable;
  menu_offer: MenuOfferTable;
  tenant: TenantTable;
  tenant_setting: TenantSettingTable;
  tenant_service: TenantServiceTable;
  global_setting: GlobalSettingTable;
  center: CenterTable;
  venue: VenueTable;
  sport_item: SportItemTable;
  venue_item: VenueItemTable;
  venue_closure: VenueClosureTable;
  role: RoleTable;
  menu: MenuTable;
  role_menu: RoleMenuTable;
  users: UserTable;
  user_role: UserRoleTable;
  user_venue: UserVenueTable;
  dict: DictTable;
  dict_detail: DictDetailTable;
  session: SessionTable;
  login_failure: LoginFailureTable;
  captcha: CaptchaTable;
  server_secret: ServerSecretTable;
  goods_classification: GoodsClassificationTable;
  warehouse: WarehouseTable;
  warehouse_venue: WarehouseVenueTable;
  goods: GoodsTable;
  goods_stock: GoodsStockTable;
  stock_movement: StockMovementTable;
  supplier: SupplierTable;
  stock_in: StockInTable;
  stock_in_line: StockInLineTable;
  catalog_version: CatalogVersionTable;
  member_type: MemberTypeTable;
  member: MemberTable;
  member_family: MemberFamilyTable;
  card_type: CardTypeTable;
  card_type_item: CardTypeItemTable;
  card: CardTable;
  card_consume: CardConsumeTable;
  card_recharge_rule: CardRechargeRuleTable;
  card_order: CardOrderTable;
  card_state_log: CardStateLogTable;
  blacklist: BlacklistTable;
  card_count_slot: CardCountSlotTable;
  payment_method: PaymentMethodTable;
  payment_method_venue: PaymentMethodVenueTable;
  print_config: PrintConfigTable;
  sale_order: SaleOrderTable;
  sale_order_line: SaleOrderLineTable;
  pay_record: PayRecordTable;
  pay_sim_trade: PaySimTradeTable;
  order_refund: OrderRefundTable;
  order_refund_line: OrderRefundLineTable;
  order_refund_pay: OrderRefundPayTable;
  pay_sim_refund: PaySimRefundTable;
  gate_area: GateAreaTable;
  voucher_config: VoucherConfigTable;
  app_install: AppInstallTable;
  pay_channel_config: PayChannelConfigTable;
  pay_reconcile: PayReconcileTable;
  pay_reconcile_diff: PayReconcileDiffTable;
  coupon_verification: CouponVerificationTable;
  voucher_sim_certificate: VoucherSimCertificateTable;
  voucher_prepare: VoucherPrepareTable;
  gate_controller: GateControllerTable;
  gate: GateTable;
  gate_card_type: GateCardTypeTable;
  gate_user: GateUserTable;
  gate_command: GateCommandTable;
  gate_pass: GatePassTable;
  gate_card_push: GateCardPushTable;
  rules_version: RulesVersionTable;
  ticket_rules_version: RulesVersionTable;
  audit_log: AuditLogTable;
  board_version: BoardVersionTable;
  board_revenue_day: BoardRevenueDayTable;
  board_revenue_done: BoardRevenueDoneTable;
  board_goods_day: BoardGoodsDayTable;
  board_card_use_day: BoardCardUseDayTable;
  board_figure_done: BoardFigureDoneTable;
  lease_goods: LeaseGoodsTable;
  lease_order: LeaseOrderTable;
  lease_order_line: LeaseOrderLineTable;
  coupon: CouponTable;
  coupon_venue: CouponVenueTable;
  member_coupon: MemberCouponTable;
}

// ---- Issue 14: the version of a tenant's rules, grants and payment methods (bumped by triggers on their tables) ----
export interface RulesVersionTable {
  tenant_id: number;
  version: number;
}

export type MenuRecord = Selectable<MenuTable>;
export type NewMenu = Insertable<MenuTable>;
export type UserRecord = Selectable<UserTable>;

// ---- Issue 15: the audit log (操作日志), append-only ----
export interface AuditLogTable {
  id: Generated<number>;
  tenant_id: number;
  venue_id: number | null;
  user_id: number | null;
  username: string;
  action: string;
  target: string;
  before_json: string | null;
  after_json: string | null;
  client_ip: Generated<string>;
  created_at: string;
}

// ---- Issue 21: bumped by triggers on the rows that move a board (SQLite; PostgreSQL notifies instead) ----
export interface BoardVersionTable {
  tenant_id: number;
  version: number;
}
/**
 * The revenue board's closed days (before today, China time), per order kind: I money paid and R money
 * refunded per venue and pay method, O orders paid per venue (amount: fen, or orders). A day is summed
 * once, when a board first asks for it; a write that lands on a closed day drops its rows (triggers).
 */
export interface BoardRevenueDayTable {
  tenant_id: number;
  day: string;
  order_type: string;
  part: 'I' | 'R' | 'O';
  venue_id: number;
  pay_mode: string;
  pay_name: string;
  amount: number;
}
/** The closed days of an order kind that board_revenue_day holds. */
export interface BoardRevenueDoneTable {
  tenant_id: number;
  day: string;
  order_type: string;
}
/** Migration 1951: units kept and their money per closed day, venue and goods (the cockpit's top goods). */
export interface BoardGoodsDayTable {
  tenant_id: number;
  day: string;
  venue_id: number;
  goods_id: number;
  goods_name: string;
  quantity: number;
  amount: number;
}
/** Migration 1951: what stored-value cards paid per closed day and venue (0: none), less its refunds. */
export interface BoardCardUseDayTable {
  tenant_id: number;
  day: string;
  venue_id: number;
  amount: number;
}
/** Migration 1951: a figure's (goods, cardUse) closed day summed. */
export interface BoardFigureDoneTable {
  tenant_id: number;
  figure: string;
  day: string;
}
