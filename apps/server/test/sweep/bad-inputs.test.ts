import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCall, defineUpload, fields, goods, PERMISSIONS, yuan } from '@venue/contract';
import { ALL_CALLS } from '@venue/contract/all-calls';
import { accepts, baseValue, describeSchema, FIELD_KINDS, fieldMutations, planCall } from './bad-inputs.ts';

const kindsOf = (ms: { kind: string }[]) => ms.map((m) => m.kind);

describe('reading a zod schema', () => {
  it('knows ids, text, money, choices and lists by their schema', () => {
    expect(describeSchema(fields.id('商品'))).toMatchObject({ core: 'numeric-text', integer: true, optional: false });
    expect(describeSchema(fields.idNumber().nullable().optional())).toMatchObject({ core: 'number', integer: true, optional: true, nullable: true });
    expect(describeSchema(fields.text('分类名称', 30))).toMatchObject({ core: 'string', minLength: 1, maxLength: 30 });
    expect(describeSchema(yuan('售价'))).toMatchObject({ core: 'number', integer: false });
    expect(describeSchema(fields.stateAS.default('A'))).toMatchObject({ core: 'enum', values: ['A', 'S'], hasDefault: true });
    expect(describeSchema(fields.idList('仓库'))).toMatchObject({ core: 'string', maxLength: 2000 });
    expect(describeSchema(z.array(fields.idNumber()).max(7))).toMatchObject({ core: 'array', maxItems: 7 });
    expect(describeSchema(z.lazy(() => z.object({ a: z.string() })))).toMatchObject({ core: 'object' });
  });

  it('builds a base value each field takes, in the wire form of its part', () => {
    expect(baseValue(fields.id(), true)).toBe('1');
    expect(baseValue(fields.id(), false)).toBe(1);
    expect(baseValue(fields.dateTime('beginTime'))).toBe('2026-01-01 00:00:00');
    expect(baseValue(z.string().min(5).max(50))).toBe('abcdef');
    const body = goods.stockInCreate.body!;
    expect(body.safeParse(baseValue(body)).success).toBe(true);
  });
});

describe('mutations of one field', () => {
  it('an id in a query string gets every malformed number, each refused by id()', () => {
    const ms = fieldMutations(fields.id(), 'goodsId', '1', true);
    const values = Object.fromEntries(ms.map((m) => [m.kind, m.value]));
    expect(values).toMatchObject({ huge: '100000000000000000000', negative: '-1', fractional: '1.5', hex: '0x10', exponent: '1e3', unicode: '😀', empty: '' });
    expect(values.nul).toBe('1\u00001');
    for (const m of ms) if (m.kind !== 'missing') expect(fields.id().safeParse(m.value).success, m.kind).toBe(false);
    expect(ms.every((m) => m.mustRefuse)).toBe(true);
  });

  it('a text field gets control characters, its maximum plus one, a number, and unicode that it may take', () => {
    const schema = fields.text('名称', 30);
    const ms = fieldMutations(schema, 'name', '1', false);
    expect(kindsOf(ms)).toEqual(['wrong-type', 'empty', 'long', 'nul', 'bel', 'esc', 'unicode', 'missing', 'nesting']);
    expect(ms.find((m) => m.kind === 'long')!.value).toHaveLength(31);
    expect(ms.find((m) => m.kind === 'wrong-type')!.value).toBe(12345);
    expect(ms.find((m) => m.kind === 'unicode')).toMatchObject({ mustRefuse: false });
    expect(schema.safeParse(ms.find((m) => m.kind === 'unicode')!.value).success).toBe(true);
  });

  it('leaves out only required fields; a stock change may be negative, an id may not', () => {
    expect(kindsOf(fieldMutations(fields.optionalText('规格', 50), 'specs', '', false))).not.toContain('missing');
    expect(kindsOf(fieldMutations(fields.stateAS.default('A'), 'state', 'A', false))).not.toContain('missing');
    const change = z.number().int().min(-10).max(10);
    expect(fieldMutations(change, 'change', 1, false).find((m) => m.kind === 'negative')).toMatchObject({ mustRefuse: false });
    expect(fieldMutations(fields.idNumber(), 'venueId', 1, false).find((m) => m.kind === 'negative')).toMatchObject({ mustRefuse: true });
    // money may have cents; a count may not
    expect(fieldMutations(yuan('金额'), 'money', 1, false).find((m) => m.kind === 'fractional')).toMatchObject({ mustRefuse: false });
    expect(fieldMutations(change, 'change', 1, false).find((m) => m.kind === 'fractional')).toMatchObject({ mustRefuse: true });
  });

  it('a list of ids as text is held to decimal ids', () => {
    const ms = fieldMutations(fields.idList('会员卡'), 'cardIds', '1', true);
    for (const kind of ['hex', 'exponent', 'fractional', 'negative', 'unicode'])
      expect(ms.find((m) => m.kind === kind)).toMatchObject({ mustRefuse: true, value: expect.any(String) });
    expect(ms.find((m) => m.kind === 'empty')).toMatchObject({ mustRefuse: false });
  });
});

describe('plans', () => {
  const call = defineCall({
    method: 'POST',
    path: 'x/add',
    summary: '测试',
    access: { permission: PERMISSIONS.goods.archive.add },
    body: z.object({ name: fields.text('名称', 10), lines: z.array(z.object({ goodsId: fields.id('商品') })).max(5) }),
    response: z.null(),
  });

  it('mutates one field at a time from a valid base, array elements included, plus whole-body faults', () => {
    const plan = planCall('x.add', call);
    expect(plan).toMatchObject({ type: 'json', noInput: false, baseValid: true, base: { body: { name: '1', lines: [{ goodsId: 1 }] } } });
    expect([...new Set(plan.mutations.map((m) => m.field))]).toEqual(['name', 'lines', 'lines.0', 'lines.0.goodsId', '']);
    const goodsId = plan.mutations.filter((m) => m.field === 'lines.0.goodsId');
    expect(kindsOf(goodsId)).toEqual([...FIELD_KINDS]);
    expect(goodsId.find((m) => m.kind === 'hex')!.input).toEqual({ body: { name: '1', lines: [{ goodsId: '0x10' }] } });
    expect(kindsOf(plan.mutations.filter((m) => m.field === ''))).toEqual(['not-object', 'not-object', 'not-object', 'not-object', 'no-body']);
    // this schema refuses every generated input but unicode text and an empty list of lines
    expect(plan.mutations.filter((m) => accepts(call, m.input)).map((m) => `${m.field} ${m.kind}`)).toEqual(['name unicode', 'lines empty']);
  });

  it('catches a schema that takes what the design refuses', () => {
    const loose = defineCall({ ...call, body: z.object({ name: z.string(), ids: fields.idList('x') }) });
    const plan = planCall('x.loose', loose);
    const flagged = plan.mutations.filter((m) => m.mustRefuse && accepts(loose, m.input)).map((m) => `${m.field} ${m.kind}`);
    expect(flagged).toEqual(expect.arrayContaining(['name long', 'name nul', 'name bel', 'name esc']));
  });

  it('counts calls without input and uploads apart', () => {
    const upload = defineUpload({
      path: 'x/upload',
      summary: '上传',
      access: 'login',
      maxBytes: 10,
      refusals: { missing: '请选择文件', tooLarge: '太大', wrongType: '不对' },
      response: z.null(),
    });
    expect(planCall('x.upload', upload)).toMatchObject({ type: 'upload', noInput: false, mutations: [] });
    expect(planCall('x.none', defineCall({ method: 'GET', path: 'x/none', summary: '无', access: 'login', response: z.null() }))).toMatchObject({
      noInput: true,
      mutations: [],
    });
  });

  it('every call of the contract gets a valid base and no input its own schema takes against the design', () => {
    const plans = ALL_CALLS.map(({ name, call }) => planCall(name, call));
    expect(plans.filter((p) => !p.baseValid).map((p) => p.name)).toEqual([]);
    const flagged = plans.flatMap((p) =>
      p.mutations.filter((m) => m.mustRefuse && accepts(p.call, m.input)).map((m) => `${p.name} ${m.part}.${m.field} ${m.kind}`),
    );
    expect(flagged).toEqual([]);
  });
});
