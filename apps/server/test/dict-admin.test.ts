import { expect, it } from 'vitest';
import { audit, system } from '@venue/contract';
import { describeEachEngine } from './harness.ts';

/** Issue 15 B2: 字典管理 keeps the code tables the product relies on; other entries come and go, each change in 操作日志. */
describeEachEngine('dictionary administration on %s', (server) => {
  const { admin } = server;

  it('refuses to delete a built-in entry or change its value; a label may change', async () => {
    const page = (await admin.call(system.dictDetailList, { query: { dictName: 'pay_state' } })).body.data;
    const paid = page.records.find((r) => r.value === 'P')!;
    expect(paid.builtin).toBe(true);
    expect((await admin.call(system.dictDetailDelete, { params: { id: paid.id } })).body).toMatchObject({
      code: -9000,
      msg: '系统内置的字典项不能删除：已支付',
    });
    const value = await admin.call(system.dictDetailEdit, { body: { id: paid.id, label: '已支付', value: 'PX', sort: 2 } });
    expect(value.body).toMatchObject({ code: -9000, msg: '系统内置的字典项不能修改字典值' });
    const label = await admin.call(system.dictDetailEdit, { body: { id: paid.id, label: '已付款', value: 'P', sort: 2 } });
    expect(label.body.data).toMatchObject({ label: '已付款', value: 'P', builtin: true });
    expect((await admin.call(system.dictByType, { query: { dictType: 'pay_state' } })).body.data).toContainEqual({ value: 'P', label: '已付款' });
  });

  it('adds, edits and deletes an entry of its own, each once in 操作日志', async () => {
    const added = (await admin.call(system.dictDetailAdd, { body: { dictName: 'source', label: '抖音', value: 'D', sort: 9 } })).body.data;
    expect(added).toMatchObject({ label: '抖音', value: 'D', builtin: false });
    const edited = (await admin.call(system.dictDetailEdit, { body: { id: added.id, label: '抖音团购', value: 'DY', sort: 9 } })).body.data;
    expect(edited).toMatchObject({ value: 'DY', builtin: false });
    expect((await admin.call(system.dictDetailDelete, { params: { id: added.id } })).body.code).toBe(200);
    const log = (await admin.call(audit.auditQuery, { query: { keyword: `项 ${added.id}`, size: 20 } })).body.data.records;
    expect(log.map((e) => e.action).sort()).toEqual(['dict.add', 'dict.delete', 'dict.edit']);
    expect(log.find((e) => e.action === 'dict.delete')?.before).toContain('抖音团购');
  });
});
