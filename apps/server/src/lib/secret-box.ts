import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Secrets kept at rest (a platform's client secret): AES-256-GCM, "v1.<iv>.<tag>.<cipher>" in base64url.
 * The key is SECRET_KEY (64 hex digits; every process of a PostgreSQL deployment needs the same), else
 * a random key made once in the data directory (`secret.key`, mode 600).
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('SECRET_KEY must be 32 bytes (64 hex digits)');
  }

  static fromEnvOrFile(file: string, env = process.env.SECRET_KEY): SecretBox {
    if (env) return new SecretBox(Buffer.from(env, 'hex'));
    if (!existsSync(file)) {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    }
    return new SecretBox(Buffer.from(readFileSync(file, 'utf8').trim(), 'hex'));
  }

  seal(plain: string): string {
    if (!plain) return '';
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
  }

  open(sealed: string): string {
    if (!sealed) return '';
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1') throw new Error('unknown sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}
