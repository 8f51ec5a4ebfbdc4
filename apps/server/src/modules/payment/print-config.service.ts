import type { BodyOut, payment } from '@venue/contract';
import { notFound } from '../../lib/errors.ts';
import type { AuditActor, AuditService } from '../audit/index.ts';
import type { VenueService } from '../venue/venue.service.ts';
import type { PrintConfigRepository } from './print-config.repository.ts';

/** Spec 9: print one copy, all card pay types allowed, when a venue has saved nothing. */
const DEFAULTS = { needPrint: 'T', printNum: 1, allowPayTypes: 'M,T,D' } as const;

/** Receipt print config per venue and receipt type (system/printConfig/*). */
export class PrintConfigService {
  constructor(
    private readonly repo: PrintConfigRepository,
    private readonly venues: VenueService,
    private readonly audit: AuditService,
  ) {}

  private async assertVenue(tenantId: number, venueId: number) {
    if (!(await this.venues.findVenue(tenantId, venueId))) throw notFound('场馆不存在');
  }

  async get(tenantId: number, venueId: number, typeId: string): Promise<payment.PrintConfig> {
    await this.assertVenue(tenantId, venueId);
    const row = await this.repo.find(tenantId, venueId, typeId);
    if (!row) return { typeId, venueId, ...DEFAULTS };
    return { typeId, venueId, needPrint: row.need_print, printNum: row.print_num, allowPayTypes: row.allow_pay_types };
  }

  async save(who: AuditActor, b: BodyOut<typeof payment.savePrintConfig>): Promise<payment.PrintConfig> {
    const before = await this.get(who.tenantId, b.venueId, b.typeId);
    await this.repo.save(who.tenantId, b.venueId, b.typeId, { need_print: b.needPrint, print_num: b.printNum, allow_pay_types: b.allowPayTypes });
    const after = await this.get(who.tenantId, b.venueId, b.typeId);
    await this.audit.recordNow(who, { action: 'print.config', target: `小票打印设置 ${b.typeId}`, venueId: b.venueId, before, after });
    return after;
  }
}
