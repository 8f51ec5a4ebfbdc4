import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuditActor } from '../audit/index.ts';
import type { CourseAdminRepository } from './course-admin.repository.ts';
import type { CourseRepository } from './course.repository.ts';

/** An enrolment's QR code: K, then 20 random base-32 characters (unguessable, scanner friendly). */
export const newEnrolmentCode = () => {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return 'K' + [...randomBytes(20)].map((b) => alphabet[b % 32]).join('');
};

export type Actor = AuditActor & { userId: number };
interface CourseOfOrder {
  id: number;
  venue_id: number;
  item_id: number;
  name: string;
  lessons: number;
  price_fen: number;
}

/**
 * A class's seats: an enrolment holding one (A, or P waiting for its payment) counts against the
 * capacity; a full class puts the next on its waiting list (W). Every writer of a class's seats locks
 * its row first, so the count and the write are one at a time. A seat that frees is offered to the
 * waiting list in order: the first waiting becomes P with its order, to be paid at the desk.
 */
export class CourseSeats {
  constructor(
    private readonly admin: CourseAdminRepository,
    private readonly repo: CourseRepository,
    private readonly clock: Clock,
  ) {}

  /** The unpaid order of an enrolment's lessons (one line: the course's price for its lessons). */
  async order(trx: Executor, actor: Actor, course: CourseOfOrder, memberId: number, enrolmentId: number, studentName: string) {
    return this.repo.insertOrder(
      trx,
      {
        tenant_id: actor.tenantId,
        venue_id: course.venue_id,
        member_id: memberId,
        order_state: 'P',
        pay_state: 'U',
        price_pay_fen: course.price_fen,
        pay_mode: null,
        pay_lock: null,
        pay_lock_until: null,
        paid_at: null,
        course_id: course.id,
        item_id: course.item_id,
        created_by: actor.userId,
        username: actor.username,
        created_at: this.clock.now().toISOString(),
      },
      { tenant_id: actor.tenantId, course_id: course.id, name: `${course.name}（${studentName}）`, quantity: course.lessons, price_fen: course.price_fen },
      enrolmentId,
    );
  }

  /** Offers the class's free seats to its waiting list, in order (inside a transaction that locked the class). Answers the enrolments offered. */
  async promote(trx: Executor, actor: Actor, classId: number | null): Promise<number[]> {
    if (!classId) return [];
    const klass = await this.admin.lockClass(trx, actor.tenantId, classId);
    if (!klass || klass.state !== 'A') return [];
    const course = await this.admin.course(actor.tenantId, klass.course_id, trx);
    if (!course) return [];
    let free = klass.capacity - (await this.admin.seated(actor.tenantId, classId, trx));
    const offered: number[] = [];
    while (free > 0) {
      const next = await this.repo.firstWaiting(trx, actor.tenantId, classId);
      if (!next) break;
      await this.repo.setState(trx, actor.tenantId, next.id, ['W'], { state: 'P', lessons_left: 0 });
      await this.order(trx, actor, course, next.member_id, next.id, next.student_name);
      offered.push(next.id);
      free--;
    }
    return offered;
  }
}
