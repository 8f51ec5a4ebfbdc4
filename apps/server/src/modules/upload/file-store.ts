import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';

/** Where uploaded files live. Local disk by default; an object store can take its place. */
export interface FileStore {
  /** Stores the bytes and answers the URL the browser loads them from. */
  put(tenantId: number, extension: string, bytes: Buffer): Promise<string>;
  /** The bytes behind a stored name, or undefined. */
  get(tenantId: number, name: string): Promise<Buffer | undefined>;
}

export const UPLOADS_PREFIX = '/uploads';
export const STORED_NAME = /^[0-9a-f-]{36}\.(png|jpg|gif|webp|svg)$/;

export class LocalFileStore implements FileStore {
  constructor(private readonly dir: string) {}

  async put(tenantId: number, extension: string, bytes: Buffer): Promise<string> {
    const folder = join(this.dir, String(tenantId));
    await mkdir(folder, { recursive: true });
    const name = `${randomUUID()}.${extension}`;
    await writeFile(join(folder, name), bytes);
    return `${UPLOADS_PREFIX}/${tenantId}/${name}`;
  }

  async get(tenantId: number, name: string): Promise<Buffer | undefined> {
    if (!STORED_NAME.test(name)) return undefined;
    return readFile(join(this.dir, String(tenantId), name)).catch(() => undefined);
  }
}

/** The picture type by its first bytes (not by the name or the header the browser sent). */
export function pictureType(bytes: Buffer): 'png' | 'jpg' | 'gif' | 'webp' | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.subarray(0, 6).toString('ascii') === 'GIF87a' || bytes.subarray(0, 6).toString('ascii') === 'GIF89a') return 'gif';
  if (bytes.subarray(0, 4).toString('ascii') === 'RIFF' && bytes.subarray(8, 12).toString('ascii') === 'WEBP') return 'webp';
  return undefined;
}

export const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', svg: 'image/svg+xml' };
