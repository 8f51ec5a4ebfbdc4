// Sums a V8 CPU profile (BENCH_PROFILE=dir npm run bench:sale, one .cpuprofile per server process) by where
// the time was spent: per package (kysely = query building, zod = validation and response encoding,
// fastify, pg, better-sqlite3…), our code, Node's own, garbage collection. Self time, in % of the samples.
//   node --import tsx bench/probe/cpu-profile.ts <file.cpuprofile> [top functions]
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

export function bucketOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) {
    const p = pkg[1];
    if (p.startsWith('pg') || p === 'postgres-array' || p === 'postgres-bytea' || p === 'postgres-date' || p === 'postgres-interval') return 'pg driver';
    if (p === 'fastify' || p.startsWith('@fastify') || ['find-my-way', 'avvio', 'light-my-request', 'fast-json-stringify', 'fastify-plugin'].includes(p))
      return 'fastify';
    if (p === 'tsx' || p === 'esbuild' || p === 'get-tsconfig') return 'tsx loader';
    if (p.startsWith('pino') || p === 'sonic-boom' || p === 'thread-stream') return 'pino';
    return p;
  }
  if (url.includes('/apps/server/src/')) return 'server code';
  if (url.includes('/packages/contract/')) return 'contract (our zod schemas, helpers)';
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  return url;
}

export function summarise(profile: Profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const buckets = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id)!;
    const dt = profile.timeDeltas[i] ?? 0;
    total += dt;
    const bucket = bucketOf(node.callFrame.url, node.callFrame.functionName);
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + dt);
    const fn = `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.replace(/^.*node_modules\//, '').replace(/^.*\/apps\//, 'apps/')}:${node.callFrame.lineNumber + 1}`;
    functions.set(fn, (functions.get(fn) ?? 0) + dt);
  });
  const busy = total - (buckets.get('(idle)') ?? 0);
  const sorted = (m: Map<string, number>) => [...m].filter(([k]) => !k.startsWith('(idle)')).sort((a, b) => b[1] - a[1]);
  return {
    busyMs: busy / 1000,
    buckets: sorted(buckets).map(([k, us]) => ({ name: k, share: us / busy })),
    functions: sorted(functions).map(([k, us]) => ({ name: k, share: us / busy })),
  };
}

if (process.argv[1]?.endsWith('cpu-profile.ts')) {
  const [file, top = '25'] = process.argv.slice(2);
  const s = summarise(JSON.parse(readFileSync(file, 'utf8')) as Profile);
  console.log(`busy ${s.busyMs.toFixed(0)} ms of CPU samples (idle left out); self time by package:`);
  for (const b of s.buckets.filter((x) => x.share >= 0.005)) console.log(`  ${(b.share * 100).toFixed(1).padStart(5)}%  ${b.name}`);
  console.log(`top ${top} functions (self time):`);
  for (const f of s.functions.slice(0, Number(top))) console.log(`  ${(f.share * 100).toFixed(1).padStart(5)}%  ${f.name}`);
}
