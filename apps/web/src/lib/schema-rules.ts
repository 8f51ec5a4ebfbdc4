/**
 * antd form rules read from the contract's zod schemas, so a form's length limits and their Chinese
 * messages are the ones the server checks, never typed a second time.
 */
import type { FormRule } from 'antd';
import { z } from 'zod';

type Wrapper = z.ZodType & { unwrap(): z.ZodType };
const isWrapper = (schema: z.ZodType): schema is Wrapper =>
  schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault;

/** The fields of a call's body or query schema: `fieldsOf(goods.goodsAdd.body).goodsName`. */
export function fieldsOf<S extends z.ZodObject>(schema: S | undefined): S['shape'] {
  if (!schema) throw new Error('schema-rules: the call has no such schema');
  return schema.shape;
}

/** The string schema inside `.optional()`, `.nullable()` and `.default()`. */
function stringOf(schema: z.ZodType): z.ZodString {
  let inner = schema;
  while (isWrapper(inner)) inner = inner.unwrap();
  if (!(inner instanceof z.ZodString)) throw new Error('schema-rules: not a string schema');
  return inner;
}

/** The schema's own message for a value that breaks the check `code`, found by trying such a value. */
function messageOf(schema: z.ZodType, value: string, code: 'too_big' | 'too_small'): string {
  const result = schema.safeParse(value);
  const issue = result.error?.issues.find((i) => i.code === code);
  if (!issue) throw new Error(`schema-rules: the schema has no ${code} check for this value`);
  return issue.message;
}

/** The longest text the schema accepts (its `.max()`); a schema without one is a mistake here. */
export function maxLen(schema: z.ZodType): number {
  const max = stringOf(schema).maxLength;
  if (max === null) throw new Error('schema-rules: the schema has no maximum length');
  return max;
}

/** `{ max, message }` with the schema's limit and its message (e.g. 商品名称不能超过50个字符). */
export function maxLenRule(schema: z.ZodType): FormRule {
  const max = maxLen(schema);
  return { max, message: messageOf(schema, 'x'.repeat(max + 1), 'too_big') };
}

/**
 * The rules of a text field: required (blank is refused) when the schema refuses an empty text,
 * with its message (e.g. 请输入商品名称), then its length limit.
 */
export function textRules(schema: z.ZodType): FormRule[] {
  const required: FormRule[] = schema.safeParse('').success ? [] : [{ required: true, whitespace: true, message: messageOf(schema, '', 'too_small') }];
  return [...required, maxLenRule(schema)];
}

/**
 * A rule that checks a value with the contract's schema itself (an integer quantity, a yuan amount with two
 * decimals, a range) and shows the schema's Chinese message; an empty value is left to a required rule.
 */
export function schemaRule(schema: z.ZodType): FormRule {
  return {
    validator: async (_, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(result.error.issues[0].message);
    },
  };
}
