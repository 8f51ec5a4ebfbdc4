import { describe, expect, it } from 'vitest';
import { maskCardNo, maskEmail, maskMobile } from './mask';

describe('maskMobile (spec 5)', () => {
  it('keeps the first 3 and the digits after the 7th', () => {
    expect(maskMobile('13812345678')).toBe('138****5678');
  });
  it('leaves short or empty values alone', () => {
    expect(maskMobile('138123')).toBe('138123');
    expect(maskMobile('')).toBe('');
    expect(maskMobile(undefined)).toBe('');
  });
});

describe('maskEmail (spec 5)', () => {
  it('keeps the first 3 characters of the local part', () => {
    expect(maskEmail('abcdef@x.com')).toBe('abc***@x.com');
    expect(maskEmail('abc@x.com')).toBe('abc***@x.com');
    expect(maskEmail('ab@x.com')).toBe('ab***@x.com');
  });
  it('leaves a value without a local part alone', () => {
    expect(maskEmail('not-an-email')).toBe('not-an-email');
    expect(maskEmail('@x.com')).toBe('@x.com');
    expect(maskEmail(null)).toBe('');
  });
});

describe('maskCardNo (member display)', () => {
  it('keeps the first 4 and last 4 with stars between', () => {
    expect(maskCardNo('6222021234567890')).toBe('6222********7890');
    expect(maskCardNo('123456789')).toBe('1234*6789');
  });
  it('short numbers keep only the last 4', () => {
    expect(maskCardNo('12345678')).toBe('****5678');
    expect(maskCardNo('123456')).toBe('**3456');
    expect(maskCardNo('1234')).toBe('1234');
    expect(maskCardNo(undefined)).toBe('');
  });
});
