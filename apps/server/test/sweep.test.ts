import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { AnyCall } from '@venue/contract';
import { ALL_CALLS } from '@venue/contract/all-calls';
import { hashPassword } from '../src/lib/secrets.ts';
import { describeEachEngine } from './harness.ts';
import { accepts, planCall, type CallPlan, type RequestInput } from './sweep/bad-inputs.ts';
import { changedTables, tableStates, watchWrites } from './sweep/fingerprint.ts';
import { pool, send, type Answer } from './sweep/send.ts';

/**
 * Issue 12: every call of the contract, swept with bad inputs generated from its own schemas, as
 * another tenant with tenant 1's ids, and as a user without its permission. Nothing here names a
 * call: a new route is swept the day it joins the contract.
 */

const CJK = /[\u4e00-\u9fff]/;
/** Requests in flight at once against the suite's server. */
const WIDTH = 6;
/** Tenant 1's demo ids tried as tenant 2. */
const TENANT_ONE_IDS = [1, 2, 3];

const plans: CallPlan[] = ALL_CALLS.map(({ name, call }) => planCall(name, call));

interface Counts {
  calls: number;
  noInput: number;
  uploads: number;
  /** Inputs sent, per sweep. */
  badInputs: number;
  /** Generated inputs the call's schema takes: sent to reads (no 5xx), not sent to writes. */
  validRead: number;
  validWriteNotSent: number;
  crossTenant: number;
  noPermission: number;
}
const counts: Record<string, Counts> = {};
afterAll(() => {
  const lines = Object.entries(counts).map(
    ([engine, c]) =>
      `${engine}: ${c.calls} calls swept (${c.noInput} without input, ${c.uploads} uploads); ${c.badInputs} bad inputs sent, ` +
      `${c.validRead} schema-valid inputs sent to reads, ${c.validWriteNotSent} schema-valid inputs of writes not sent; ` +
      `${c.crossTenant} cross-tenant calls; ${c.noPermission} calls without permission`,
  );
  console.log(`input sweep:\n${lines.join('\n')}`);
});

/** A call that may change data: everything but GET (a POST read is treated as a write). */
const writes = (call: AnyCall) => call.method !== 'GET';

/** The inputs of an upload: no file, a JSON body instead of a form, a text field named `file`. */
function uploadInputs(): { kind: string; input: RequestInput }[] {
  const textField = new FormData();
  textField.append('file', 'not a file');
  return [
    { kind: 'no-file', input: { body: new FormData() } },
    { kind: 'json-body', input: { body: {} } },
    { kind: 'text-field', input: { body: textField } },
  ];
}

const describeAnswer = (a: Answer) => `${a.status} ${a.text.slice(0, 160)}`;

/** The id fields of a plan: numeric ids, id lists as text and id arrays, not inside arrays. */
function withIds(plan: CallPlan, id: number): RequestInput | undefined {
  const input = JSON.parse(JSON.stringify(plan.base)) as RequestInput;
  let found = false;
  for (const field of plan.fields) {
    if (field.path.length !== 1 || typeof field.path[0] !== 'string') continue;
    const name = field.path[0];
    const { core } = field.info;
    const text = field.part !== 'body';
    const target = (input[field.part] ??= {}) as Record<string, unknown>;
    if ((core === 'number' || core === 'numeric-text') && /^id$|Id$/.test(name)) target[name] = text ? String(id) : id;
    else if (core === 'string' && /Ids$/.test(name)) target[name] = String(id);
    else if (core === 'array' && /Ids$/.test(name)) target[name] = [id];
    else continue;
    found = true;
  }
  return found ? input : undefined;
}

/** The string values of a JSON value, deep. */
function stringsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => stringsOf(v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => stringsOf(v, out));
  return out;
}

// The sweep walks every call of the contract, so it grows with each capability: a ceiling of its own,
// not the 60 s every other test gets.
const SWEEP_TIMEOUT_MS = 600_000;

describeEachEngine('generated input sweep on %s', (server, engine) => {
  const c: Counts = { calls: 0, noInput: 0, uploads: 0, badInputs: 0, validRead: 0, validWriteNotSent: 0, crossTenant: 0, noPermission: 0 };
  counts[engine] = c;
  let noPermissionToken = '';
  /** Text values found only in tenant 1's rows: seeing one as tenant 2 is a leak. */
  let tenantOneOnly = new Set<string>();
  let writeCount: () => Promise<string> = () => Promise.reject(new Error('watchWrites runs in beforeAll'));
  let stateOf: ReturnType<typeof tableStates>;

  beforeAll(async () => {
    const db = server.db;
    // A tenant-1 user whose one role holds no permission code at all.
    const role = await db
      .insertInto('role')
      .values({ tenant_id: 1, code: 'sweep', name: '无权限角色', level: 5, description: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await db
      .insertInto('users')
      .values({
        tenant_id: 1,
        username: 'sweep_nobody',
        real_name: '无权限用户',
        password_hash: await hashPassword('secret123'),
        phone: null,
        state: 'A',
        current_venue_id: 1,
        member_type_flag: 'F',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('user_role').values({ tenant_id: 1, user_id: user.id, role_id: role.id }).execute();
    await db.insertInto('user_venue').values({ tenant_id: 1, user_id: user.id, venue_id: 1 }).execute();
    noPermissionToken = await server.api.login('sweep_nobody', 'secret123');

    const tables = (await db.introspection.getTables()).filter((t) => t.columns.some((col) => col.name === 'tenant_id'));
    const mine = new Set<string>();
    const theirs = new Set<string>();
    for (const table of tables) {
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(db);
      for (const row of rows) {
        for (const value of Object.values(row)) {
          if (typeof value !== 'string' || value.length < 2 || /^\d{4}-\d{2}-\d{2}/.test(value)) continue;
          (Number(row.tenant_id) === 1 ? mine : theirs).add(value);
        }
      }
    }
    tenantOneOnly = new Set([...mine].filter((v) => !theirs.has(v)));
    writeCount = await watchWrites(db, engine);
    stateOf = tableStates(db, engine, writeCount);
  });

  /** Runs each item alone between two fingerprints: which of a batch changed rows (of `onlyTenant`'s, when given). */
  async function culprits<T>(items: T[], run: (item: T) => Promise<unknown>, label: (item: T) => string, onlyTenant?: number): Promise<string[]> {
    const found: string[] = [];
    for (const item of items) {
      const before = await stateOf(onlyTenant);
      await run(item);
      if ((await writeCount()) === before.mark) continue;
      const changed = changedTables(before.print, (await stateOf(onlyTenant)).print);
      if (changed.length) found.push(`${label(item)} changed ${changed.join(', ')}`);
    }
    return found;
  }

  /**
   * Runs a batch between two fingerprints; when rows changed, finds the items that did it. A batch after
   * which the write count has not moved changed nothing, and is not fingerprinted again.
   */
  async function unchanged<T>(items: T[], run: (item: T) => Promise<unknown>, label: (item: T) => string, onlyTenant?: number): Promise<string[]> {
    const before = await stateOf(onlyTenant);
    await pool(items, WIDTH, run);
    if ((await writeCount()) === before.mark) return [];
    const changed = changedTables(before.print, (await stateOf(onlyTenant)).print);
    if (!changed.length) return [];
    const found = await culprits(items, run, label, onlyTenant);
    return found.length ? found : [`a batch changed ${changed.join(', ')} but no single input did again`];
  }

  it('plans every call of the contract: inputs for each, or counted as taking none', () => {
    expect(plans.length).toBe(ALL_CALLS.length);
    expect(plans.length).toBeGreaterThan(80);
    const unplanned = plans.filter((p) => !p.noInput && p.type !== 'upload' && p.mutations.length === 0).map((p) => p.name);
    expect(unplanned).toEqual([]);
    // the base request of each call passes its schemas, so each mutation is its request's one fault
    expect(plans.filter((p) => !p.baseValid).map((p) => `${p.name} ${JSON.stringify(p.base)}`)).toEqual([]);
  });

  it(
    'answers every generated bad input with a Chinese 400 and changes no row',
    async () => {
      const problems: string[] = [];
      for (const plan of plans) {
        c.calls++;
        if (plan.noInput) {
          c.noInput++;
          continue;
        }
        if (plan.type === 'upload') {
          c.uploads++;
          const inputs = uploadInputs();
          const run = async ({ kind, input }: (typeof inputs)[number]) => {
            c.badInputs++;
            const answer = await send(server.api.url, plan.call, input, server.admin.token);
            if (answer.status !== 400 || !CJK.test(answer.msg ?? '')) problems.push(`${plan.name} ${kind}: ${describeAnswer(answer)}`);
          };
          problems.push(...(await unchanged(inputs, run, (i) => `${plan.name} ${i.kind}`)));
          continue;
        }
        const run = async (m: CallPlan['mutations'][number]) => {
          const where = `${plan.name} ${m.part}${m.field ? `.${m.field}` : ''} ${m.kind}`;
          const accepted = accepts(plan.call, m.input);
          if (accepted && m.mustRefuse) problems.push(`${where}: the schema accepts ${JSON.stringify(m.input).slice(0, 120)}`);
          if (accepted && writes(plan.call)) {
            c.validWriteNotSent++;
            return;
          }
          const answer = await send(server.api.url, plan.call, m.input, server.admin.token);
          if (accepted) {
            c.validRead++;
            if (answer.status >= 500 || (answer.status >= 400 && !CJK.test(answer.msg ?? ''))) problems.push(`${where} (valid): ${describeAnswer(answer)}`);
          } else {
            c.badInputs++;
            if (answer.status !== 400 || !CJK.test(answer.msg ?? '')) problems.push(`${where}: ${describeAnswer(answer)}`);
          }
        };
        problems.push(...(await unchanged(plan.mutations, run, (m) => `${plan.name} ${m.part}.${m.field} ${m.kind}`)));
      }
      expect(problems).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );

  it(
    "lets tenant 2 see and change nothing of tenant 1's through any id",
    async () => {
      expect(tenantOneOnly.size).toBeGreaterThan(20);
      const problems: string[] = [];
      for (const plan of plans) {
        if (plan.call.access === 'public') continue;
        const inputs = TENANT_ONE_IDS.map((id) => ({ id, input: withIds(plan, id) })).filter((x) => x.input !== undefined);
        const run = async ({ id, input }: (typeof inputs)[number]) => {
          c.crossTenant++;
          const answer = await send(server.api.url, plan.call, input!, server.other.token);
          if (answer.status >= 500) problems.push(`${plan.name} id ${id}: ${describeAnswer(answer)}`);
          if (answer.status !== 200 || (answer.code !== undefined && answer.code !== 200)) return;
          const seen =
            answer.code === undefined
              ? [...tenantOneOnly].filter((v) => v.length >= 3 && answer.text.includes(v))
              : stringsOf(answer.data).filter((v) => tenantOneOnly.has(v));
          if (seen.length) problems.push(`${plan.name} id ${id} shows tenant 1's ${JSON.stringify(seen.slice(0, 5))}`);
        };
        // Only tenant 1's rows count: an id of 1..3 may be tenant 2's own (its center is 3) and its own rows are its to change.
        problems.push(...(await unchanged(inputs, run, (x) => `${plan.name} id ${x.id}`, 1)));
      }
      expect(problems).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );

  it('answers a path the router cannot take (a broken % escape, a parameter past 100 characters) with a Chinese 400', async () => {
    for (const path of ['goods/goodsArchive/id/%E0%A4%A', `goods/goodsArchive/id/${'1'.repeat(101)}`]) {
      const response = await fetch(new URL(`/api/${path}`, server.api.url), { headers: { authorization: `Bearer ${server.admin.token}` } });
      const body = (await response.json()) as { code: number; msg: string };
      expect([response.status, body.code, CJK.test(body.msg)]).toEqual([400, 400, true]);
    }
  });

  it(
    'refuses every permission-guarded call to a user without the permission (403, code 510) and changes nothing',
    async () => {
      const guarded = plans.filter((p) => typeof p.call.access === 'object');
      expect(guarded.length).toBeGreaterThan(50);
      const problems: string[] = [];
      const picture = () => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }), 'a.png');
        return form;
      };
      const run = async (plan: CallPlan) => {
        c.noPermission++;
        const input = plan.type === 'upload' ? { body: picture() } : plan.base;
        const answer = await send(server.api.url, plan.call, input, noPermissionToken);
        if (answer.status !== 403 || answer.code !== 510) problems.push(`${plan.name}: ${describeAnswer(answer)}`);
      };
      problems.push(...(await unchanged(guarded, run, (p) => p.name)));
      expect(problems).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );
});
