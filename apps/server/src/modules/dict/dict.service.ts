import { Code, Msg, system, type BodyOut, type DictEntry, type QueryOut } from '@venue/contract';
import type { DictDetailRow } from '@venue/contract/system';
import { alreadyExists, BizError, notFound, refuse } from '../../lib/errors.ts';
import { mapPage, pageWindow } from '../../lib/paging.ts';
import type { UserSession } from '../../plugins/session.ts';
import { CODE_TABLES } from './code-tables.ts';
import type { AuditService } from '../audit/index.ts';
import type { DictRepository } from './dict.repository.ts';

const DICT_MISSING = '字典不存在';
const DETAIL_MISSING = '字典项不存在';
const VALUE_TAKEN = '该字典值已存在';

/** The seeded entries of the code tables: the product's code relies on their values. */
const BUILTIN = new Set(CODE_TABLES.flatMap((t) => t.entries.map(([value]) => `${t.name}\u0000${value}`)));
const isBuiltin = (dictName: string, value: string) => BUILTIN.has(`${dictName}\u0000${value}`);
type Row = { id: number; label: string; value: string; sort: number };
const entryOf = (dictName: string, r: Row): DictDetailRow => ({
  id: r.id,
  label: r.label,
  value: r.value,
  sort: r.sort,
  builtin: isBuiltin(dictName, r.value),
});

export class DictService {
  constructor(
    private readonly dicts: DictRepository,
    private readonly audit: AuditService,
  ) {}

  async byType(tenantId: number, dictType: string) {
    const rows = await this.dicts.detailsOf(tenantId, [dictType]);
    return rows.map((r) => ({ value: r.value, label: r.label }));
  }

  async map(tenantId: number, dictNames: string, size: number): Promise<Record<string, DictEntry[]>> {
    const names = [
      ...new Set(
        dictNames
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean),
      ),
    ];
    if (!names.length) throw new BizError(Code.NO_DATA_SELECTED, Msg.needDictNames);
    const rows = await this.dicts.detailsOf(tenantId, names);
    const result: Record<string, DictEntry[]> = Object.fromEntries(names.map((n) => [n, []]));
    for (const r of rows) {
      const list = result[r.dict_name];
      if (list.length < size) list.push({ id: r.id, label: r.label, value: r.value, sort: r.sort });
    }
    return result;
  }

  pageDicts(tenantId: number, q: QueryOut<typeof system.dictList>) {
    return this.dicts.pageDicts(tenantId, pageWindow(q), q.blurry);
  }

  async pageDetails(tenantId: number, q: QueryOut<typeof system.dictDetailList>) {
    const dict = await this.dicts.findDict(tenantId, q.dictName);
    if (!dict) throw notFound(DICT_MISSING);
    return mapPage(await this.dicts.pageDetails(tenantId, dict.id, pageWindow(q)), (r) => entryOf(dict.name, r));
  }

  async add(session: UserSession, body: BodyOut<typeof system.dictDetailAdd>) {
    const tenantId = session.tenantId;
    const dict = await this.dicts.findDict(tenantId, body.dictName);
    if (!dict) throw notFound(DICT_MISSING);
    if (await this.dicts.valueTaken(dict.id, body.value)) throw alreadyExists(VALUE_TAKEN);
    const row = await this.dicts.transaction(async (repo, trx) => {
      const added = await repo.insertDetail({ tenant_id: tenantId, dict_id: dict.id, label: body.label, value: body.value, sort: body.sort });
      await this.audit.record(trx, session, { action: 'dict.add', target: `字典 ${dict.name} 项 ${added.id}`, after: body });
      return added;
    });
    return entryOf(dict.name, row);
  }

  async edit(session: UserSession, body: BodyOut<typeof system.dictDetailEdit>) {
    const tenantId = session.tenantId;
    const existing = await this.dicts.findDetail(tenantId, body.id);
    if (!existing) throw notFound(DETAIL_MISSING);
    if (existing.value !== body.value && isBuiltin(existing.dict_name, existing.value)) throw refuse(system.DICT_BUILTIN.value);
    if (await this.dicts.valueTaken(existing.dict_id, body.value, body.id)) throw alreadyExists(VALUE_TAKEN);
    const values = { label: body.label, value: body.value, sort: body.sort };
    const row = await this.dicts.transaction(async (repo, trx) => {
      const saved = await repo.updateDetail(tenantId, body.id, values);
      const before = { label: existing.label, value: existing.value, sort: existing.sort };
      await this.audit.record(trx, session, { action: 'dict.edit', target: `字典 ${existing.dict_name} 项 ${body.id}`, before, after: values });
      return saved;
    });
    return entryOf(existing.dict_name, row);
  }

  async remove(session: UserSession, id: number): Promise<null> {
    const existing = await this.dicts.findDetail(session.tenantId, id);
    if (!existing) throw notFound(DETAIL_MISSING);
    if (isBuiltin(existing.dict_name, existing.value)) throw refuse(`${system.DICT_BUILTIN.del}：${existing.label}`);
    await this.dicts.transaction(async (repo, trx) => {
      if (!(await repo.deleteDetail(session.tenantId, id))) throw notFound(DETAIL_MISSING);
      const before = { label: existing.label, value: existing.value, sort: existing.sort };
      await this.audit.record(trx, session, { action: 'dict.delete', target: `字典 ${existing.dict_name} 项 ${id}`, before });
    });
    return null;
  }
}
