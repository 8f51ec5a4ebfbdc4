import { expect, it } from 'vitest';
import { member } from '@venue/contract';
import { describeEachEngine } from './harness.ts';

describeEachEngine('会员类型 kept by staff on %s', (server) => {
  const { admin } = server;

  it('adds, lists, edits and disables member types; the archive offers only enabled ones; a duplicate name is refused', async () => {
    const added = await admin.call(member.memberTypeAdd, { body: { memberTypeName: '测试金卡会员', sort: 5 } });
    expect(added.body.code).toBe(200);
    const id = added.body.data!.memberTypeId;
    expect(added.body.data).toMatchObject({ memberTypeName: '测试金卡会员', state: 'A', sort: 5 });

    const listed = await admin.call(member.memberTypePage, { query: { memberTypeName: '测试金卡' } });
    expect(listed.body.data!.records.map((r) => r.memberTypeName)).toEqual(['测试金卡会员']);
    const offered = await admin.call(member.memberTypes, {});
    expect(offered.body.data!.some((t) => t.memberTypeId === id)).toBe(true);

    const dup = await admin.call(member.memberTypeAdd, { body: { memberTypeName: '测试金卡会员' } });
    expect(dup.body.code).not.toBe(200);
    expect(dup.body.msg).toBe('该会员类型名称已存在');

    const other = await admin.call(member.memberTypeAdd, { body: { memberTypeName: '测试银卡会员' } });
    const clash = await admin.call(member.memberTypeEdit, {
      body: { memberTypeId: other.body.data!.memberTypeId, memberTypeName: '测试金卡会员', state: 'A', sort: 1 },
    });
    expect(clash.body.msg).toBe('该会员类型名称已存在');
    expect((await admin.call(member.memberTypePage, { query: { memberTypeName: '测试银卡' } })).body.data!.total).toBe(1);

    const edited = await admin.call(member.memberTypeEdit, { body: { memberTypeId: id, memberTypeName: '测试钻石会员', state: 'S', sort: 6 } });
    expect(edited.body.data).toMatchObject({ memberTypeId: id, memberTypeName: '测试钻石会员', state: 'S', sort: 6 });
    const after = await admin.call(member.memberTypes, {});
    expect(after.body.data!.some((t) => t.memberTypeId === id)).toBe(false);
    const all = await admin.call(member.memberTypePage, { query: { memberTypeName: '测试钻石' } });
    expect(all.body.data!.records).toEqual([{ memberTypeId: id, memberTypeName: '测试钻石会员', state: 'S', sort: 6 }]);

    const blank = await admin.call(member.memberTypeAdd, { body: { memberTypeName: '  ' } });
    expect(blank.body.code).not.toBe(200);
    expect(blank.body.msg).toMatch(/会员类型名称/);
  });
});
