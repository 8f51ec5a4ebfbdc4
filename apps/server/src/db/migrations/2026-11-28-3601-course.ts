import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { payColumns, tenantTable } from './helpers.ts';

const oneOf = (column: string, values: string[]) => sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

/**
 * Issue 36, 课程培训: coaches and the items they teach, courses (group G or private P) and their
 * coaches, classes (a term of a group course on a booking field) and their sessions, enrolments of
 * members or their family members, the lesson ledger, attendance, and course orders paid through the
 * checkout (order type COURSE).
 *
 * A session occupies its field through the class's L booking order (booking_line_cell_uq keeps the
 * cells single); a coach is never double-scheduled: the class's writer locks the coach row and checks
 * its sessions in the same transaction. An enrolment's lessons never go below zero (the check, and
 * every take is a conditional update); a student has at most one attendance of a session (the unique
 * key), so signing twice, or the absence job racing a sign-in, writes one row.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await tenantTable(db, engine, 'course_coach')
    .addColumn('venue_id', 'integer', (c) => c.notNull().references('venue.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('kind', 'text', (c) => c.notNull().check(oneOf('kind', ['S', 'O'])))
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('hourly_rate_fen', 'integer', (c) => c.notNull().check(sql`hourly_rate_fen >= 0`))
    .addColumn('state', 'text', (c) => c.notNull().check(oneOf('state', ['A', 'D'])))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('course_coach_name_uq', ['tenant_id', 'venue_id', 'name'])
    .execute();
  await tenantTable(db, engine, 'course_coach_item')
    .addColumn('coach_id', 'integer', (c) => c.notNull().references('course_coach.id'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('sport_item.id'))
    .addUniqueConstraint('course_coach_item_uq', ['coach_id', 'item_id'])
    .execute();

  await tenantTable(db, engine, 'course')
    .addColumn('venue_id', 'integer', (c) => c.notNull().references('venue.id'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('sport_item.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull().check(oneOf('category', ['G', 'P'])))
    .addColumn('lessons', 'integer', (c) => c.notNull().check(sql`lessons >= 1`))
    .addColumn('price_fen', 'integer', (c) => c.notNull().check(sql`price_fen >= 0`))
    .addColumn('valid_days', 'integer', (c) => c.notNull().check(sql`valid_days >= 1`))
    .addColumn('age_min', 'integer')
    .addColumn('age_max', 'integer')
    .addColumn('lesson_minutes', 'integer', (c) => c.notNull().defaultTo(60))
    .addColumn('state', 'text', (c) => c.notNull().check(oneOf('state', ['A', 'D'])))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('course_name_uq', ['tenant_id', 'venue_id', 'name'])
    .execute();
  await tenantTable(db, engine, 'course_coach_link')
    .addColumn('course_id', 'integer', (c) => c.notNull().references('course.id'))
    .addColumn('coach_id', 'integer', (c) => c.notNull().references('course_coach.id'))
    .addUniqueConstraint('course_coach_link_uq', ['course_id', 'coach_id'])
    .execute();

  await tenantTable(db, engine, 'course_class')
    .addColumn('venue_id', 'integer', (c) => c.notNull().references('venue.id'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('course.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('coach_id', 'integer', (c) => c.notNull().references('course_coach.id'))
    .addColumn('field_id', 'integer', (c) => c.notNull().references('booking_field.id'))
    .addColumn('capacity', 'integer', (c) => c.notNull().check(sql`capacity >= 1`))
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('weeks', 'integer', (c) => c.notNull())
    .addColumn('weekdays', 'text', (c) => c.notNull())
    .addColumn('begin_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(oneOf('state', ['A', 'F', 'C'])))
    .addColumn('occupancy_order_id', 'integer', (c) => c.references('booking_order.id'))
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('course_class_name_uq', ['course_id', 'name'])
    .execute();
  await db.schema.createIndex('course_class_venue_idx').on('course_class').columns(['tenant_id', 'venue_id', 'state']).execute();

  await tenantTable(db, engine, 'course_session')
    .addColumn('class_id', 'integer', (c) => c.notNull().references('course_class.id'))
    .addColumn('coach_id', 'integer', (c) => c.notNull().references('course_coach.id'))
    .addColumn('field_id', 'integer', (c) => c.notNull().references('booking_field.id'))
    .addColumn('use_date', 'text', (c) => c.notNull())
    .addColumn('begin_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(oneOf('state', ['A', 'D', 'C'])))
    .addColumn('cancel_reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('course_session_class_idx').on('course_session').columns(['class_id', 'use_date']).execute();
  await db.schema.createIndex('course_session_coach_idx').on('course_session').columns(['coach_id', 'use_date']).execute();
  await db.schema.createIndex('course_session_field_idx').on('course_session').columns(['field_id', 'use_date']).execute();
  await db.schema.createIndex('course_session_day_idx').on('course_session').columns(['tenant_id', 'use_date']).execute();
  await db.schema.createIndex('course_session_state_idx').on('course_session').columns(['state', 'ends_at']).execute();

  await payColumns(tenantTable(db, engine, 'course_order'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('course.id'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('sport_item.id'))
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('refund_type', 'text', (c) => c.notNull().defaultTo('U'))
    .addColumn('refunded_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('course_order_venue_idx').on('course_order').columns(['tenant_id', 'venue_id', 'created_at']).execute();
  await db.schema.createIndex('course_order_unpaid_idx').on('course_order').columns(['tenant_id', 'pay_state', 'created_at']).execute();

  await tenantTable(db, engine, 'course_enrolment')
    .addColumn('venue_id', 'integer', (c) => c.notNull().references('venue.id'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('course.id'))
    .addColumn('class_id', 'integer', (c) => c.references('course_class.id'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id'))
    .addColumn('family_id', 'integer')
    .addColumn('student_name', 'text', (c) => c.notNull())
    .addColumn('student_birthday', 'text')
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.references('course_order.id'))
    .addColumn('lessons_total', 'integer', (c) => c.notNull().check(sql`lessons_total >= 0`))
    .addColumn('lessons_left', 'integer', (c) => c.notNull().check(sql`lessons_left >= 0`))
    .addColumn('valid_until', 'text')
    .addColumn('state', 'text', (c) => c.notNull().check(oneOf('state', ['P', 'A', 'W', 'T', 'R', 'E', 'C'])))
    .addColumn('from_enrolment_id', 'integer', (c) => c.references('course_enrolment.id'))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('course_enrolment_code_uq', ['code'])
    .execute();
  await db.schema.createIndex('course_enrolment_class_idx').on('course_enrolment').columns(['class_id', 'state']).execute();
  await db.schema.createIndex('course_enrolment_member_idx').on('course_enrolment').columns(['tenant_id', 'member_id', 'state']).execute();
  await db.schema.createIndex('course_enrolment_venue_idx').on('course_enrolment').columns(['tenant_id', 'venue_id', 'state']).execute();
  await db.schema.createIndex('course_enrolment_order_idx').on('course_enrolment').columns(['order_id']).execute();

  await tenantTable(db, engine, 'course_order_line')
    .addColumn('order_id', 'integer', (c) => c.notNull().references('course_order.id'))
    .addColumn('enrolment_id', 'integer', (c) => c.notNull().references('course_enrolment.id'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('course.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
    .addColumn('refunded_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('price_fen', 'integer', (c) => c.notNull().check(sql`price_fen >= 0`))
    .addColumn('paid_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('course_order_line_order_idx').on('course_order_line').columns(['tenant_id', 'order_id']).execute();
  await db.schema.createIndex('course_order_line_enrolment_idx').on('course_order_line').columns(['enrolment_id']).execute();

  await tenantTable(db, engine, 'course_lesson_ledger')
    .addColumn('enrolment_id', 'integer', (c) => c.notNull().references('course_enrolment.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(oneOf('kind', ['BUY', 'TAKE', 'LEAVE_BACK', 'TRANSFER_OUT', 'TRANSFER_IN', 'REFUND', 'ADJUST'])))
    .addColumn('lessons', 'integer', (c) => c.notNull())
    .addColumn('balance_after', 'integer', (c) => c.notNull().check(sql`balance_after >= 0`))
    .addColumn('session_id', 'integer', (c) => c.references('course_session.id'))
    .addColumn('order_id', 'integer', (c) => c.references('course_order.id'))
    .addColumn('coach_id', 'integer', (c) => c.references('course_coach.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('course_ledger_enrolment_idx').on('course_lesson_ledger').columns(['enrolment_id', 'id']).execute();
  await db.schema.createIndex('course_ledger_time_idx').on('course_lesson_ledger').columns(['tenant_id', 'created_at']).execute();

  await tenantTable(db, engine, 'course_attendance')
    .addColumn('session_id', 'integer', (c) => c.notNull().references('course_session.id'))
    .addColumn('enrolment_id', 'integer', (c) => c.notNull().references('course_enrolment.id'))
    .addColumn('state', 'text', (c) => c.notNull().check(oneOf('state', ['S', 'L', 'A', 'M'])))
    .addColumn('ledger_id', 'integer', (c) => c.references('course_lesson_ledger.id'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('course_attendance_uq', ['session_id', 'enrolment_id'])
    .execute();
  await db.schema.createIndex('course_attendance_enrolment_idx').on('course_attendance').columns(['enrolment_id']).execute();
}
