import { course, courseAdmin, type CallBody } from '@venue/contract';
import { expect } from 'vitest';
import { addField, itemId, VENUE } from './booking.helpers.ts';
import type { Client } from './client.ts';
import type { Server } from './harness.ts';

export { VENUE };
const tag = () => Math.random().toString(36).slice(2, 7);

/** Data of a successful call, or the test fails with its message. */
export async function ok<T>(reply: Promise<{ body: { code: number; msg: string; data: T | null } }>): Promise<T> {
  const { body } = await reply;
  if (body.code !== 200) throw new Error(`${body.code} ${body.msg}`);
  return body.data as T;
}

/** A field, a coach and a group course of 乒乓球 at 城东羽毛球馆 (the demo has no 乒乓球 fields): each test its own. */
export async function setup(server: Server, as: Client = server.admin, over: Partial<CallBody<typeof courseAdmin.courseAdd>> = {}) {
  const item = await itemId(server);
  const field = await addField(as, item, { fieldName: `课场${tag()}` });
  const coach = await ok(as.call(courseAdmin.coachAdd, { body: { venueId: VENUE, coachName: `王${tag()}`, hourlyRate: 150, itemIds: [item] } }));
  const made = await ok(
    as.call(courseAdmin.courseAdd, {
      body: {
        venueId: VENUE,
        itemId: item,
        courseName: `少儿乒乓球${tag()}`,
        category: 'G',
        lessons: 12,
        price: 1200,
        validDays: 90,
        ageMin: 6,
        ageMax: 16,
        coachIds: [coach.coachId],
        ...over,
      },
    }),
  );
  return { item, field, coach, course: made };
}

type ClassBody = CallBody<typeof courseAdmin.classAdd>;
export const addClass = (as: Client, body: Partial<ClassBody> & Pick<ClassBody, 'courseId' | 'coachId' | 'fieldId' | 'startDate'>) =>
  as.call(courseAdmin.classAdd, {
    body: { className: `班${tag()}`, capacity: 10, weeks: 2, weekdays: [1, 2, 3, 4, 5, 6, 7], beginTime: '10:00', endTime: '11:30', ...body },
  });

/** The sessions of a class, in date order. */
export const sessionsOf = async (as: Client, classId: number) => ok(as.call(courseAdmin.sessionQuery, { query: { classId } }));

/** A member with a child on their archive (a family row of relation 其他), and another member. */
export async function family(server: Server, skip = 0) {
  const rows = await server.db
    .selectFrom('member_family as f')
    .innerJoin('member as m', 'm.id', 'f.member_id')
    .select(['f.id as familyId', 'f.name as childName', 'm.id as memberId', 'm.name as memberName'])
    .where('f.tenant_id', '=', 1)
    .where('f.relation', '=', 'O')
    .orderBy('f.id')
    .execute();
  return rows[skip % rows.length];
}

/** Demo members (tenant 1) by order, for students of their own. */
export async function members(server: Server, n: number, skip = 40) {
  return server.db.selectFrom('member').select(['id', 'name']).where('tenant_id', '=', 1).orderBy('id').offset(skip).limit(n).execute();
}

export async function enrolPaid(as: Client, body: CallBody<typeof course.enrol>) {
  const e = await ok(as.call(course.enrol, { body }));
  expect(e.state).toBe('P');
  const paid = await as.call(course.payOrder, { body: { orderId: e.orderId!, payMode: 'cashpay', money: e.price } });
  expect(paid.body.code).toBe(200);
  return ok(as.call(course.enrolmentGet, { query: { code: e.code } }));
}

/** The admin and cashier logged in again (after the clock moved past their tokens' day). */
export async function relogin(server: Server) {
  return {
    admin: server.api.as(await server.api.login('admin', 'admin123')),
    cashier: server.api.as(await server.api.login('cashier', 'cashier123')),
  };
}

export const ledgerOf = (server: Server, enrolmentId: number) =>
  server.db.selectFrom('course_lesson_ledger').select(['kind', 'lessons', 'balance_after']).where('enrolment_id', '=', enrolmentId).orderBy('id').execute();
