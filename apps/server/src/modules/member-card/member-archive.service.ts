import { member, type BodyOut, type QueryOut } from '@venue/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { iso, type Clock } from '../../lib/clock.ts';
import { alreadyExists, notFound, refuse } from '../../lib/errors.ts';
import { mapPage, pageWindow } from '../../lib/paging.ts';
import type { UserSession } from '../../plugins/session.ts';
import type { AuditService } from '../audit/index.ts';
import type { MemberArchiveRepository, MemberValues } from './member-archive.repository.ts';

type MemberForm = BodyOut<typeof member.addMember>;
type Row = NonNullable<Awaited<ReturnType<MemberArchiveRepository['find']>>>;

const MEMBER_NOT_FOUND = '会员不存在';

/** A member's values as the audit trail keeps them: phone and ID number masked. */
const shown = (v: MemberValues) => ({ ...v, phone: member.maskMobile(v.phone), id_number: member.maskIdNumber(v.id_number) });

/** The member archive (会员档案): members and their family (its calls are `personal`: the route masks phones and ID numbers). */
export class MemberArchiveService {
  constructor(
    private readonly repo: MemberArchiveRepository,
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly audit: AuditService,
  ) {}

  private toRow(r: Row) {
    return {
      memberId: r.id,
      memberName: r.name,
      phone: r.phone,
      idNumber: r.id_number,
      gender: r.gender,
      birthday: r.birthday,
      photo: r.photo,
      memberTypeId: r.member_type_id,
      memberTypeName: r.member_type_name,
      source: r.source,
      remark: r.remark,
      cardCount: Number(r.card_count),
      createTime: r.created_at,
    };
  }

  async page(s: UserSession, q: QueryOut<typeof member.members>) {
    return mapPage(await this.repo.page(s.tenantId, q.keyword || undefined, pageWindow(q)), (r) => this.toRow(r));
  }

  async get(s: UserSession, memberId: number) {
    const row = await this.repo.find(s.tenantId, memberId);
    if (!row) throw notFound(MEMBER_NOT_FOUND);
    const family = await this.repo.family(s.tenantId, memberId);
    return { ...this.toRow(row), family };
  }

  memberTypes(tenantId: number) {
    return this.repo.memberTypes(tenantId).then((rows) => rows.map((t) => ({ memberTypeId: t.id, memberTypeName: t.name })));
  }

  private async values(s: UserSession, b: MemberForm, exceptId?: number): Promise<MemberValues> {
    if (b.memberTypeId && !(await this.repo.typeExists(s.tenantId, b.memberTypeId))) throw refuse('会员类型不存在');
    if (await this.repo.phoneTaken(s.tenantId, b.phone, exceptId)) throw alreadyExists('该手机号已登记为会员');
    const birthday = b.birthday ? b.birthday.slice(0, 10) : null;
    if (birthday && (Number.isNaN(Date.parse(birthday)) || birthday > iso(this.clock.now()).slice(0, 10))) throw refuse('请输入正确的生日');
    return {
      name: b.memberName,
      phone: b.phone,
      id_number: b.idNumber ? b.idNumber.toUpperCase() : null,
      gender: b.gender ?? null,
      birthday,
      photo: b.photo || null,
      member_type_id: b.memberTypeId ?? null,
      source: b.source,
      remark: b.remark ?? '',
    };
  }

  private family(b: MemberForm) {
    return b.family.map((f) => ({ name: f.name, relation: f.relation, phone: f.phone || null }));
  }

  async add(s: UserSession, b: MemberForm) {
    const values = await this.values(s, b);
    const id = await this.db.transaction().execute(async (trx) => {
      const { id } = await this.repo.insert(trx, s.tenantId, values, iso(this.clock.now()));
      await this.repo.replaceFamily(trx, s.tenantId, id, this.family(b));
      await this.audit.record(trx, s, {
        action: 'member.add',
        target: `会员 ${values.name} ${member.maskMobile(values.phone)}`,
        after: { ...shown(values), family: b.family },
      });
      return id;
    });
    return this.get(s, id);
  }

  async edit(s: UserSession, b: BodyOut<typeof member.editMember>) {
    const before = await this.repo.find(s.tenantId, b.memberId);
    if (!before) throw notFound(MEMBER_NOT_FOUND);
    const values = await this.values(s, b, b.memberId);
    await this.db.transaction().execute(async (trx) => {
      await this.repo.update(trx, s.tenantId, b.memberId, values);
      await this.audit.record(trx, s, {
        action: 'member.edit',
        target: `会员 ${values.name} ${member.maskMobile(values.phone)}`,
        before: {
          name: before.name,
          phone: member.maskMobile(before.phone),
          id_number: member.maskIdNumber(before.id_number),
          member_type_id: before.member_type_id,
          remark: before.remark,
        },
        after: { ...shown(values), family: b.family },
      });
      await this.repo.replaceFamily(trx, s.tenantId, b.memberId, this.family(b));
    });
    return this.get(s, b.memberId);
  }
}
