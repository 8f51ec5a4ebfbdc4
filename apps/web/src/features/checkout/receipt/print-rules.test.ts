import { describe, expect, it } from 'vitest';
import { copyQuestion, PrintCounter, salesperson, shouldPrint } from './print-rules';

describe('receipt printing rules (spec 4 "Printing")', () => {
  it('skips when needPrint is F, or a card payment of a type not allowed', () => {
    expect(shouldPrint({ needPrint: 'F', printNum: 1, allowPayTypes: 'M,T,D' }, 'cashpay')).toBe(false);
    expect(shouldPrint({ needPrint: 'T', printNum: 1, allowPayTypes: 'T,D' }, 'cardpay', 'M')).toBe(false);
    expect(shouldPrint({ needPrint: 'T', printNum: 1, allowPayTypes: 'T,D' }, 'cashpay', 'M')).toBe(true);
    expect(shouldPrint({ needPrint: 'T', printNum: 1, allowPayTypes: 'M,T,D' }, 'cardpay', 'M')).toBe(true);
  });

  it('counts copies from 1, confirms from the second, resets on cancel and past printNum', () => {
    const counter = new PrintCounter(3);
    expect([counter.next, counter.needsConfirm]).toEqual([1, false]);
    counter.printed();
    expect([counter.next, counter.needsConfirm]).toEqual([2, true]);
    expect(copyQuestion(counter.next)).toBe('打印份数已超过一份，确认打印第 2 份吗？');
    counter.cancel();
    expect(counter.next).toBe(1);
    counter.printed();
    counter.printed();
    counter.printed();
    expect(counter.next).toBe(1);
  });

  it('prints the real name as salesperson, with the order username beside it for back-office orders (issue 30)', () => {
    expect(salesperson({ source: 'B', username: 'cashier', createName: '收银员小李' }, '系统管理员')).toBe('收银员小李（cashier）');
    expect(salesperson({ source: 'W', username: 'cashier', createName: '收银员小李' }, '系统管理员')).toBe('系统管理员');
  });
});
