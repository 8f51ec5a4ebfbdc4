import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS, newPassword, PASSWORD_MESSAGES, passwordProblem } from './password.ts';

describe('new passwords', () => {
  it('takes 8 to 64 characters that are neither common nor the user name', () => {
    expect(passwordProblem('Tq7#mVb2', 'cashier')).toBeNull();
    expect(passwordProblem('x'.repeat(7) + 'Z')).toBeNull();
    expect(passwordProblem('a'.repeat(64).replace(/^a/, 'K'))).toBeNull();
    expect(newPassword().safeParse('Tq7#mVb2').success).toBe(true);
  });

  it('refuses short, long, common and user-name passwords with Chinese messages', () => {
    expect(passwordProblem('')).toBe('请输入新密码');
    expect(passwordProblem('Ab3#xyz')).toBe('新密码长度为8到64个字符');
    expect(passwordProblem('K'.repeat(65))).toBe('新密码长度为8到64个字符');
    for (const common of ['password', 'PassWord1', '12345678', 'qwertyuiop', 'woaini1314', 'Admin123']) {
      expect(passwordProblem(common)).toBe('新密码过于常见，请换一个更难猜的密码');
    }
    expect(passwordProblem('Cashier-Li', 'cashier-li')).toBe(PASSWORD_MESSAGES.sameAsUsername);
    const msg = (v: unknown) => newPassword().safeParse(v).error?.issues[0]?.message;
    expect(msg('short')).toBe('新密码长度为8到64个字符');
    expect(msg('ILOVEYOU1')).toBe('新密码过于常见，请换一个更难猜的密码');
    expect(msg(undefined)).toBe('请输入新密码');
    expect(msg('abc\u0000defgh')).toBe('新密码不能包含控制字符');
  });

  it('keeps a list of about two hundred common passwords, all lower-case and long enough to matter', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(200);
    for (const p of COMMON_PASSWORDS) {
      expect(p).toBe(p.toLowerCase());
      expect(p.length).toBeGreaterThanOrEqual(8);
    }
  });
});
