import { describe, expect, it } from 'vitest';
import type { Certificate, VoucherLookup } from '@venue/contract/marketing';
import { countLine, lookupWarning, toggle, withDefaults } from './voucher-choice';

const cert = (id: string, type = 1, checked = false): Certificate => ({
  encryptedCode: `${id}-q3Vh8kz0+Yb1/8Jk2mQ9sWc4Xo7LrT5uE6nA1dF0gH2iJ3kL4mN5oP6qR7sT8uV9wX0yZ1aB2cD3eF4gH5iJ6k==`,
  checked,
  sku: { skuId: 's', title: '游泳单次票', grouponType: type },
  amount: { originalAmount: 4000, payAmount: 2500 },
  expireTime: '2027-01-01 00:00:00',
});
const found = (...certificates: Certificate[]): VoucherLookup => ({
  code: 'x',
  venueId: 1,
  description: '',
  errorCode: 0,
  orderId: 'o',
  verifyToken: 't',
  certificates,
});

describe('voucher choice (spec 2.8, 4, 8)', () => {
  it('counts available and chosen', () => {
    expect(countLine([cert('a', 1, true), cert('b'), cert('c', 1, true)])).toBe('可用 3 张，已选 2 张');
  });
  it('warns when nothing was found, with the platform word when it gave one, and for cash vouchers only', () => {
    expect(lookupWarning(found())).toBe('未查询到优惠券/团购券信息');
    expect(lookupWarning({ ...found(), errorCode: 1001, description: '券码已过期' })).toBe('未查询到优惠券/团购券信息（券码已过期）');
    expect(lookupWarning(found(cert('a', 2)))).toBe('该类型券暂未开放');
    expect(lookupWarning(found(cert('a')))).toBeNull();
  });
  it('never ticks a cash voucher; ticks the single usable voucher of an order by default', () => {
    const order = found(cert('a', 2), cert('b'));
    const [cash, meal] = order.certificates;
    expect(toggle(order, cash.encryptedCode, true)).toEqual({ next: order, refused: '该类型券暂未开放' });
    const ticked = toggle(order, meal.encryptedCode, true).next;
    expect(ticked.certificates.map((c) => c.checked)).toEqual([false, true]);
    expect(withDefaults(order).certificates.map((c) => c.checked)).toEqual([false, true]);
    expect(withDefaults(found(cert('a'), cert('b'))).certificates.map((c) => c.checked)).toEqual([false, false]);
  });
});
