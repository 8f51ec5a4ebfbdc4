import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ALL_CALLS } from '../all-calls.ts';
import * as contract from '../index.ts';

const calls = ALL_CALLS;

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  valueType?: z.ZodType;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/**
 * Every field of a request schema (object properties, array elements, record values), down to the
 * leaves: a leaf is what a client can put text into.
 */
function leaves(schema: z.ZodType, path: string): { path: string; schema: z.ZodType }[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, field]) => leaves(field, `${path}.${key}`));
    case 'array':
      return leaves(def.element!, `${path}[]`);
    case 'record':
      return leaves(def.valueType!, `${path}{}`);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
      // an object or array wrapped in optional/default still has fields inside
      return ['object', 'array', 'record'].includes(defOf(def.innerType!).type) ? leaves(def.innerType!, path) : [{ path, schema }];
    default:
      return [{ path, schema }];
  }
}

const parts = ['query', 'body', 'params'] as const;
const requestLeaves = calls.flatMap(({ name, call }) =>
  parts.flatMap((part) => {
    const schema = (call as Partial<Record<(typeof parts)[number], z.ZodType>>)[part];
    return schema ? leaves(schema, `${name}.${part}`) : [];
  }),
);

describe('no request field of the contract takes control characters', () => {
  it('walks the fields of every call', () => {
    expect(calls.length).toBeGreaterThan(80);
    expect(requestLeaves.length).toBeGreaterThan(200);
  });

  it.each(['a\u0000b', 'a\u0001b', 'a\u001bb', 'a\u001fb', 'a\u007fb'])('no field accepts %j', (value) => {
    const accepting = requestLeaves.filter(({ schema }) => schema.safeParse(value).success).map(({ path }) => path);
    expect(accepting).toEqual([]);
  });

  it('the refusal names the field in Chinese', () => {
    const result = contract.auth.login.body!.safeParse({ username: 'ad\u0000min', password: 'x', code: '1', uuid: 'u' });
    expect(result.error?.issues.map((issue) => issue.message)).toContain('用户名不能包含控制字符');
  });

  it('a remark typed in a multi-line box keeps its line breaks; one-line fields do not take them', () => {
    const review = contract.goods.stockInReview.body!;
    expect(review.safeParse({ stockInId: 1, pass: true, reviewRemark: '第一行\r\n第二行' }).success).toBe(true);
    expect(review.safeParse({ stockInId: 1, pass: true, reviewRemark: '第一行\u0000' }).error?.issues[0]?.message).toBe('审核意见不能包含控制字符');
    expect(contract.goods.classificationAdd.body!.safeParse({ classificationName: '饮\n料' }).error?.issues[0]?.message).toBe('分类名称不能包含控制字符');
  });
});
