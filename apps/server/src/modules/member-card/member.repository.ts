import type { Insertable, Kysely } from 'kysely';
import type { CardTable, Database, MemberTable } from '../../db/tables.ts';
import type { Executor } from '../../db/database.ts';

/** Members, their family and blacklist entries, card types; and the bulk writes of a card import. */
export class MemberRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async cardTypes(tenantId: number) {
    const [types, items] = await Promise.all([
      this.db.selectFrom('card_type').selectAll().where('tenant_id', '=', tenantId).orderBy('sort').orderBy('id').execute(),
      this.db.selectFrom('card_type_item').select(['card_type_id', 'item_id']).where('tenant_id', '=', tenantId).orderBy('item_id').execute(),
    ]);
    return types.map((t) => ({ ...t, itemIds: items.filter((i) => i.card_type_id === t.id).map((i) => i.item_id) }));
  }

  /** Whether the card type lists the item, or lists none (covers every item). */
  async typeCovers(db: Executor, cardTypeId: number, itemId: number) {
    const items = await db.selectFrom('card_type_item').select('item_id').where('card_type_id', '=', cardTypeId).execute();
    return items.length === 0 || items.some((i) => i.item_id === itemId);
  }

  async member(tenantId: number, id: number) {
    const row = await this.db
      .selectFrom('member as m')
      .leftJoin('member_type as mt', 'mt.id', 'm.member_type_id')
      .selectAll('m')
      .select('mt.name as member_type_name')
      .where('m.tenant_id', '=', tenantId)
      .where('m.id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const [family, blacklist] = await Promise.all([
      this.db.selectFrom('member_family').select(['id', 'name', 'relation', 'phone']).where('member_id', '=', id).orderBy('id').execute(),
      this.db.selectFrom('blacklist').select(['rule_type', 'reason', 'created_at']).where('member_id', '=', id).where('active', '=', 1).orderBy('id').execute(),
    ]);
    return { ...row, family, blacklist };
  }

  /** Existing members of the tenant by phone (an import attaches new cards to them). */
  async membersByPhone(db: Executor, tenantId: number, phones: string[]) {
    const found = new Map<string, number>();
    for (let i = 0; i < phones.length; i += 500) {
      const rows = await db
        .selectFrom('member')
        .select(['id', 'phone'])
        .where('tenant_id', '=', tenantId)
        .where('phone', 'in', phones.slice(i, i + 500))
        .orderBy('id')
        .execute();
      for (const r of rows) if (!found.has(r.phone)) found.set(r.phone, r.id);
    }
    return found;
  }

  /** Which of these card numbers (or physical ids) the tenant already has. */
  async takenCardNos(tenantId: number, cardNos: string[]) {
    const taken = new Set<string>();
    for (let i = 0; i < cardNos.length; i += 500) {
      const chunk = cardNos.slice(i, i + 500);
      const rows = await this.db
        .selectFrom('card')
        .select(['card_no', 'phy_card_id'])
        .where('tenant_id', '=', tenantId)
        .where((eb) => eb.or([eb('card_no', 'in', chunk), eb('phy_card_id', 'in', chunk)]))
        .execute();
      for (const r of rows) {
        taken.add(r.card_no);
        if (r.phy_card_id) taken.add(r.phy_card_id);
      }
    }
    return taken;
  }

  async insertMember(db: Executor, row: Insertable<MemberTable>) {
    return (await db.insertInto('member').values(row).returning('id').executeTakeFirstOrThrow()).id;
  }

  /** An imported card with its IMPORT ledger row equal to its balance (the ledger sums to the balance from the start). */
  async insertImportedCard(db: Executor, row: Insertable<CardTable>, remark: string, userId: number) {
    const card = await db.insertInto('card').values(row).returning(['id', 'balance', 'tenant_id', 'created_at']).executeTakeFirstOrThrow();
    await db
      .insertInto('card_consume')
      .values({
        tenant_id: card.tenant_id,
        card_id: card.id,
        kind: 'IMPORT',
        amount: card.balance,
        balance_after: card.balance,
        order_type: null,
        order_id: null,
        venue_id: null,
        refund_of: null,
        remark,
        created_at: card.created_at,
        created_by: userId,
      })
      .execute();
  }
}
