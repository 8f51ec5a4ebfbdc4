// Login, user info and the menu tree against a bare Fastify route, on SQLite (and PostgreSQL when DATABASE_URL is set).
import { bareServer, loginToken, measure, printTable, productServer } from './lib.ts';

const engines: [string, string | undefined][] = [['SQLite', undefined]];
if (process.env.DATABASE_URL) engines.push(['PostgreSQL', process.env.DATABASE_URL]);

console.log('Login and user info are measured separately: every login runs argon2id (~90 ms of CPU by design),');
console.log('so a login+info loop would only measure the hash. info and menus reuse one token.');

for (const [label, databaseUrl] of engines) {
  const bare = await bareServer();
  const product = await productServer(databaseUrl);
  const token = await loginToken(product.url);
  const auth = { authorization: `Bearer ${token}` };
  const figures = [
    // Every login hashes with argon2id (~90 ms of CPU by design): its rate is bounded by that, not by the server.
    // 3 connections: a fourth login of one user in flight at once is asked for a captcha (an HTTP 200 that
    // would be counted as a fast login), so more connections would measure refusals, not logins.
    await measure('POST system/auth/login (3 connections)', {
      url: `${product.url}/api/system/auth/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin123' }),
      connections: 3,
    }),
    await measure('GET system/auth/info', { url: `${product.url}/api/system/auth/info`, headers: auth }),
    await measure('GET system/api/menus/user-all', { url: `${product.url}/api/system/api/menus/user-all`, headers: auth }),
  ];
  const baseline = await measure('bare Fastify route', { url: bare.url });
  printTable(`${label}: 10 connections, 5 s each`, figures, baseline);
  await product.close();
  await bare.close();
}
