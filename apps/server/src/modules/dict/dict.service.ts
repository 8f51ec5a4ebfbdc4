import { Code, Msg, type BodyOut, type DictEntry, type QueryOut, type system } from '@venue/contract';
import { alreadyExists, BizError, notFound } from '../../lib/errors.ts';
import { pageWindow } from '../../lib/paging.ts';
import type { DictRepository } from './dict.repository.ts';

const DICT_MISSING = '字典不存在';
const VALUE_TAKEN = '该字典值已存在';

export class DictService {
  constructor(private readonly dicts: DictRepository) {}

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
    return this.dicts.pageDetails(tenantId, dict.id, pageWindow(q));
  }

  async add(tenantId: number, body: BodyOut<typeof system.dictDetailAdd>) {
    const dict = await this.dicts.findDict(tenantId, body.dictName);
    if (!dict) throw notFound(DICT_MISSING);
    if (await this.dicts.valueTaken(dict.id, body.value)) throw alreadyExists(VALUE_TAKEN);
    return this.dicts.insertDetail({ tenant_id: tenantId, dict_id: dict.id, label: body.label, value: body.value, sort: body.sort });
  }

  async edit(tenantId: number, body: BodyOut<typeof system.dictDetailEdit>) {
    const existing = await this.dicts.findDetail(tenantId, body.id);
    if (!existing) throw notFound('字典项不存在');
    if (await this.dicts.valueTaken(existing.dict_id, body.value, body.id)) throw alreadyExists(VALUE_TAKEN);
    return this.dicts.updateDetail(tenantId, body.id, { label: body.label, value: body.value, sort: body.sort });
  }

  async remove(tenantId: number, id: number): Promise<null> {
    if (!(await this.dicts.deleteDetail(tenantId, id))) throw notFound('字典项不存在');
    return null;
  }
}
