import type { member, BodyOut, QueryOut } from '@venue/contract';
import { alreadyExists, notFound } from '../../lib/errors.ts';
import { pageWindow } from '../../lib/paging.ts';
import type { UserSession } from '../../plugins/session.ts';
import type { AuditService } from '../audit/index.ts';
import type { MemberTypeRepository } from './member-type.repository.ts';

type Form = BodyOut<typeof member.memberTypeAdd>;
interface Row {
  id: number;
  name: string;
  state: 'A' | 'S';
  sort: number;
}
const NOT_FOUND = '会员类型不存在';
const NAME_TAKEN = '该会员类型名称已存在';
const toAdmin = (r: Row) => ({ memberTypeId: r.id, memberTypeName: r.name, state: r.state, sort: r.sort });

/** 会员类型: the list the member archive offers (enabled ones only), kept by staff who keep card types. */
export class MemberTypeService {
  constructor(
    private readonly repo: MemberTypeRepository,
    private readonly audit: AuditService,
  ) {}

  async get(tenantId: number, id: number) {
    const row = await this.repo.find(tenantId, id);
    if (!row) throw notFound(NOT_FOUND);
    return toAdmin(row);
  }

  async page(tenantId: number, q: QueryOut<typeof member.memberTypePage>) {
    const page = await this.repo.page(tenantId, q, pageWindow(q));
    return { total: page.total, records: page.records.map(toAdmin) };
  }

  /** The table has no unique index on the name: the check is here, per tenant. */
  private async assertFree(tenantId: number, name: string, exceptId?: number) {
    if (await this.repo.named(tenantId, name, exceptId)) throw alreadyExists(NAME_TAKEN);
  }

  async add(s: UserSession, f: Form) {
    await this.assertFree(s.tenantId, f.memberTypeName);
    const id = await this.repo.transaction(async (repo, trx) => {
      const id = await repo.insert(s.tenantId, { name: f.memberTypeName, state: f.state, sort: f.sort });
      await this.audit.record(trx, s, { action: 'memberType.add', target: `会员类型 ${f.memberTypeName}`, after: f });
      return id;
    });
    return this.get(s.tenantId, id);
  }

  async edit(s: UserSession, f: BodyOut<typeof member.memberTypeEdit>) {
    const before = await this.get(s.tenantId, f.memberTypeId);
    await this.assertFree(s.tenantId, f.memberTypeName, f.memberTypeId);
    await this.repo.transaction(async (repo, trx) => {
      await repo.update(s.tenantId, f.memberTypeId, { name: f.memberTypeName, state: f.state, sort: f.sort });
      await this.audit.record(trx, s, { action: 'memberType.edit', target: `会员类型 ${f.memberTypeName}`, before, after: f });
    });
    return this.get(s.tenantId, f.memberTypeId);
  }
}
