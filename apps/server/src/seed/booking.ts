import { addChinaDays, chinaDate, chinaInstant } from '@venue/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import type { SeedContext } from '../modules/module.ts';

/** Demo slip codes: BDEMO1X0001 … (tenant 1's first is a paid court booking of today's evening). */
export const bookingDemoCode = (tenantId: number, n: number) => `BDEMO${tenantId}X${String(n).padStart(4, '0')}`;

async function itemId(db: Kysely<Database>, tenantId: number, name: string) {
  return (await db.selectFrom('sport_item').select('id').where('tenant_id', '=', tenantId).where('name', '=', name).executeTakeFirst())?.id;
}

/**
 * Issue 35's demo: six badminton courts (F, an hour a slot, 08:00-22:00 at 40 元, 18:00 on and weekends
 * 60 元, 储值卡 members 35/50 元, a 羽毛球10次卡 pays 1 time a daytime slot, 2 in the evening and at
 * weekends) and a pool sold by heads (C, 40 a slot, 30 元 a head); a week of
 * bookings from today: paid court evenings (cash), a fixed Wednesday booking, a training occupancy (L)
 * and swimmers. Every order is paid or occupying: nothing for the auto-close job.
 */
export async function seedBooking({ db, tenantId, venueIds, firstUserId, nowIso }: SeedContext): Promise<void> {
  const courtVenue = venueIds.get('城东羽毛球馆');
  const poolVenue = venueIds.get('城东游泳馆');
  const badminton = await itemId(db, tenantId, '羽毛球');
  const swimming = await itemId(db, tenantId, '游泳');
  if (!courtVenue || !poolVenue || !badminton || !swimming) return;
  const seller = await db.selectFrom('users').select('username').where('id', '=', firstUserId).executeTakeFirstOrThrow();
  const card = await db.selectFrom('card_type').select('id').where('tenant_id', '=', tenantId).where('name', '=', '储值卡').executeTakeFirst();
  // The demo's times card (TIMES0001 is one): it covers 羽毛球, so its holder books a court by times.
  const timesCard = await db
    .selectFrom('card_type')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('name', '=', '羽毛球10次卡')
    .where('pay_type', '=', 'T')
    .executeTakeFirst();

  const courts = await db
    .insertInto('booking_field')
    .values(
      [1, 2, 3, 4, 5, 6].map((n) => ({
        tenant_id: tenantId,
        venue_id: courtVenue,
        item_id: badminton,
        name: `${n}号场`,
        sort: n,
        state: 'A' as const,
        sale_mode: 'F' as const,
        capacity: 1,
        slot_minutes: 60,
        created_at: nowIso,
      })),
    )
    .returning(['id', 'name'])
    .execute();
  const [pool] = await db
    .insertInto('booking_field')
    .values({
      tenant_id: tenantId,
      venue_id: poolVenue,
      item_id: swimming,
      name: '标准池',
      sort: 1,
      state: 'A',
      sale_mode: 'C',
      capacity: 40,
      slot_minutes: 60,
      created_at: nowIso,
    })
    .returning(['id', 'name'])
    .execute();
  const rule = async (
    venue: number,
    item: number,
    name: string,
    weekdays: string,
    begin: string,
    end: string,
    fen: number,
    memberFen?: number,
    times?: number,
  ) => {
    const { id } = await db
      .insertInto('booking_price')
      .values({ tenant_id: tenantId, venue_id: venue, item_id: item, name, weekdays, begin_time: begin, end_time: end, price_fen: fen, created_at: nowIso })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (card && memberFen !== undefined)
      await db.insertInto('booking_price_member').values({ tenant_id: tenantId, rule_id: id, card_type_id: card.id, price_fen: memberFen }).execute();
    if (timesCard && times !== undefined)
      // A times card type's entry is times a cell, kept where a price is (as its cards' balance is times).
      await db.insertInto('booking_price_member').values({ tenant_id: tenantId, rule_id: id, card_type_id: timesCard.id, price_fen: times }).execute();
  };
  await rule(courtVenue, badminton, '平日白天', '1,2,3,4,5', '08:00', '18:00', 4000, 3500, 1);
  await rule(courtVenue, badminton, '平日晚间', '1,2,3,4,5', '18:00', '22:00', 6000, 5000, 2);
  await rule(courtVenue, badminton, '周末', '6,7', '08:00', '22:00', 6000, 5000, 2);
  await rule(poolVenue, swimming, '游泳', '1,2,3,4,5,6,7', '08:00', '22:00', 3000);

  const today = chinaDate(Date.parse(nowIso));
  let n = 0;
  const order = async (
    type: 'R' | 'L',
    venue: number,
    item: number,
    cells: { field: { id: number; name: string }; day: number; begin: string; heads?: number; fen: number; exclusive: boolean }[],
    contact: [string, string],
    remark = '',
  ) => {
    const total = cells.reduce((sum, c) => sum + c.fen * (c.heads ?? 1), 0);
    const { id } = await db
      .insertInto('booking_order')
      .values({
        tenant_id: tenantId,
        venue_id: venue,
        item_id: item,
        member_id: null,
        card_id: null,
        order_type: type,
        code: bookingDemoCode(tenantId, ++n),
        order_state: 'A',
        pay_state: 'P',
        price_pay_fen: total,
        pay_mode: type === 'R' ? 'cashpay' : null,
        pay_lock: null,
        pay_lock_until: null,
        paid_at: nowIso,
        contact_name: contact[0],
        phone: contact[1],
        remark,
        weeks: 1,
        created_by: firstUserId,
        username: seller.username,
        created_at: nowIso,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('booking_line')
      .values(
        cells.map((c) => {
          const date = addChinaDays(today, c.day);
          const end = `${String(Number(c.begin.slice(0, 2)) + 1).padStart(2, '0')}:00`;
          return {
            tenant_id: tenantId,
            order_id: id,
            field_id: c.field.id,
            field_name: c.field.name,
            use_date: date,
            begin_time: c.begin,
            end_time: end,
            ends_at: chinaInstant(date, end).toISOString(),
            quantity: c.heads ?? 1,
            price_fen: c.fen,
            paid_fen: c.fen * (c.heads ?? 1),
            state: 'A' as const,
            exclusive: c.exclusive ? 1 : 0,
            void_kind: null,
            voided_at: null,
            checked_by: null,
            checked_at: null,
          };
        }),
      )
      .execute();
    for (const cell of cells.filter((c) => !c.exclusive))
      await db
        .insertInto('booking_heads')
        .values({ tenant_id: tenantId, field_id: cell.field.id, use_date: addChinaDays(today, cell.day), begin_time: cell.begin, sold: cell.heads ?? 1 })
        .onConflict((oc) => oc.columns(['field_id', 'use_date', 'begin_time']).doUpdateSet({ sold: sql<number>`booking_heads.sold + ${cell.heads ?? 1}` }))
        .execute();
    if (type === 'R')
      await db
        .insertInto('pay_record')
        .values({
          tenant_id: tenantId,
          order_type: 'FIELD',
          order_id: id,
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
          venue_id: venue,
        })
        .execute();
  };
  const court = (i: number) => courts[i];
  // A week of court evenings (peak price on weekdays and weekends alike: 60 元).
  for (let day = 0; day < 7; day++) {
    await order(
      'R',
      courtVenue,
      badminton,
      [
        { field: court(day % 6), day, begin: '19:00', fen: 6000, exclusive: true },
        { field: court(day % 6), day, begin: '20:00', fen: 6000, exclusive: true },
      ],
      ['王先生', '13700000001'],
    );
  }
  await order(
    'R',
    courtVenue,
    badminton,
    [1, 2].map((i) => ({ field: court(i), day: 2, begin: '18:00', fen: 6000, exclusive: true })),
    ['羽协俱乐部', '13700000002'],
  );
  await order(
    'L',
    courtVenue,
    badminton,
    [4, 5].flatMap((i) => ['09:00', '10:00'].map((begin) => ({ field: court(i), day: 1, begin, fen: 0, exclusive: true }))),
    ['', ''],
    '校队训练',
  );
  for (let day = 0; day < 7; day++) {
    await order('R', poolVenue, swimming, [{ field: pool, day, begin: '18:00', heads: 3 + day, fen: 3000, exclusive: false }], ['李女士', '13700000003']);
  }
}
