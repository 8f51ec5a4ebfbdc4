import { expect, it } from 'vitest';
import { ALL_PERMISSIONS, auth, goods, member, PERMISSIONS, sale, system, type Permission } from '@venue/contract';
import { hashPassword } from '../src/lib/secrets.ts';
import { describeEachEngine } from './harness.ts';

/** Access comes from the contract's calls: the route helper enforces it and the API document shows it. */
describeEachEngine('access from the contract on %s', (server) => {
  const { api } = server;
  const db = () => server.db;

  /** A tenant-1 user whose one role holds exactly `codes` (through the demo menu rows carrying them). */
  async function userHolding(username: string, codes: Permission[]): Promise<string> {
    const role = await db()
      .insertInto('role')
      .values({ tenant_id: 1, code: username, name: username, level: 5, description: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const menus = codes.length ? await db().selectFrom('menu').select('id').where('tenant_id', '=', 1).where('permission', 'in', codes).execute() : [];
    expect(menus).toHaveLength(codes.length);
    if (menus.length)
      await db()
        .insertInto('role_menu')
        .values(menus.map((m) => ({ tenant_id: 1, role_id: role.id, menu_id: m.id })))
        .execute();
    const user = await db()
      .insertInto('users')
      .values({
        tenant_id: 1,
        username,
        real_name: username,
        password_hash: await hashPassword('secret123'),
        phone: null,
        state: 'A',
        current_venue_id: 1,
        member_type_flag: 'F',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db().insertInto('user_role').values({ tenant_id: 1, user_id: user.id, role_id: role.id }).execute();
    await db().insertInto('user_venue').values({ tenant_id: 1, user_id: user.id, venue_id: 1 }).execute();
    return api.login(username, 'secret123');
  }

  it('admits a call with anyOf for either of its codes, and refuses a user holding neither', async () => {
    expect(sale.getPrint.access).toEqual({ anyOf: [PERMISSIONS.goods.saleOrder.add, PERMISSIONS.goods.saleOrder.list] });
    const receipt = (token: string) => api.call('GET', sale.getPrint.path, { token, query: { orderIds: '1' } });
    const seller = await userHolding('seller', [PERMISSIONS.goods.saleOrder.add]);
    const lister = await userHolding('lister', [PERMISSIONS.goods.saleOrder.list]);
    const neither = await userHolding('neither', [PERMISSIONS.goods.stock.list]);
    expect((await receipt(seller)).body.code).toBe(200);
    expect((await receipt(lister)).body.code).toBe(200);
    const refused = await receipt(neither);
    expect([refused.status, refused.body.code]).toEqual([403, 510]);
    // The single-code calls around it still ask for their own code.
    expect((await api.call('GET', sale.query.path, { token: seller })).status).toBe(403);
    expect((await api.call('GET', sale.query.path, { token: lister })).body.code).toBe(200);
  });

  it('applies a grant taken away or given back on the very next request (grants are cached by a version the database bumps)', async () => {
    const list = (token: string) => api.call('GET', sale.query.path, { token });
    const token = await userHolding('turncoat', [PERMISSIONS.goods.saleOrder.list]);
    expect((await list(token)).body.code).toBe(200);
    const user = await db().selectFrom('users').select('id').where('username', '=', 'turncoat').executeTakeFirstOrThrow();
    const grant = await db().selectFrom('user_role').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    await db().deleteFrom('user_role').where('user_id', '=', user.id).execute();
    expect((await list(token)).status).toBe(403);
    await db().insertInto('user_role').values(grant).execute();
    expect((await list(token)).body.code).toBe(200);
    // A menu's permission string edited away is a change too.
    const menu = await db()
      .selectFrom('menu')
      .select(['id', 'permission'])
      .where('tenant_id', '=', 1)
      .where('permission', '=', PERMISSIONS.goods.saleOrder.list)
      .executeTakeFirstOrThrow();
    await db().updateTable('menu').set({ permission: null }).where('id', '=', menu.id).execute();
    try {
      expect((await list(token)).status).toBe(403);
    } finally {
      await db().updateTable('menu').set({ permission: menu.permission }).where('id', '=', menu.id).execute();
    }
    expect((await list(token)).body.code).toBe(200);
  });

  it('seeds menu permissions from the table only', async () => {
    const seeded = await db().selectFrom('menu').select('permission').distinct().where('permission', 'is not', null).execute();
    const unknown = seeded.map((m) => m.permission!).filter((code) => !(ALL_PERMISSIONS as string[]).includes(code));
    expect(unknown).toEqual([]);
  });

  it('documents access: bearer security on protected calls, the codes asked for, the file calls', async () => {
    const doc = (await (await fetch(new URL('/api/docs/json', api.url))).json()) as {
      paths: Record<string, Record<string, { security?: unknown[]; description?: string; consumes?: string[]; operationId?: string }>>;
      components: { schemas: Record<string, unknown> };
      servers: unknown[];
    };
    const op = (method: string, path: string) => doc.paths[`/api/${path}`]![method]!;
    expect(op('post', auth.login.path).security).toEqual([]);
    expect(op('get', auth.info.path).security).toEqual([{ bearer: [] }]);
    expect(op('get', member.all.path)).toMatchObject({ security: [{ bearer: [] }], description: `需要权限：${PERMISSIONS.member.card.list}` });
    expect(op('get', sale.getPrint.path).description).toBe(`需要权限：${PERMISSIONS.goods.saleOrder.add} 或 ${PERMISSIONS.goods.saleOrder.list}`);
    expect(op('get', sale.exportOrders.path).description).toContain(PERMISSIONS.goods.saleOrder.list);
    expect(op('post', goods.uploadPicture.path).security).toEqual([{ bearer: [] }]);
    expect(op('post', member.importCard.path).description).toContain(PERMISSIONS.member.card.import);
    // each operation is named after its contract call; the recursive menu tree is one resolvable component
    expect(op('get', auth.info.path).operationId).toBe('auth.info');
    expect(JSON.stringify(op('get', system.userMenus.path))).toContain('"$ref":"#/components/schemas/MenuNode"');
    expect(doc.components.schemas.MenuNode).toMatchObject({ type: 'object', properties: { children: { items: { $ref: '#/components/schemas/MenuNode' } } } });
    expect(doc.servers).toHaveLength(1);
  });
});
