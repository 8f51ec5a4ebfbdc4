import { expect } from 'vitest';
import type { Permission } from '@venue/contract';
import { hashPassword } from '../src/lib/secrets.ts';
import type { Server } from './harness.ts';

/**
 * A tenant-1 user whose one role holds exactly `codes` (through the demo menu rows carrying them),
 * working in `venues` (venue 1 unless told), logged in: its token.
 */
export async function userHolding(server: Server, username: string, codes: readonly Permission[], venues: readonly number[] = [1]): Promise<string> {
  const db = server.db;
  const role = await db
    .insertInto('role')
    .values({ tenant_id: 1, code: username, name: username, level: 5, description: '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const menus = codes.length
    ? await db.selectFrom('menu').select(['id', 'permission']).where('tenant_id', '=', 1).where('permission', 'in', codes).execute()
    : [];
  expect(new Set(menus.map((m) => m.permission))).toEqual(new Set(codes));
  if (menus.length)
    await db
      .insertInto('role_menu')
      .values(menus.map((m) => ({ tenant_id: 1, role_id: role.id, menu_id: m.id })))
      .execute();
  const user = await db
    .insertInto('users')
    .values({
      tenant_id: 1,
      username,
      real_name: username,
      password_hash: await hashPassword('secret123'),
      phone: null,
      state: 'A',
      current_venue_id: venues[0] ?? null,
      member_type_flag: 'F',
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_role').values({ tenant_id: 1, user_id: user.id, role_id: role.id }).execute();
  if (venues.length)
    await db
      .insertInto('user_venue')
      .values(venues.map((venue_id) => ({ tenant_id: 1, user_id: user.id, venue_id })))
      .execute();
  return server.api.login(username, 'secret123');
}
