import { chinaDate } from '@venue/contract';
import type { SeedContext } from '../modules/module.ts';

const DAY = 24 * 3600_000;
const venueDate = (ms: number) => chinaDate(ms);
/** Demo participants' ticket codes: LDEMO1X0001 … (the first three are one paid order, to be used). */
export const lectureDemoCode = (tenantId: number, n: number) => `LDEMO${tenantId}X${String(n).padStart(4, '0')}`;

/**
 * A demo lecture of the first venue, running from today for 60 days all day, with two ticket types;
 * a paid order of three participants to be used (LDEMO1X0001-0003) and one already used (0004).
 */
export async function seedLectures({ db, tenantId, venueIds, firstUserId, nowIso }: SeedContext): Promise<void> {
  const venueId = [...venueIds.values()][0];
  if (!venueId) return;
  const seller = await db.selectFrom('users').select('username').where('id', '=', firstUserId).executeTakeFirstOrThrow();
  const now = Date.parse(nowIso);
  const { id: lectureId } = await db
    .insertInto('lecture')
    .values({ tenant_id: tenantId, venue_id: venueId, name: '青少年运动安全讲座', speaker: '王教练', state: 'A', created_at: nowIso })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: sessionId } = await db
    .insertInto('lecture_session')
    .values({
      tenant_id: tenantId,
      lecture_id: lectureId,
      begin_date: venueDate(now - DAY),
      end_date: venueDate(now + 60 * DAY),
      begin_time: '00:00',
      end_time: '23:59',
      capacity: 50,
      sold: 4,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('lecture_session')
    .values({
      tenant_id: tenantId,
      lecture_id: lectureId,
      begin_date: venueDate(now + 7 * DAY),
      end_date: venueDate(now + 7 * DAY),
      begin_time: '14:00',
      end_time: '16:00',
      capacity: 30,
    })
    .execute();
  const tickets = await db
    .insertInto('lecture_ticket')
    .values([
      { tenant_id: tenantId, lecture_id: lectureId, name: '成人票', price_fen: 2000 },
      { tenant_id: tenantId, lecture_id: lectureId, name: '学生票', price_fen: 1000 },
    ])
    .returning('id')
    .execute();
  const orders: { users: [string, string, 'A' | 'U'][] }[] = [
    {
      users: [
        ['张小明', '13800001111', 'A'],
        ['李小红', '13800002222', 'A'],
        ['王小刚', '13800003333', 'A'],
      ],
    },
    { users: [['赵老师', '13800004444', 'U']] },
  ];
  let n = 0;
  for (const o of orders) {
    const total = 2000 * o.users.length;
    const { id: orderId } = await db
      .insertInto('lecture_order')
      .values({
        tenant_id: tenantId,
        venue_id: venueId,
        member_id: null,
        order_state: 'A',
        pay_state: 'P',
        price_pay_fen: total,
        pay_mode: 'cashpay',
        pay_lock: null,
        pay_lock_until: null,
        paid_at: nowIso,
        lecture_id: lectureId,
        session_id: sessionId,
        ticket_id: tickets[0].id,
        lecture_name: '青少年运动安全讲座',
        ticket_name: '成人票',
        contact_phone: o.users[0][1],
        created_by: firstUserId,
        username: seller.username,
        created_at: nowIso,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('lecture_participant')
      .values(
        o.users.map(([name, phone, state]) => ({
          tenant_id: tenantId,
          order_id: orderId,
          session_id: sessionId,
          code: lectureDemoCode(tenantId, ++n),
          user_name: name,
          phone,
          state,
          price_fen: 2000,
          checked_by: state === 'U' ? firstUserId : null,
          checked_at: state === 'U' ? nowIso : null,
        })),
      )
      .execute();
    await db
      .insertInto('pay_record')
      .values({
        tenant_id: tenantId,
        order_type: 'LECTURE',
        order_id: orderId,
        attempt: 1,
        pay_mode: 'cashpay',
        pay_name: '现金',
        pay_type: null,
        card_id: null,
        consume_id: null,
        money_fen: total,
        out_trade_no: null,
        channel_trade_no: null,
        state: 'P',
        message: '',
        created_by: firstUserId,
        created_at: nowIso,
        paid_at: nowIso,
      })
      .execute();
  }
}
