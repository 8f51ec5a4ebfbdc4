import type { Kysely } from 'kysely';
import type { payment } from '@venue/contract';
import type { z } from 'zod';
import type { Database } from '../../db/tables.ts';
import { notFound } from '../../lib/errors.ts';

type SaveBody = z.output<NonNullable<(typeof payment.savePrintConfig)['body']>>;
/** Spec 9: print one copy, all card pay types allowed, when a venue has saved nothing. */
const DEFAULTS = { needPrint: 'T', printNum: 1, allowPayTypes: 'M,T,D' } as const;

/** Receipt print config per venue and receipt type (system/printConfig/*). */
export class PrintConfigService {
  constructor(private readonly db: Kysely<Database>) {}

  private async assertVenue(tenantId: number, venueId: number) {
    const venue = await this.db.selectFrom('venue').select('id').where('tenant_id', '=', tenantId).where('id', '=', venueId).executeTakeFirst();
    if (!venue) throw notFound('场馆不存在');
  }

  async get(tenantId: number, venueId: number, typeId: string): Promise<payment.PrintConfig> {
    await this.assertVenue(tenantId, venueId);
    const row = await this.db.selectFrom('print_config').selectAll().where('tenant_id', '=', tenantId).where('venue_id', '=', venueId).where('type_id', '=', typeId).executeTakeFirst();
    if (!row) return { typeId, venueId, ...DEFAULTS };
    return { typeId, venueId, needPrint: row.need_print as 'T' | 'F', printNum: row.print_num, allowPayTypes: row.allow_pay_types };
  }

  async save(tenantId: number, b: SaveBody): Promise<payment.PrintConfig> {
    await this.assertVenue(tenantId, b.venueId);
    const values = { need_print: b.needPrint, print_num: b.printNum, allow_pay_types: b.allowPayTypes };
    await this.db.insertInto('print_config').values({ tenant_id: tenantId, venue_id: b.venueId, type_id: b.typeId, ...values })
      .onConflict((oc) => oc.columns(['tenant_id', 'venue_id', 'type_id']).doUpdateSet(values))
      .execute();
    return this.get(tenantId, b.venueId, b.typeId);
  }
}
