import { sql, type RawBuilder } from 'kysely';
import type { Engine } from '../../db/database.ts';

/** Trigram indexes answer substrings of at least this many characters. */
export const TRIGRAM = 3;
const MAX_CHAR = String.fromCodePoint(0x10ffff);

const length = (keyword: string) => [...keyword].length;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** An FTS5 phrase: the keyword as one quoted string, so its characters are never query syntax. */
const phrase = (keyword: string) => `"${keyword.replace(/"/g, '""')}"`;

/**
 * The card search conditions, per engine. Every condition is index-driven:
 * - a keyword of 3+ characters is a substring match on the trigram index (SQLite FTS5 `card_search`,
 *   PostgreSQL pg_trgm GIN on `card_search`), over one column or all three;
 * - a shorter keyword cannot use a trigram index (it holds no trigram), so it is a prefix match on the
 *   btree indexes of member.name / member.phone / card.card_no: typing 张 or 13 lists names or phones
 *   that start with it, and a scan of every card is never needed.
 * Every condition names the matching card ids (`among`); conditions refer to the card as `c`.
 */
export class CardSearch {
  constructor(private readonly engine: Engine) {}

  /**
   * The card is among the ids the subquery finds. On PostgreSQL the ids are gathered first
   * (`= any(array(...))`), so a misestimated match count can never turn a search into a scan of every card.
   */
  private among(ids: RawBuilder<unknown>): RawBuilder<boolean> {
    return this.engine === 'postgres' ? sql<boolean>`c.id = any(array(${ids}))` : sql<boolean>`c.id in (${ids})`;
  }

  /** `column` starts with `keyword`: a btree range on SQLite (binary collation), LIKE with text_pattern_ops on PostgreSQL. */
  prefix(column: string, keyword: string): RawBuilder<boolean> {
    const ref = sql.ref(column);
    if (this.engine === 'postgres') return sql<boolean>`${ref} like ${`${escapeLike(keyword)}%`}`;
    return sql<boolean>`(${ref} >= ${keyword} and ${ref} < ${keyword + MAX_CHAR})`;
  }

  /**
   * Cards of the members whose column starts with the keyword. Written as `c.id in (...)` so that the
   * plan starts from the matching members (btree) and their cards (card_member_idx), never from a scan
   * of the tenant's cards.
   */
  private cardsOfMembers(tenantId: number, column: 'name' | 'phone', keyword: string) {
    return sql`select id from card where member_id in (select id from member where tenant_id = ${tenantId} and ${this.prefix(column, keyword)})`;
  }

  /** Cards whose member name contains the keyword (3+ characters) or starts with it (shorter). */
  memberName(tenantId: number, keyword: string): RawBuilder<boolean> {
    if (length(keyword) < TRIGRAM) return this.among(this.cardsOfMembers(tenantId, 'name', keyword));
    if (this.engine === 'postgres') return this.among(sql`select card_id from card_search where name ilike ${`%${escapeLike(keyword)}%`}`);
    return this.among(sql`select rowid from card_search where card_search match ${`name : ${phrase(keyword)}`}`);
  }

  /** Cards whose member phone is the keyword or starts with it. */
  phone(tenantId: number, keyword: string): RawBuilder<boolean> {
    return this.among(this.cardsOfMembers(tenantId, 'phone', keyword));
  }

  /** Cards whose member name, phone or card number contains the keyword (3+ characters), or starts with it (shorter). */
  fuzzy(tenantId: number, keyword: string): RawBuilder<boolean> {
    if (length(keyword) < TRIGRAM) {
      return this.among(sql`${this.cardsOfMembers(tenantId, 'name', keyword)} union all ${this.cardsOfMembers(tenantId, 'phone', keyword)}
        union all select id from card where tenant_id = ${tenantId} and ${this.prefix('card_no', keyword)}`);
    }
    if (this.engine === 'postgres') {
      const pattern = `%${escapeLike(keyword)}%`;
      return this.among(sql`select card_id from card_search where name ilike ${pattern} or phone ilike ${pattern} or card_no ilike ${pattern}`);
    }
    return this.among(sql`select rowid from card_search where card_search match ${phrase(keyword)}`);
  }

  /** Exact card number, physical card id, or card id: three unique-index lookups (an OR of them would scan). */
  cardNoOrId(tenantId: number, keyword: string): RawBuilder<boolean> {
    const id = /^\d{1,9}$/.test(keyword) ? Number(keyword) : -1;
    return this.among(sql`select id from card where tenant_id = ${tenantId} and card_no = ${keyword}
      union all select id from card where tenant_id = ${tenantId} and phy_card_id = ${keyword}
      union all select id from card where tenant_id = ${tenantId} and id = ${id}`);
  }
}
