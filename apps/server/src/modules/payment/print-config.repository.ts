import type { Kysely } from 'kysely';
import type { Database, PrintConfigTable } from '../../db/tables.ts';

type PrintConfigValues = Pick<PrintConfigTable, 'need_print' | 'print_num' | 'allow_pay_types'>;

/** Receipt print config, one row per venue and receipt type. */
export class PrintConfigRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(tenantId: number, venueId: number, typeId: string) {
    return this.db
      .selectFrom('print_config')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('venue_id', '=', venueId)
      .where('type_id', '=', typeId)
      .executeTakeFirst();
  }

  async save(tenantId: number, venueId: number, typeId: string, values: PrintConfigValues): Promise<void> {
    await this.db
      .insertInto('print_config')
      .values({ tenant_id: tenantId, venue_id: venueId, type_id: typeId, ...values })
      .onConflict((oc) => oc.columns(['tenant_id', 'venue_id', 'type_id']).doUpdateSet(values))
      .execute();
  }
}
