import { expect, it } from 'vitest';
import { ALL_PERMISSIONS, auth, board, gate, goods, hand, member, payment, PERMISSIONS, sale, system, type Call, type Permission } from '@venue/contract';
import { ALL_CALLS } from '@venue/contract/all-calls';
import { describeEachEngine } from './harness.ts';
import { userHolding as holding } from './roles.helpers.ts';

/** Access comes from the contract's calls: the route helper enforces it and the API document shows it. */
describeEachEngine('access from the contract on %s', (server) => {
  const { api } = server;
  const db = () => server.db;

  const userHolding = (username: string, codes: Permission[]) => holding(server, username, codes);

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

  /** Calls open to any login: what every user needs to work at all (the shell, the session, the own password). */
  const OPEN_TO_ANY_LOGIN = [
    'auth.info',
    'auth.setCurrentVenue',
    'auth.checkPassword',
    'auth.updatePassword',
    'system.userMenus',
    'system.tenantServices',
    'system.enableVenueInfo',
    'system.sportItems',
    'venue.allVenueWithSportItems',
    'venue.venueItemSettings',
    'payment.getPrintConfig',
    // lists the till and the back office pick from (names, no figures of the day)
    'goods.classificationAll',
    'goods.warehouseAll',
    'goods.allByClassification',
    'ticket.queryPeopleCount',
  ];
  /** Open to any login and to a venue's board token: the shell's settings and code tables, and logging out. */
  const OPEN_TO_BOARD = ['auth.logout', 'system.globalSetting', 'system.tenantInfo', 'system.dictByType', 'system.dictMap'];

  it('opens to any login only the calls every user needs; every other call asks for a code of its screen', () => {
    const named = (access: string) => ALL_CALLS.filter(({ call }) => call.access === access).map(({ name }) => name);
    expect(named('login').sort()).toEqual([...OPEN_TO_ANY_LOGIN].sort());
    expect(named('board').sort()).toEqual([...OPEN_TO_BOARD].sort());
    // the boards keep the venue's anonymous token beside their code
    expect(board.revenueQuery.access).toEqual({ permission: PERMISSIONS.board.view, board: true });
    expect(gate.passFlow.access).toEqual({ anyOf: [PERMISSIONS.board.view, PERMISSIONS.gate.pass.list], board: true });
  });

  it('refuses boards, pass flow, payment methods and band lookups to a user whose role holds no codes; each to its screens’ holders', async () => {
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const probes: [Call, Record<string, unknown>][] = [
      [board.revenueQuery, { venueId: 1, beginDate: today, endDate: today }],
      [board.flowQuery, { venueId: 1 }],
      [board.cockpitQuery, { venueId: 1 }],
      [board.verificationsQuery, { venueId: 1 }],
      [gate.passFlow, { venueId: 1 }],
      [payment.queryPayType, { venueId: 1 }],
      [hand.lookup, { id: 'H001' }],
    ];
    const answers = async (token: string) =>
      Promise.all(probes.map(async ([call, query]) => `${call.path} ${(await api.call('GET', call.path, { token, query })).status}`));
    const expected = (...allowed: Call[]) => probes.map(([call]) => `${call.path} ${allowed.includes(call) ? 200 : 403}`);
    const nobody = await userHolding('nobody', []);
    expect(await answers(nobody)).toEqual(expected());
    // the SSE stream of the boards too: refused before it opens
    expect((await api.call('GET', board.events.path, { token: nobody, query: { venueId: 1 } })).status).toBe(403);

    const viewer = await userHolding('boardviewer', [PERMISSIONS.board.view]);
    expect(await answers(viewer)).toEqual(expected(board.revenueQuery, board.flowQuery, board.cockpitQuery, board.verificationsQuery, gate.passFlow));
    const doorman = await userHolding('doorman', [PERMISSIONS.gate.pass.list]);
    expect(await answers(doorman)).toEqual(expected(gate.passFlow));
    const seller = await userHolding('seller2', [PERMISSIONS.goods.saleOrder.add]);
    expect(await answers(seller)).toEqual(expected(payment.queryPayType));
    const bands = await userHolding('bandkeeper', [PERMISSIONS.system.hand.list]);
    expect(await answers(bands)).toEqual(expected(hand.lookup));
    // the demo cashier (seeded with each screen's code) and a venue's anonymous board token
    expect(await answers(server.cashier.token)).toEqual(expected(...probes.map(([call]) => call)));
    const anonymous = (await api.call(auth.getAnonymous, { body: { venueId: 1 } })).body.data.token;
    expect(await answers(anonymous)).toEqual(expected(board.revenueQuery, board.flowQuery, board.cockpitQuery, board.verificationsQuery, gate.passFlow));
  });

  it('every call taking a payMode is used by a holder of the payment methods', () => {
    const readers = payment.queryPayType.access.anyOf as readonly string[];
    const paying = ALL_CALLS.filter(
      // payment.* and payChannel.* set the methods and their merchant parameters up; they pay nothing
      ({ name, call }) =>
        'body' in call && call.body && 'shape' in call.body && 'payMode' in (call.body.shape as object) && !/^(payment|payChannel)\./.test(name),
    );
    expect(paying.length).toBeGreaterThan(10);
    const unread = paying.filter(
      ({ call }) =>
        typeof call.access !== 'object' || !('anyOf' in call.access ? call.access.anyOf : [call.access.permission]).some((code) => readers.includes(code)),
    );
    expect(unread.map(({ name }) => name)).toEqual([]);
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
    expect(op('get', member.all.path)).toMatchObject({
      security: [{ bearer: [] }],
      description: `需要权限：${PERMISSIONS.member.card.list}；手机号、身份证号对未持有 ${PERMISSIONS.member.member.plain}（查看完整手机号）的用户脱敏`,
    });
    expect(op('get', sale.getPrint.path).description).toBe(`需要权限：${PERMISSIONS.goods.saleOrder.add} 或 ${PERMISSIONS.goods.saleOrder.list}`);
    expect(op('get', sale.exportOrders.path).description).toContain(PERMISSIONS.goods.saleOrder.list);
    expect(op('post', goods.uploadPicture.path).security).toEqual([{ bearer: [] }]);
    expect(op('post', member.importCard.path).description).toContain(PERMISSIONS.member.card.import);
    // both uploads: one multipart field `file`, and the 400/413 refusals of a file
    for (const upload of [goods.uploadPicture, member.importCard]) {
      const { requestBody, responses } = op('post', upload.path) as { requestBody?: unknown; responses: Record<string, unknown> };
      expect(requestBody).toMatchObject({
        required: true,
        content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } } },
      });
      expect(Object.keys(responses)).toEqual(expect.arrayContaining(['200', '400', '413']));
    }
    // each operation is named after its contract call; the recursive menu tree is one resolvable component
    expect(op('get', auth.info.path).operationId).toBe('auth.info');
    expect(JSON.stringify(op('get', system.userMenus.path))).toContain('"$ref":"#/components/schemas/MenuNode"');
    expect(doc.components.schemas.MenuNode).toMatchObject({ type: 'object', properties: { children: { items: { $ref: '#/components/schemas/MenuNode' } } } });
    expect(doc.servers).toHaveLength(1);
  });
});
