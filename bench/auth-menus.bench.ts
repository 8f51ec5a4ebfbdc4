// Login, user info and the menu tree against a bare Fastify route, on SQLite (and PostgreSQL when DATABASE_URL is set).
import { bareServer, loginToken, measure, printTable, productServer } from './lib.ts';

const engines: [string, string | undefined][] = [['SQLite', undefined]];
if (process.env.DATABASE_URL) engines.push(['PostgreSQL', process.env.DATABASE_URL]);

for (const [label, databaseUrl] of engines) {
  const bare = await bareServer();
  const product = await productServer(databaseUrl);
  const token = await loginToken(product.url);
  const auth = { authorization: `Bearer ${token}` };
  const figures = [
    // Every login hashes with argon2id (~90 ms of CPU by design): its rate is bounded by that, not by the server.
    await measure('POST system/auth/login', {
      url: `${product.url}/api/system/auth/login`, method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin123' }),
    }),
    await measure('GET system/auth/info', { url: `${product.url}/api/system/auth/info`, headers: auth }),
    await measure('GET system/api/menus/user-all', { url: `${product.url}/api/system/api/menus/user-all`, headers: auth }),
  ];
  const baseline = await measure('bare Fastify route', { url: bare.url });
  printTable(`${label}: 10 connections, 5 s each`, figures, baseline);
  await product.close();
  await bare.close();
}
