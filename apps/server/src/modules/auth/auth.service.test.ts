import { Writable } from 'node:stream';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../plugins/logging.ts';

// Count every argon2 verification the service makes, with the hash it was given.
const verified: string[] = [];
vi.mock('../../lib/secrets.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../lib/secrets.ts')>();
  return {
    ...real,
    verifyPassword: async (hash: string, password: string) => {
      verified.push(hash);
      return real.verifyPassword(hash, password);
    },
  };
});

const { AuthService } = await import('./auth.service.ts');
const { hashPassword } = await import('../../lib/secrets.ts');
type Deps = ConstructorParameters<typeof AuthService>;

/** The service over in-memory stand-ins: one user `admin` whose password is `Right-Secret-1`. */
async function service() {
  const adminHash = await hashPassword('Right-Secret-1');
  const counts = new Map<string, number>();
  const repo = {
    countAttempt: async (key: string) => {
      counts.set(key, (counts.get(key) ?? 0) + 1);
      return counts.get(key)!;
    },
    failureCount: async (key: string) => counts.get(key) ?? 0,
    clearFailures: async () => undefined,
    findUserByUsername: async (name: string) => (name === 'admin' ? { id: 1, tenant_id: 1, state: 'A', password_hash: adminHash } : undefined),
    createSession: async () => undefined,
  } as unknown as Deps[0];
  const users = { info: async () => ({}) } as unknown as Deps[1];
  const clock = { now: () => new Date() };
  return { auth: new AuthService(repo, users, {} as Deps[2], clock, {} as Deps[4]), adminHash };
}

describe('login timing', () => {
  beforeEach(() => void (verified.length = 0));

  it('verifies an argon2 hash for an unknown user name as for a wrong password', async () => {
    const { auth, adminHash } = await service();
    await expect(auth.login({ username: 'admin', password: 'wrong-one' }, '10.0.0.1')).rejects.toThrow('用户名或密码错误');
    await expect(auth.login({ username: 'nobody', password: 'wrong-one' }, '10.0.0.2')).rejects.toThrow('用户名或密码错误');
    await expect(auth.login({ username: 'nobody-else', password: 'x' }, '10.0.0.3')).rejects.toThrow('用户名或密码错误');
    expect(verified).toHaveLength(3);
    expect(verified[0]).toBe(adminHash);
    // The unknown users' checks ran against a real argon2id hash of the same cost, made once.
    expect(verified[1]).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(verified[2]).toBe(verified[1]);
    expect(verified[1]).not.toBe(adminHash);
  });

  it('takes about as long for an unknown user as for a wrong password', async () => {
    const { auth } = await service();
    const time = async (username: string, i: number) => {
      const started = performance.now();
      await auth.login({ username, password: 'wrong-one' }, `10.1.0.${i}`).catch(() => undefined);
      return performance.now() - started;
    };
    await time('nobody', 0); // makes the dummy hash
    const known: number[] = [];
    const unknown: number[] = [];
    // Interleaved, so a busy machine slows both alike; the service counts attempts, so each try has its own address.
    for (let i = 1; i <= 3; i++) {
      known.push(await time('admin', i));
      unknown.push(await time(`nobody${i}`, 10 + i));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]!;
    // Both do one argon2 verification: without it an unknown user answered in a fraction of the time.
    expect(median(unknown)).toBeGreaterThan(median(known) / 3);
  });
});

describe('log redaction', () => {
  it('never writes the password fields of checkPassword and updatePass', () => {
    let written = '';
    const logger = createLogger(
      { requests: true },
      new Writable({
        write(chunk, _encoding, done) {
          written += String(chunk);
          done();
        },
      }),
    );
    logger.error({ body: { password: 'P-one-secret', oldPass: 'P-two-secret', newPass: 'P-three-secret' } }, 'failed');
    logger.warn({ err: { body: { oldPass: 'P-two-secret', newPass: 'P-three-secret' } } }, 'failed');
    expect(written).toContain('[redacted]');
    expect(written).not.toMatch(/P-(one|two|three)-secret/);
  });
});
