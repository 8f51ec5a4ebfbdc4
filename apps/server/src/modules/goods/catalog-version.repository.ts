import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';

/** How far back a late commit is looked for; far more than the movements of any open transaction. */
const RECENT_IDS = 1000;

/**
 * The version of a tenant's sale lists: the newest stock movement and a counter every catalogue
 * edit bumps. Every server process reads it from the database, so cached lists stay right.
 */
export class CatalogVersionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The versions of a tenant's sale lists: `catalog`, bumped by every catalogue edit, and `stock`, the
   * newest stock movement. On PostgreSQL ids are taken before commit, so a movement may become visible
   * after a higher one: the count of the newest ids catches it, where the maximum alone would not change.
   */
  async versions(tenantId: number): Promise<{ catalog: number; stock: string }> {
    const { rows } = await sql<{ m: number | null; n: number | string | null; v: number | null }>`select
      (select max(id) from stock_movement where tenant_id = ${tenantId}) as m,
      (select count(*) from stock_movement where tenant_id = ${tenantId}
        and id > (select coalesce(max(id), 0) - ${RECENT_IDS} from stock_movement where tenant_id = ${tenantId})) as n,
      (select version from catalog_version where tenant_id = ${tenantId}) as v`.execute(this.db);
    return { catalog: Number(rows[0]?.v ?? 0), stock: `${rows[0]?.m ?? 0}.${rows[0]?.n ?? 0}` };
  }

  async bump(tenantId: number): Promise<void> {
    await this.db
      .insertInto('catalog_version')
      .values({ tenant_id: tenantId, version: 1 })
      .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ version: sql`catalog_version.version + 1` }))
      .execute();
  }
}
