import { describe, expect, it } from 'vitest';
import type { FormRule } from 'antd';
import { isEmail, isIdNumber, isIp, isLandline, isLowerCase, isMobile, isPhoneOrLandline, isUpperCase, isUrl, rules, validUsername } from './validators';

// Type check only: the rules plug straight into antd forms.
const antdRules: FormRule[] = Object.values(rules);

describe('validator predicates (spec 5)', () => {
  it('IP address: four parts 0-255', () => {
    for (const ok of ['0.0.0.0', '192.168.1.1', '255.255.255.255', '10.0.0.254']) expect(isIp(ok), ok).toBe(true);
    for (const bad of ['256.1.1.1', '1.2.3', '1.2.3.4.5', '01.2.3.4', '1.2.3.a', ' 1.2.3.4']) expect(isIp(bad), bad).toBe(false);
  });
  it('mobile: 11 digits starting with 1[3-9]', () => {
    expect(isMobile('13812345678')).toBe(true);
    expect(isMobile('19912345678')).toBe(true);
    for (const bad of ['1381234567', '138123456789', '12812345678', '23812345678', '1381234567a']) expect(isMobile(bad), bad).toBe(false);
  });
  it('landline: area code, dash, 7-8 digits', () => {
    for (const ok of ['010-1234567', '0755-12345678', '021-87654321']) expect(isLandline(ok), ok).toBe(true);
    for (const bad of ['0101234567', '10-1234567', '010-123456', '010-123456789', 'x010-1234567']) expect(isLandline(bad), bad).toBe(false);
  });
  it('phone or landline accepts either', () => {
    expect(isPhoneOrLandline('13812345678')).toBe(true);
    expect(isPhoneOrLandline('010-1234567')).toBe(true);
    expect(isPhoneOrLandline('12345')).toBe(false);
  });
  it('ID number: 15 or 18 digits, last possibly X', () => {
    for (const ok of ['110101800101001', '11010119900307123X', '110101199003071234', '11010119900307123x']) expect(isIdNumber(ok), ok).toBe(true);
    for (const bad of ['11010119900307123', '1101011990030712345', '1101011990030712X4', '11010180010100X']) expect(isIdNumber(bad), bad).toBe(false);
  });
  it('URL, e-mail, lower and upper case', () => {
    expect(isUrl('https://example.com/a?b=1')).toBe(true);
    expect(isUrl('http://192.168.1.1:8080')).toBe(true);
    expect(isUrl('example.com')).toBe(false);
    expect(isUrl('https://localhost')).toBe(false);
    expect(isEmail('abc.def@x.com')).toBe(true);
    expect(isEmail('abc@x')).toBe(false);
    expect(isEmail('a b@x.com')).toBe(false);
    expect(isLowerCase('abc')).toBe(true);
    expect(isLowerCase('abC')).toBe(false);
    expect(isUpperCase('ABC')).toBe(true);
    expect(isUpperCase('AB1')).toBe(false);
  });
  it('username: admin and editor', () => {
    expect(validUsername('admin')).toBe(true);
    expect(validUsername(' editor ')).toBe(true);
    expect(validUsername('root')).toBe(false);
  });
});

describe('form rules (spec 5)', () => {
  const check = (value: unknown, rule = rules.mobile) => rule.validator({}, value);

  it('let empty values pass', async () => {
    expect(antdRules.length).toBeGreaterThan(0);
    for (const rule of Object.values(rules)) {
      await expect(check(undefined, rule)).resolves.toBeUndefined();
      await expect(check(null, rule)).resolves.toBeUndefined();
      await expect(check('', rule)).resolves.toBeUndefined();
    }
  });
  it('reject with the exact Chinese messages', async () => {
    const cases: [keyof typeof rules, string][] = [
      ['ip', '请输入正确的IP地址'],
      ['phoneOrLandline', '请输入正确的电话号码或者固话号码'],
      ['landline', '请输入正确的固话（格式：区号+号码,如010-1234567）'],
      ['mobile', '请输入正确的电话号码'],
      ['idNumber', '请输入正确的身份证号码'],
      ['url', '请输入正确的网址'],
      ['email', '请输入正确的邮箱地址'],
      ['lowerCase', '只能输入小写字母'],
      ['upperCase', '只能输入大写字母'],
      ['username', '请输入正确的用户名'],
    ];
    for (const [name, message] of cases) await expect(check('不对', rules[name]), name).rejects.toThrow(new Error(message));
  });
  it('resolve valid values, numbers included', async () => {
    await expect(check('13812345678')).resolves.toBeUndefined();
    await expect(check(13812345678)).resolves.toBeUndefined();
    await expect(check('010-1234567', rules.landline)).resolves.toBeUndefined();
  });
});
