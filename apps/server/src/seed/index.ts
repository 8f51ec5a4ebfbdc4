import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { DEMO_TENANTS, seedTenant } from './demo.ts';

export interface SeedResult {
  seeded: boolean;
  /** Demo logins, or the one admin with its generated password. */
  logins: { username: string; password: string }[];
}

/** Seeds an empty database: the demo tenants, or (demo off) one tenant with an `admin` whose password is made up now. */
export async function seedIfEmpty(db: Db, demo: boolean, now = new Date()): Promise<SeedResult> {
  const existing = await db.kysely.selectFrom('tenant').select('id').limit(1).executeTakeFirst();
  if (existing) return { seeded: false, logins: [] };
  const nowIso = now.toISOString();
  return db.kysely.transaction().execute(async (trx) => {
    if (demo) {
      for (const tenant of DEMO_TENANTS) await seedTenant(trx, tenant, nowIso);
      return { seeded: true, logins: DEMO_TENANTS.flatMap((t) => t.users.map(({ username, password }) => ({ username, password }))) };
    }
    const password = randomBytes(9).toString('base64url');
    const admin = { username: 'admin', realName: '系统管理员', password, role: 'admin' as const, venues: 'all' as const };
    await seedTenant(trx, { code: 'main', name: '我的体育场馆', centers: [], users: [admin], roles: ['admin'] }, nowIso);
    // Printed once at the first start: the admin replaces it at the first login.
    await trx.updateTable('users').set({ must_change_password: 'T' }).where('username', '=', 'admin').execute();
    return { seeded: true, logins: [{ username: 'admin', password }] };
  });
}
