import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as goods from '@venue/contract/goods';
import * as member from '@venue/contract/member';
import * as payment from '@venue/contract/payment';
import { fieldsOf, maxLen, maxLenRule, schemaRule, textRules } from './schema-rules';

describe('form rules from the contract schemas', () => {
  const goodsFields = fieldsOf(goods.goodsAdd.body);

  it('reads the length limit through optional, nullable and default', () => {
    expect(maxLen(goodsFields.goodsName)).toBe(50);
    expect(maxLen(goodsFields.specs)).toBe(50);
    expect(maxLen(payment.payRequest.shape.remark)).toBe(100);
    expect(maxLen(fieldsOf(member.updateRemark.query).remark)).toBe(200);
    expect(maxLen(z.string().max(8).nullable().optional())).toBe(8);
  });

  it('gives a required text field both rules with the messages the server answers', () => {
    expect(textRules(goodsFields.goodsName)).toEqual([
      { required: true, whitespace: true, message: '请输入商品名称' },
      { max: 50, message: '商品名称不能超过50个字符' },
    ]);
    expect(textRules(fieldsOf(goods.warehouseAdd.body).remark)).toEqual([{ max: 200, message: '备注不能超过200个字符' }]);
  });

  it('keeps the message of a hand-written max check', () => {
    expect(maxLenRule(goodsFields.barcode)).toEqual({ max: 50, message: '条码不能超过50个字符' });
  });

  it('refuses a schema without a length limit or that is no text', () => {
    expect(() => maxLen(z.string())).toThrow('no maximum length');
    expect(() => maxLen(z.number())).toThrow('not a string schema');
    expect(() => fieldsOf(goods.goodsAdd.query)).toThrow('no such schema');
  });

  it('checks a value with the schema itself and shows its message (an integer quantity, two decimals)', async () => {
    const check = (schema: z.ZodType, value: unknown) =>
      (schemaRule(schema) as { validator: (rule: unknown, value: unknown) => Promise<void> }).validator({}, value).then(
        () => 'ok',
        (error: Error) => error.message,
      );
    const change = z.number().int('调整数量必须是整数').max(10, '调整数量不能超过10');
    expect(await check(change, 2.5)).toBe('调整数量必须是整数');
    expect(await check(change, 11)).toBe('调整数量不能超过10');
    expect(await check(change, 3)).toBe('ok');
    expect(await check(change, null)).toBe('ok');
  });
});
