import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import type { MenuSeed } from '../module.ts';
import { insertButtons, insertMenus } from './menu-seed.ts';
import { MenuType } from './menu.repository.ts';
import { isUniqueViolation } from '../../lib/errors.ts';

interface MenuRow {
  id: number;
  pid: number | null;
  type: number;
  path: string;
  component: string | null;
  permission: string | null;
  sort: number;
}

/** How an entry of the product's menus is known across versions: a group by its path, a screen by what it shows, a button by its permission. */
const folderKey = (seed: MenuSeed) => `folder:${seed.path}`;
const screenKey = (seed: MenuSeed) => `screen:${seed.component ?? seed.permission ?? seed.path}`;
const buttonKey = (permission: string) => `button:${permission}`;

/**
 * Brings each tenant's menus up to the product's (issue 34): an entry this version declares that the
 * tenant has never been offered is added where the seed puts it and granted as a new tenant's would be
 * (the administrator, and the roles the entry names); every entry the tenant has is recorded as offered.
 * So a new screen reaches existing tenants at the next start, and an entry an admin deleted or moved
 * stays as the admin left it. Answers the titles added, by tenant.
 */
export async function syncMenus(db: Kysely<Database>, seeds: MenuSeed[], nowIso: string): Promise<Map<number, string[]>> {
  const added = new Map<number, string[]>();
  const tenants = await db.selectFrom('tenant').select('id').orderBy('id').execute();
  for (const { id: tenantId } of tenants) {
    try {
      const titles = await db.transaction().execute((trx) => syncTenant(trx, tenantId, seeds, nowIso));
      if (titles.length) added.set(tenantId, titles);
    } catch (error) {
      // Another process starting on the same database synced this tenant first (its offer rows won).
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return added;
}

async function syncTenant(db: Kysely<Database>, tenantId: number, seeds: MenuSeed[], nowIso: string): Promise<string[]> {
  const offered = new Set((await db.selectFrom('menu_offer').select('item_key').where('tenant_id', '=', tenantId).execute()).map((r) => r.item_key));
  const menus: MenuRow[] = await db
    .selectFrom('menu')
    .select(['id', 'pid', 'type', 'path', 'component', 'permission', 'sort'])
    .where('tenant_id', '=', tenantId)
    .execute();
  const roles = await db.selectFrom('role').select(['id', 'code']).where('tenant_id', '=', tenantId).execute();
  const roleIds = Object.fromEntries(roles.map((r) => [r.code, r.id]));
  const newlyOffered = new Set<string>();
  const titles: string[] = [];
  const offer = (key: string) => !offered.has(key) && newlyOffered.add(key);
  const nextSort = (pid: number | null) => Math.max(0, ...menus.filter((m) => m.pid === pid).map((m) => m.sort));

  /** Adds one seed entry (with its buttons and children) under `pid`, and reads its new rows back. */
  const add = async (seed: MenuSeed, pid: number | null) => {
    await insertMenus(db, tenantId, roleIds, [seed], nextSort(pid), pid);
    const fresh = await db
      .selectFrom('menu')
      .select(['id', 'pid', 'type', 'path', 'component', 'permission', 'sort'])
      .where('tenant_id', '=', tenantId)
      .where('id', 'not in', menus.length ? menus.map((m) => m.id) : [0])
      .execute();
    menus.push(...fresh);
    titles.push(seed.title);
    offerAll(seed);
  };
  const offerAll = (seed: MenuSeed) => {
    offer(seed.children ? folderKey(seed) : screenKey(seed));
    seed.buttons?.forEach(([, permission]) => offer(buttonKey(permission)));
    seed.children?.forEach(offerAll);
  };

  const walk = async (level: MenuSeed[], pid: number | null) => {
    for (const seed of level) {
      if (seed.children) {
        const folder = menus.find((m) => m.type === MenuType.FOLDER && m.path === seed.path && (pid === null ? m.pid === null : m.pid === pid));
        if (folder) {
          offer(folderKey(seed));
          await walk(seed.children, folder.id);
        } else if (!offered.has(folderKey(seed))) await add(seed, pid);
        continue;
      }
      const screen = menus.find(
        (m) =>
          m.type === MenuType.SCREEN && (seed.component ? m.component === seed.component : m.permission === (seed.permission ?? null) && m.path === seed.path),
      );
      if (!screen) {
        if (!offered.has(screenKey(seed))) await add(seed, pid);
        continue;
      }
      offer(screenKey(seed));
      const missing = (seed.buttons ?? []).filter(
        ([, permission]) => !offered.has(buttonKey(permission)) && !menus.some((m) => m.type === MenuType.BUTTON && m.permission === permission),
      );
      if (missing.length) await insertButtons(db, tenantId, roleIds, screen.id, missing, nextSort(screen.id));
      titles.push(...missing.map(([title]) => title));
      seed.buttons?.forEach(([, permission]) => offer(buttonKey(permission)));
    }
  };
  await walk(seeds, null);
  if (newlyOffered.size)
    await db
      .insertInto('menu_offer')
      .values([...newlyOffered].map((item_key) => ({ tenant_id: tenantId, item_key, offered_at: nowIso })))
      .execute();
  return titles;
}
