import type { Generated } from 'kysely';
import type { EnabledState } from './column-codes.ts';

type Id = Generated<number>;

// ---- Issue 15: marketing coupons (the venue's own) ----
/** A coupon definition: A takes amount_fen off, D charges discount per mille; dates are Asia/Shanghai days. */
export interface CouponTable {
  id: Id;
  tenant_id: number;
  name: string;
  coupon_type: 'A' | 'D';
  amount_fen: number | null;
  discount: number | null;
  min_spend_fen: number;
  begin_date: string;
  end_date: string;
  total_quantity: number;
  /** Issued and not revoked; never above total_quantity (a check and the issuing UPDATE's condition). */
  issued_quantity: Generated<number>;
  per_member_limit: number;
  state: EnabledState;
  remark: Generated<string>;
  created_by: number;
  created_at: string;
}
export interface CouponVenueTable {
  id: Id;
  tenant_id: number;
  coupon_id: number;
  venue_id: number;
}
/** One coupon held by a member: U unused, D used, R revoked (expired is U past the coupon's end date). */
export interface MemberCouponTable {
  id: Id;
  tenant_id: number;
  coupon_id: number;
  member_id: number;
  code: string;
  state: 'U' | 'D' | 'R';
  remark: Generated<string>;
  issued_by: number;
  issued_by_name: string;
  issued_at: string;
  used_at: Generated<string | null>;
  used_venue_id: Generated<number | null>;
  used_order_no: Generated<string | null>;
  revoked_at: Generated<string | null>;
  revoked_by_name: Generated<string | null>;
  revoke_reason: Generated<string | null>;
}
