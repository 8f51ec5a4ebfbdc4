import { randomBytes } from 'node:crypto';
import { Code, fenToYuan, lecture, MAX_TOTAL_FEN, member, sale, totalTooLarge, yuanToFen, type BodyOut, type QueryOut, chinaText } from '@venue/contract';
import { iso, type Clock } from '../../lib/clock.ts';
import { alreadyExists, BizError, notFound, refuse } from '../../lib/errors.ts';
import { pageWindow } from '../../lib/paging.ts';
import { assertVenue, inUserVenues, type UserSession } from '../../plugins/session.ts';
import type { AuditService } from '../audit/index.ts';
import { venueClock } from '../ticket/ticket-rules.ts';
import type { LectureOrderRow, LectureRepository, LectureRow, ParticipantRow } from './lecture.repository.ts';

type Fields = BodyOut<typeof lecture.add>;
export const LECTURE_MISSING = '讲座不存在';
export const ORDER_MISSING = '讲座订单不存在';

/** A participant's ticket code: L, then 20 random base-32 characters (unguessable, scanner friendly). */
const newCode = () => {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return 'L' + [...randomBytes(20)].map((b) => alphabet[b % 32]).join('');
};

const toUser = (p: ParticipantRow): lecture.LectureUser => ({
  userId: p.id,
  userName: p.user_name,
  phone: p.phone,
  state: p.state,
  price: fenToYuan(p.price_fen),
  ticketCode: p.code,
  useBeginDate: p.begin_date,
  useEndDate: p.end_date,
  useBeginTime: p.begin_time,
  useEndTime: p.end_time,
});

/**
 * Why a participant cannot enter now (in the venue's time zone), or null: to be used (A), on a day of
 * its session (both ends included) and before the session's end time on its last day.
 */
export function lectureRefusal(p: Pick<ParticipantRow, 'state' | 'begin_date' | 'end_date' | 'end_time'>, now: Date): string | null {
  if (p.state === 'U') return lecture.LECTURE_MSG.used;
  if (p.state === 'P') return '订单未支付，不能核销';
  if (p.state !== 'A') return '票据不可用（已作废）';
  const c = venueClock(now);
  if (c.date < p.begin_date) return `讲座未开始（${p.begin_date}起可核销）`;
  if (c.date > p.end_date || (c.date === p.end_date && c.time >= p.end_time)) return `讲座已结束（${p.end_date} ${p.end_time}止）`;
  return null;
}

/** 讲座: lectures with sessions and ticket types, sign-ups (orders paid at the till) and their verification. */
export class LectureService {
  constructor(
    private readonly repo: LectureRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  private async toLectures(tenantId: number, rows: LectureRow[]): Promise<lecture.Lecture[]> {
    const ids = rows.map((r) => r.id);
    const [sessions, tickets] = await Promise.all([this.repo.sessions(tenantId, ids), this.repo.tickets(tenantId, ids)]);
    return rows.map((r) => ({
      lectureId: r.id,
      lectureName: r.name,
      speaker: r.speaker,
      venueId: r.venue_id,
      venueName: r.venue_name,
      state: r.state,
      sessions: sessions
        .filter((s) => s.lecture_id === r.id)
        .map((s) => ({
          sessionId: s.id,
          useBeginDate: s.begin_date,
          useEndDate: s.end_date,
          useBeginTime: s.begin_time,
          useEndTime: s.end_time,
          capacity: s.capacity,
          sold: s.sold,
        })),
      tickets: tickets.filter((t) => t.lecture_id === r.id).map((t) => ({ ticketId: t.id, ticketName: t.name, price: fenToYuan(t.price_fen) })),
    }));
  }

  async page(s: UserSession, q: QueryOut<typeof lecture.query>) {
    const { total, records } = await this.repo.page(
      s.tenantId,
      { visible: inUserVenues(s, 'l.venue_id'), name: q.lectureName, venueId: q.venueId, state: q.state },
      pageWindow(q),
    );
    return { total, records: await this.toLectures(s.tenantId, records) };
  }

  async forSale(s: UserSession, venueId: number) {
    assertVenue(s, venueId);
    const today = venueClock(this.clock.now()).date;
    const found = await this.toLectures(s.tenantId, await this.repo.forSale(s.tenantId, venueId, today));
    return found.map((l) => ({ ...l, sessions: l.sessions.filter((x) => x.useEndDate >= today) }));
  }

  async get(s: UserSession, lectureId: number) {
    const [row] = await this.repo.lectures(s.tenantId, [lectureId]);
    if (!row) throw notFound(LECTURE_MISSING);
    assertVenue(s, row.venue_id);
    return (await this.toLectures(s.tenantId, [row]))[0];
  }

  async save(s: UserSession, lectureId: number | null, f: Fields & { lectureId?: number }) {
    const before = lectureId === null ? undefined : await this.get(s, lectureId);
    assertVenue(s, f.venueId);
    if (!(await this.repo.venueExists(s.tenantId, f.venueId))) throw notFound('场馆不存在');
    for (const x of f.sessions) {
      if (x.useBeginDate > x.useEndDate) throw refuse('场次开始日期不能晚于结束日期');
      if (x.useBeginTime >= x.useEndTime) throw refuse(`场次 ${x.useBeginTime}-${x.useEndTime} 的开始时间应早于结束时间`);
      if (x.sessionId) {
        const old = before?.sessions.find((o) => o.sessionId === x.sessionId);
        if (!old) throw notFound('场次不存在');
        if (x.capacity < old.sold) throw refuse(`场次名额不能少于已报名人数（${old.sold}人）`);
      }
    }
    for (const t of f.tickets) if (t.ticketId && !before?.tickets.some((o) => o.ticketId === t.ticketId)) throw notFound('票种不存在');
    for (const old of before?.sessions ?? []) {
      if (old.sold > 0 && !f.sessions.some((x) => x.sessionId === old.sessionId)) throw refuse('已有报名的场次不能删除');
    }
    if (await this.repo.nameTaken(s.tenantId, f.venueId, f.lectureName, lectureId)) throw alreadyExists('该场馆已有同名讲座');
    const id = await this.repo.transaction(async (trx) => {
      const saved = await this.repo.saveLecture(
        trx,
        s.tenantId,
        lectureId,
        { venue_id: f.venueId, name: f.lectureName, speaker: f.speaker, state: f.state },
        f.sessions.map((x) => ({
          id: x.sessionId,
          begin_date: x.useBeginDate,
          end_date: x.useEndDate,
          begin_time: x.useBeginTime,
          end_time: x.useEndTime,
          capacity: x.capacity,
        })),
        f.tickets.map((t) => ({ id: t.ticketId, name: t.ticketName, price_fen: yuanToFen(t.price) })),
        iso(this.clock.now()),
      );
      await this.audit.record(trx, s, {
        action: lectureId === null ? 'lecture.add' : 'lecture.edit',
        target: `讲座 ${saved}`,
        venueId: f.venueId,
        before,
        after: f,
      });
      return saved;
    });
    return this.get(s, id);
  }

  // ---- Orders ----
  async createOrder(s: UserSession, b: BodyOut<typeof lecture.createOrder>) {
    assertVenue(s, b.venueId);
    if (b.memberId && !(await this.repo.memberExists(s.tenantId, b.memberId))) throw new BizError(Code.CARD_LOOKUP_FAILED, member.CARD_MESSAGES.notFound);
    const today = venueClock(this.clock.now()).date;
    const lectures = await this.forSale(s, b.venueId);
    const l = lectures.find((x) => x.sessions.some((y) => y.sessionId === b.sessionId));
    if (!l) throw notFound('场次不存在或已结束');
    const session = l.sessions.find((y) => y.sessionId === b.sessionId)!;
    const t = l.tickets.find((x) => x.ticketId === b.ticketId);
    if (!t) throw notFound('票种不存在');
    const priceFen = yuanToFen(t.price);
    const total = priceFen * b.users.length;
    if (total > MAX_TOTAL_FEN) throw refuse(totalTooLarge('订单总金额'));
    const nowIso = iso(this.clock.now());
    const orderId = await this.repo.transaction(async (trx) => {
      if (!(await this.repo.takeSeats(trx, s.tenantId, session.sessionId, b.users.length))) {
        const [fresh] = (await this.repo.sessions(s.tenantId, [l.lectureId], trx)).filter((x) => x.id === session.sessionId);
        throw refuse(lecture.LECTURE_MSG.full(fresh ? fresh.capacity - fresh.sold : 0));
      }
      return this.repo.insertOrder(
        trx,
        {
          tenant_id: s.tenantId,
          venue_id: b.venueId,
          member_id: b.memberId ?? null,
          order_state: 'P',
          pay_state: 'U',
          price_pay_fen: total,
          pay_mode: null,
          pay_lock: null,
          pay_lock_until: null,
          paid_at: null,
          lecture_id: l.lectureId,
          session_id: session.sessionId,
          ticket_id: t.ticketId,
          lecture_name: l.lectureName,
          ticket_name: t.ticketName,
          contact_phone: b.users[0].phone,
          created_by: s.userId,
          username: s.username,
          created_at: nowIso,
        },
        b.users.map((u) => ({
          tenant_id: s.tenantId,
          session_id: session.sessionId,
          code: newCode(),
          user_name: u.userName,
          phone: u.phone,
          state: 'P' as const,
          price_fen: priceFen,
          checked_by: null,
          checked_at: null,
        })),
      );
    });
    void today;
    return { orderId, orderState: 'P', payState: 'U', pricePay: fenToYuan(total) };
  }

  private async toOrders(
    tenantId: number,
    orders: (LectureOrderRow & { member_name: string | null; card_id: number | null })[],
  ): Promise<lecture.LectureOrder[]> {
    const users = await this.repo.participants(
      tenantId,
      orders.map((o) => o.id),
    );
    return orders.map((o) => ({
      orderId: o.id,
      orderState: o.order_state,
      payState: o.pay_state,
      pricePay: fenToYuan(o.price_pay_fen),
      venueId: o.venue_id,
      memberName: o.member_name,
      phone: o.contact_phone,
      cardId: o.card_id,
      lectureName: o.lecture_name,
      ticketName: o.ticket_name,
      createName: o.username,
      createTime: chinaText(new Date(o.created_at)),
      refundType: o.refund_type,
      refundedAmount: fenToYuan(o.refunded_fen),
      details: users.filter((u) => u.order_id === o.id).map(toUser),
    }));
  }

  async orderPage(s: UserSession, q: QueryOut<typeof lecture.orderQuery>) {
    const { total, records } = await this.repo.orderPage(s.tenantId, { visible: inUserVenues(s, 'o.venue_id'), orderId: q.orderId }, pageWindow(q));
    return { total, records: await this.toOrders(s.tenantId, records) };
  }

  /** 关闭 of an unpaid sign-up: its seats go back to the session (the same rules as a sale order's close). */
  async closeOrder(s: UserSession, orderId: number) {
    const order = await this.repo.findOrder(s.tenantId, orderId);
    if (!order) throw notFound(lecture.LECTURE_MSG.orderNotFound);
    assertVenue(s, order.venue_id);
    const answer = { orderId, orderState: 'C', payState: 'C' };
    if (order.pay_state === 'C' || (await this.repo.closeUnpaid(s.tenantId, { orderId })) > 0) return answer;
    const now = (await this.repo.findOrder(s.tenantId, orderId))!;
    if (now.pay_state === 'C') return answer;
    if (now.pay_state === 'N' || now.pay_lock) throw refuse(sale.CLOSE_PENDING_REFUSED);
    throw refuse(sale.CLOSE_PAID_REFUSED);
  }

  /** The auto-close job's part for sign-ups: the tenant's unpaid ones created before the cutoff. */
  closeUnpaidBefore(tenantId: number, cutoffIso: string) {
    return this.repo.closeUnpaid(tenantId, { createdBefore: cutoffIso });
  }

  /** The order a participant's ticket code or an order number names (spec 7 getLectureOrder). */
  async lookup(s: UserSession, code: string) {
    const orderId = await this.repo.orderOfCode(s.tenantId, code);
    const [order] = orderId ? await this.repo.ordersById(s.tenantId, [orderId]) : [];
    if (!order) throw new BizError(Code.NO_DATA, lecture.LECTURE_MSG.notFound);
    assertVenue(s, order.venue_id);
    return (await this.toOrders(s.tenantId, [order]))[0];
  }

  /**
   * Verifies participants of one order: each must be to be used and within its session's dates. Every
   * one is taken by a conditional update in one transaction: of two desks racing, one verifies and the
   * other is told 参会人已核销; nothing is written on a refusal.
   */
  async check(s: UserSession, orderId: number, userIds: number[]) {
    const ids = [...new Set(userIds)];
    const order = await this.repo.findOrder(s.tenantId, orderId);
    if (!order) throw new BizError(Code.NO_DATA, lecture.LECTURE_MSG.notFound);
    assertVenue(s, order.venue_id);
    const users = await this.repo.participants(s.tenantId, [order.id]);
    const now = this.clock.now();
    const chosen = ids.map((id) => {
      const u = users.find((x) => x.id === id);
      if (!u) throw refuse(lecture.LECTURE_MSG.notInOrder);
      const why = lectureRefusal(u, now);
      if (why) throw refuse(`${u.user_name}：${why}`);
      return u;
    });
    await this.repo.transaction(async (trx) => {
      for (const u of chosen) {
        if (!(await this.repo.takeUse(trx, s.tenantId, order.id, u.id, s.userId, iso(now)))) throw refuse(`${u.user_name}：${lecture.LECTURE_MSG.used}`);
      }
    });
    return { checked: chosen.length, orderId: order.id };
  }
}
