import { describe, expect, it } from 'vitest';
import { health, Msg } from '@venue/contract';
import { sql } from 'kysely';
import { engines, freshDatabase, startApi } from './harness.ts';

/** Issue 34: liveness and readiness for a supervisor, without a token and without any detail. */
describe.each(engines())('health and readiness on %s', (engine) => {
  it('answers liveness and readiness with a tiny body, no token needed and a bad one ignored', async () => {
    const database = await freshDatabase(engine);
    // the controllers' listener configured: ready only once it is bound (it is, by the time the server listens)
    const api = await startApi(database, undefined, { config: { gateListen: '127.0.0.1:0' } });
    try {
      for (const token of [undefined, 'not-a-token']) {
        const live = await api.call(health.health, { token });
        expect([live.status, live.body]).toEqual([200, { code: 200, msg: Msg.ok, data: { status: 'ok' } }]);
        const ready = await api.call(health.ready, { token });
        expect([ready.status, ready.body]).toEqual([200, { code: 200, msg: Msg.ok, data: { status: 'ready' } }]);
      }
      // the listener gone: not ready, while still alive
      await api.app.gateEvents.stop();
      expect((await api.call(health.ready)).status).toBe(503);
      expect((await api.call(health.health)).status).toBe(200);
    } finally {
      await api.close();
      await database.drop();
    }
  });

  it('is not ready while a migration has not run, nor when the database is gone, and says no more than that', async () => {
    const database = await freshDatabase(engine);
    const api = await startApi(database);
    try {
      const k = database.db.kysely;
      const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(k);
      await sql`delete from kysely_migration where name = ${rows[0].name}`.execute(k);
      const pending = await api.call(health.ready);
      expect([pending.status, pending.body]).toEqual([503, { code: 503, msg: health.NOT_READY, data: null }]);
      await sql`insert into kysely_migration (name, timestamp) values (${rows[0].name}, ${new Date().toISOString()})`.execute(k);
      expect((await api.call(health.ready)).status).toBe(200);

      await database.db.close();
      const gone = await api.call(health.ready);
      expect([gone.status, gone.body]).toEqual([503, { code: 503, msg: health.NOT_READY, data: null }]);
      expect((await api.call(health.health)).status).toBe(200);
    } finally {
      await api.close();
      await database.drop().catch(() => undefined);
    }
  });
});
