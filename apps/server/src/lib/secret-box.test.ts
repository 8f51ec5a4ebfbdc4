import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.ts';

describe('SecretBox', () => {
  it('seals so that only the same key opens, and never keeps the plain text', () => {
    const box = new SecretBox(randomBytes(32));
    const sealed = box.seal('client-secret-123');
    expect(sealed).not.toContain('client-secret-123');
    expect(box.open(sealed)).toBe('client-secret-123');
    expect(() => new SecretBox(randomBytes(32)).open(sealed)).toThrow();
    expect(box.seal('')).toBe('');
  });
});
