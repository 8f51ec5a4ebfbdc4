import { chinaText } from '@venue/contract';
import type { Readable } from 'node:stream';
import { couponValueText, MEMBER_COUPON_STATE_LABELS, type MemberCoupon } from '@venue/contract/coupons';
import { streamXlsx, type XlsxColumn } from '../../lib/xlsx-stream.ts';

const when = (isoText: string | null) => (isoText ? chinaText(new Date(isoText)) : '');

const COLUMNS: XlsxColumn<MemberCoupon>[] = [
  ['券码', 18, (r) => r.code],
  ['优惠券', 20, (r) => r.couponName],
  ['优惠内容', 18, (r) => couponValueText(r)],
  ['有效期', 24, (r) => `${r.beginDate} 至 ${r.endDate}`],
  ['会员', 12, (r) => r.memberName],
  ['手机号', 14, (r) => r.phone],
  ['状态', 10, (r) => MEMBER_COUPON_STATE_LABELS[r.state]],
  ['发放时间', 20, (r) => when(r.issueTime)],
  ['发放人', 12, (r) => r.issueUserName],
  ['使用时间', 20, (r) => when(r.useTime)],
  ['使用场馆', 16, (r) => r.useVenueName ?? ''],
  ['使用订单', 20, (r) => r.useOrderNo ?? ''],
  ['作废时间', 20, (r) => when(r.revokeTime)],
  ['作废人', 12, (r) => r.revokeUserName ?? ''],
  ['作废原因', 24, (r) => r.revokeReason ?? ''],
  ['备注', 24, (r) => r.remark],
];

export const memberCouponsXlsx = (batches: AsyncIterable<MemberCoupon[]>): Readable => streamXlsx('领用记录', COLUMNS, batches);
