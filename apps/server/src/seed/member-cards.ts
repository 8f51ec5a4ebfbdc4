import type { Insertable, Kysely } from 'kysely';

import type { CardConsumeTable, CardTable, Database } from '../db/tables.ts';
import { DAY_MS } from '../lib/clock.ts';

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '秀英',
  '敏',
  '静',
  '丽',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '艳',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '秀兰',
  '霞',
  '平',
  '刚',
  '桂英',
  '建华',
  '文博',
  '子涵',
  '欣怡',
  '浩然',
  '梓萱',
  '宇轩',
  '雨桐',
  '俊杰',
  '诗涵',
  '晨曦',
  '一鸣',
  '思远',
  '佳怡',
  '志强',
  '海燕',
  '国庆',
  '晓东',
  '丹',
  '鑫',
  '婷',
  '博文',
  '嘉怡',
  '天佑',
  '若曦',
];
/** Given names of family members by relation: father, mother, other (a child). */
const FAMILY_GIVEN = { F: ['建国', '国强', '志明'], M: ['秀珍', '淑芬', '桂兰'], O: ['小宝', '子轩', '可馨'] } as const;
const relationOf = (i: number) => (['O', 'F', 'M'] as const)[i % 3];
const ID_AREAS = ['330102', '330106', '330108', '310101', '320102'];

/** A small deterministic random sequence, so every fresh demo database is the same. */
function sequence(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)],
  };
}

function idNumber(n: number, birthYear: number) {
  const body = `${ID_AREAS[n % ID_AREAS.length]}${birthYear}${String((n % 12) + 1).padStart(2, '0')}${String((n % 28) + 1).padStart(2, '0')}${String(100 + (n % 900)).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((s, d, i) => s + Number(d) * weights[i], 0);
  return body + '10X98765432'[sum % 11];
}

interface CardPlan {
  cardNo: string;
  member: string;
  type: string;
  state: CardTable['state'];
  opened: boolean;
  phy?: string;
  venue?: number | null;
  /** Ledger in stored units: OPEN first, then recharges and consumes (signed). */
  ledger: number[];
  beganDaysAgo?: number;
  endsInDays?: number | null;
  remark?: string;
}

/**
 * Demo members and cards. Well-known cards for tests and trainers (tenant 阳光体育, the demo tenant):
 * - VIP0001 储值卡 (M, 9折), A, opened, balance 500.00, member 张三 13800000001, physical card 1234567890
 * - VIP0002 李四 13800000002, not opened (isOpened F), balance 200.00
 * - VIP0003 王五 L (lost), VIP0004 赵六 R (returned), VIP0005 钱七 C (replaced)
 * - VIP0006 孙八 B, blacklisted (blacklist row FN)
 * - VIP0007 周九 expired (use_end yesterday: answers state E)
 * - TIMES0001 羽毛球10次卡 (T) with 10 times, YEAR0001 游泳年卡 (D), both 张三's, opened and valid
 * - VIP0008 (20.00) and VIP0009 (15.00), 储值卡（不打折）, both 吴十 13800000008's: two cards that together
 *   cover a small sale, or that a scan-code method tops up (composepay)
 * Then about 300 members with realistic names and phones, cards in every state and type, some not opened,
 * some blacklisted, some expired, a few with physical card ids, and family members for some. The ledger
 * of every card sums to its balance. Tenants other than the demo get a handful of cards of their own.
 */
export async function seedMemberCards(db: Kysely<Database>, tenantId: number, tenantCode: string, venues: Map<string, number>, userId: number, nowIso: string) {
  const now = new Date(nowIso).getTime();
  const daysAgo = (d: number) => new Date(now - d * DAY_MS).toISOString();
  const items = new Map((await db.selectFrom('sport_item').select(['id', 'name']).where('tenant_id', '=', tenantId).execute()).map((i) => [i.name, i.id]));
  const demo = tenantCode === 'demo';

  const memberTypes = await db
    .insertInto('member_type')
    .values(['普通会员', '银卡会员', '金卡会员', '学生会员'].map((name, i) => ({ tenant_id: tenantId, name, state: 'A', sort: i + 1 })))
    .returning(['id', 'name'])
    .execute();
  const typeSeeds = [
    { name: '储值卡', pay_type: 'M', price_fen: 50000, valid_days: 0, times: 0, discountable: 1, discount: 900, items: [] as string[] },
    { name: '储值卡（不打折）', pay_type: 'M', price_fen: 20000, valid_days: 0, times: 0, discountable: 0, discount: 1000, items: [] },
    { name: '羽毛球10次卡', pay_type: 'T', price_fen: 30000, valid_days: 180, times: 10, discountable: 0, discount: 1000, items: ['羽毛球'] },
    { name: '游泳年卡', pay_type: 'D', price_fen: 198000, valid_days: 365, times: 0, discountable: 0, discount: 1000, items: ['游泳'] },
    { name: '健身月卡', pay_type: 'D', price_fen: 30000, valid_days: 30, times: 0, discountable: 1, discount: 950, items: ['健身'] },
  ] as const;
  const cardTypes = new Map<string, { id: number; payType: string; validDays: number; times: number }>();
  for (const [i, t] of typeSeeds.entries()) {
    const { items: covered, ...values } = t;
    const { id } = await db
      .insertInto('card_type')
      .values({ tenant_id: tenantId, ...values, state: 'A', sort: i + 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    cardTypes.set(t.name, { id, payType: t.pay_type, validDays: t.valid_days, times: t.times });
    // Top-up bonus rules (issue 16): 储值卡 充500送50、充1000送150; 羽毛球10次卡 加10次送1次.
    const rules =
      t.pay_type === 'M' && t.discountable
        ? [
            [50000, 5000],
            [100000, 15000],
          ]
        : t.pay_type === 'T'
          ? [[10, 1]]
          : [];
    if (rules.length)
      await db
        .insertInto('card_recharge_rule')
        .values(rules.map(([min, bonus]) => ({ tenant_id: tenantId, card_type_id: id, min_fen: min, bonus_fen: bonus })))
        .execute();
    const itemRows = covered.filter((n) => items.has(n)).map((n) => ({ tenant_id: tenantId, card_type_id: id, item_id: items.get(n)! }));
    if (itemRows.length) await db.insertInto('card_type_item').values(itemRows).execute();
  }
  // Issue 16 card types: 游泳年卡 charges 5元 a day of 延期 and a 20元 补卡 fee (both paid through 收款);
  // the blacklist rules are set up stopped (a venue turns them on in 黑名单规则).
  await db
    .updateTable('card_type')
    .set({ extend_day_fen: 500, replace_fee_fen: 2000 })
    .where('tenant_id', '=', tenantId)
    .where('name', '=', '游泳年卡')
    .execute();
  await db
    .insertInto('blacklist_rule')
    .values(
      (
        [
          ['FC', 3, 30],
          ['TR', 3, 30],
          ['TE', 2, 30],
          ['FN', 2, 30],
        ] as const
      ).map(([rule_type, threshold, days]) => ({ tenant_id: tenantId, rule_type, threshold, days, state: 'S' as const, updated_at: nowIso })),
    )
    .execute();

  const members: { name: string; phone: string; idNumber: string | null; typeId: number | null }[] = [];
  const plans: CardPlan[] = [];
  const blacklisted: string[] = [];
  const famous = demo
    ? [
        ['张三', '13800000001'],
        ['李四', '13800000002'],
        ['王五', '13800000003'],
        ['赵六', '13800000004'],
        ['钱七', '13800000005'],
        ['孙八', '13800000006'],
        ['周九', '13800000007'],
        ['吴十', '13800000008'],
      ]
    : [
        ['王星河', '13900000001'],
        ['李银河', '13900000002'],
      ];
  for (const [name, phone] of famous) members.push({ name, phone, idNumber: null, typeId: memberTypes[0].id });
  if (demo) {
    members[0].idNumber = idNumber(1, 1990);
    plans.push(
      {
        cardNo: 'VIP0001',
        member: '13800000001',
        type: '储值卡',
        state: 'A',
        opened: true,
        phy: '1234567890',
        ledger: [30000, 30000, -10000],
        beganDaysAgo: 40,
        endsInDays: null,
      },
      { cardNo: 'VIP0002', member: '13800000002', type: '储值卡', state: 'A', opened: false, ledger: [20000] },
      { cardNo: 'VIP0003', member: '13800000003', type: '储值卡', state: 'L', opened: true, ledger: [10000], beganDaysAgo: 90, remark: '会员电话挂失' },
      {
        cardNo: 'VIP0004',
        member: '13800000004',
        type: '储值卡（不打折）',
        state: 'R',
        opened: true,
        ledger: [5000, -5000],
        beganDaysAgo: 200,
        remark: '已退卡退款',
      },
      { cardNo: 'VIP0005', member: '13800000005', type: '储值卡', state: 'C', opened: true, ledger: [8000], beganDaysAgo: 120, remark: '已换新卡' },
      { cardNo: 'VIP0006', member: '13800000006', type: '储值卡', state: 'B', opened: true, ledger: [10000, -2000], beganDaysAgo: 60 },
      { cardNo: 'VIP0007', member: '13800000007', type: '羽毛球10次卡', state: 'A', opened: true, ledger: [10, -3], beganDaysAgo: 181, endsInDays: -1 },
      { cardNo: 'TIMES0001', member: '13800000001', type: '羽毛球10次卡', state: 'A', opened: true, ledger: [10], beganDaysAgo: 5 },
      { cardNo: 'YEAR0001', member: '13800000001', type: '游泳年卡', state: 'A', opened: true, ledger: [0], beganDaysAgo: 30 },
      { cardNo: 'VIP0008', member: '13800000008', type: '储值卡（不打折）', state: 'A', opened: true, ledger: [2000], beganDaysAgo: 10, endsInDays: null },
      { cardNo: 'VIP0009', member: '13800000008', type: '储值卡（不打折）', state: 'A', opened: true, ledger: [1500], beganDaysAgo: 10, endsInDays: null },
    );
    blacklisted.push('13800000006');
  } else {
    plans.push(
      { cardNo: 'VIP0001', member: '13900000001', type: '储值卡', state: 'A', opened: true, ledger: [10000], beganDaysAgo: 3, endsInDays: null },
      { cardNo: 'XH0002', member: '13900000002', type: '储值卡（不打折）', state: 'A', opened: true, ledger: [5000], beganDaysAgo: 3, endsInDays: null },
    );
  }

  const rnd = sequence(20261122 + tenantId);
  const venueIds = [...venues.values()];
  const phones = new Set(members.map((m) => m.phone));
  for (let n = 1; demo && n <= 300; n += 1) {
    let phone = '';
    while (!phone || phones.has(phone))
      phone = `1${rnd.pick(['35', '36', '37', '38', '39', '50', '51', '58', '59', '86', '87', '88', '89'])}${String(rnd.int(0, 99_999_999)).padStart(8, '0')}`;
    phones.add(phone);
    members.push({
      name: rnd.pick([...SURNAMES]) + rnd.pick(GIVEN),
      phone,
      idNumber: rnd.next() < 0.4 ? idNumber(n, rnd.int(1960, 2010)) : null,
      typeId: rnd.pick(memberTypes).id,
    });
    const cards = rnd.next() < 0.15 ? 2 : 1;
    for (let c = 0; c < cards; c += 1) plans.push(randomCard(rnd, `MC${String(100000 + plans.length).padStart(6, '0')}`, phone, plans.length, venueIds));
    if (plans[plans.length - 1].state === 'B') blacklisted.push(phone);
  }

  const memberIds = new Map<string, number>();
  for (let i = 0; i < members.length; i += 200) {
    const rows = await db
      .insertInto('member')
      .values(
        members.slice(i, i + 200).map((m, j) => ({
          tenant_id: tenantId,
          name: m.name,
          phone: m.phone,
          id_number: m.idNumber,
          photo: null,
          member_type_id: m.typeId,
          source: (['B', 'B', 'B', 'W', 'M', 'Z', 'O'] as const)[(i + j) % 7],
          created_at: daysAgo(200 - ((i + j) % 180)),
        })),
      )
      .returning(['id', 'phone'])
      .execute();
    for (const r of rows) memberIds.set(r.phone, r.id);
  }

  const cardRows: Insertable<CardTable>[] = plans.map((p) => {
    const type = cardTypes.get(p.type)!;
    const began = p.opened ? daysAgo(p.beganDaysAgo ?? 30) : null;
    const endDays = p.endsInDays !== undefined ? p.endsInDays : type.validDays > 0 ? type.validDays - (p.beganDaysAgo ?? 30) : null;
    return {
      tenant_id: tenantId,
      card_no: p.cardNo,
      phy_card_id: p.phy ?? null,
      member_id: memberIds.get(p.member)!,
      card_type_id: type.id,
      venue_id: p.venue ?? null,
      state: p.state,
      is_opened: p.opened ? 'T' : 'F',
      balance: p.ledger.reduce((s, a) => s + a, 0),
      use_begin: began,
      use_end: began && endDays !== null ? new Date(now + endDays * DAY_MS).toISOString() : null,
      remark: p.remark ?? '',
      created_at: began ?? daysAgo(10),
    };
  });
  const cardIds = new Map<string, number>();
  for (let i = 0; i < cardRows.length; i += 200) {
    for (const r of await db
      .insertInto('card')
      .values(cardRows.slice(i, i + 200))
      .returning(['id', 'card_no'])
      .execute())
      cardIds.set(r.card_no, r.id);
  }

  const ledger: Insertable<CardConsumeTable>[] = plans.flatMap((p) => {
    let balance = 0;
    const start = p.opened ? (p.beganDaysAgo ?? 30) : 10;
    return p.ledger.map((amount, k) => {
      balance += amount;
      const kind = k === 0 ? 'OPEN' : amount >= 0 ? 'RECHARGE' : 'CONSUME';
      return {
        tenant_id: tenantId,
        card_id: cardIds.get(p.cardNo)!,
        kind,
        amount,
        balance_after: balance,
        order_type: kind === 'CONSUME' ? 'SALE' : null,
        order_id: null,
        venue_id: kind === 'CONSUME' ? (venueIds[k % venueIds.length] ?? null) : null,
        refund_of: null,
        remark: kind === 'OPEN' ? '开卡' : kind === 'RECHARGE' ? '前台充值' : '前台消费',
        created_at: new Date(now - Math.max(1, start - k * 3) * DAY_MS + k * 60_000).toISOString(),
        created_by: userId,
      } satisfies Insertable<CardConsumeTable>;
    });
  });
  for (let i = 0; i < ledger.length; i += 200)
    await db
      .insertInto('card_consume')
      .values(ledger.slice(i, i + 200))
      .execute();

  if (blacklisted.length) {
    await db
      .insertInto('blacklist')
      .values(
        blacklisted.map((phone, i) => ({
          tenant_id: tenantId,
          member_id: memberIds.get(phone)!,
          rule_type: (['FN', 'FC', 'TR', 'TE'] as const)[i % 4],
          reason: ['多次订场未到场', '频繁取消订场', '恶意退票', '门票多次过期未用'][i % 4],
          active: 1,
          created_at: daysAgo(5 + i),
        })),
      )
      .execute();
  }
  const family = members.filter((_, i) => i === 0 || (demo && i % 7 === 3));
  if (family.length) {
    await db
      .insertInto('member_family')
      .values(
        family.flatMap((m, i) => [
          { tenant_id: tenantId, member_id: memberIds.get(m.phone)!, name: m.name, relation: 'S', phone: m.phone },
          {
            tenant_id: tenantId,
            member_id: memberIds.get(m.phone)!,
            name: m.name.slice(0, 1) + FAMILY_GIVEN[relationOf(i)][i % 3],
            relation: relationOf(i),
            phone: null,
          },
        ]),
      )
      .execute();
  }
}

/** One random card: mostly usable stored-value cards; every state, pay type and opening appears. */
function randomCard(rnd: ReturnType<typeof sequence>, cardNo: string, phone: string, n: number, venueIds: number[]): CardPlan {
  const roll = rnd.next();
  const state = roll < 0.8 ? 'A' : roll < 0.85 ? 'L' : roll < 0.88 ? 'R' : roll < 0.9 ? 'C' : roll < 0.94 ? 'B' : roll < 0.97 ? 'S' : 'E';
  const kind = rnd.next();
  const type = kind < 0.45 ? '储值卡' : kind < 0.6 ? '储值卡（不打折）' : kind < 0.8 ? '羽毛球10次卡' : kind < 0.92 ? '游泳年卡' : '健身月卡';
  const opened = state !== 'A' || rnd.next() > 0.1;
  const expired = state === 'E' || (state === 'A' && opened && rnd.next() < 0.05);
  const ledger: number[] = [];
  if (type.startsWith('储值卡')) {
    ledger.push(rnd.int(5, 200) * 1000);
    if (opened)
      for (let k = rnd.int(0, 4); k > 0; k -= 1)
        ledger.push(
          rnd.next() < 0.35
            ? rnd.int(2, 50) * 1000
            : -Math.min(
                rnd.int(10, 3000) * 10,
                ledger.reduce((s, a) => s + a, 0),
              ),
        );
  } else if (type === '羽毛球10次卡') {
    ledger.push(10);
    if (opened) for (let k = rnd.int(0, 6); k > 0; k -= 1) ledger.push(-1);
  } else ledger.push(0);
  return {
    cardNo,
    member: phone,
    type,
    state: state === 'E' ? 'A' : state,
    opened,
    ledger: ledger.filter((a, k) => k === 0 || a !== 0),
    phy: n % 29 === 0 ? String(2_000_000_000 + n * 7) : undefined,
    venue: n % 5 === 0 ? (venueIds[n % venueIds.length] ?? null) : null,
    beganDaysAgo: expired ? 400 : rnd.int(1, 25),
    endsInDays: expired ? -rnd.int(1, 30) : undefined,
  };
}
