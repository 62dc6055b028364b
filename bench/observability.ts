/**
 * What metrics and logging cost (issue 28): the catalogue's hot read (GET /api/game_lists/…) and a
 * Digit Bet (POST /api/digitbet) through the whole app, in this process, with them off
 * (METRICS=off, LOG_LEVEL=silent) and on (metrics kept, an access line written per request, to
 * /dev/null here as to a pipe in production), in alternating blocks of the same run so the
 * machine's other load falls on both alike. Reports this process's CPU per request of each (user +
 * system, process.cpuUsage() around each block: far less moved by the machine's other load than
 * requests per second) and requests per second, and the cost of each.
 * Target: at most 5% (README § Figures).
 *
 *   npm run bench:observability      BENCH_BLOCKS=6 BENCH_BLOCK_REQUESTS=2000
 */
import { randomUUID } from 'node:crypto';
import { createApp } from '../server/app';
import { openPglite } from '../server/db/client';
import { seedDemo, DEMO_USER_NAME, DEMO_PASSWORD } from '../server/db/seed';
import { testEnv } from '../server/env';
import { bufferedDestination, createLogger } from '../server/lib/log';
import { createMetrics } from '../server/lib/metrics';
import { fund } from '../tests/server/wallet-helpers';

const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 6);
const PER_BLOCK = Number(process.env.BENCH_BLOCK_REQUESTS ?? 2000);
const CONCURRENCY = 10;

type Fetch = (req: Request) => Response | Promise<Response>;

interface Block {
  /** Requests per second (wall clock: the machine's other load moves it). */
  rate: number;
  /** This process's CPU (user + system) per request, µs: the app's work, client side included alike in both modes. */
  cpu: number;
}

async function run(fetch: Fetch, make: () => Request, n: number): Promise<Block> {
  const start = performance.now();
  const cpu0 = process.cpuUsage();
  let left = n;
  const worker = async () => {
    while (left-- > 0) {
      const res = await fetch(make());
      if (res.status >= 400) throw new Error(`answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const cpu = process.cpuUsage(cpu0);
  return { rate: (n / (performance.now() - start)) * 1000, cpu: (cpu.user + cpu.system) / n };
}

async function main() {
  const database = await openPglite();
  await seedDemo(database.db);
  const env = testEnv({ TRUST_PROXY: { hops: 0, proxies: [] } });
  const off = createApp({ database, env: { ...env, METRICS: 'off', LOG_LEVEL: 'silent' } });
  // As the server writes stdout (server/lib/log.ts): pino's buffered destination, here into /dev/null.
  const devNull = bufferedDestination('/dev/null');
  const on = createApp({ database, env: { ...env, LOG_LEVEL: 'info' }, metrics: createMetrics(), logger: createLogger('info', devNull) });
  const login = await off.request('/api/login', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ user_name: DEMO_USER_NAME, password: DEMO_PASSWORD }) });
  const { data } = (await login.json()) as { data: { token: string; user: { id: number } } };
  const me = await (await off.request('/api/user', { headers: { authorization: `Bearer ${data.token}`, accept: 'application/json' } })).json() as { data: { id: number } };
  await fund(database.db, me.data.id, { game: 100_000_000 });
  const types = (await (await off.request('/api/game_types', { headers: { accept: 'application/json' } })).json()) as { data: { code: string; providers: { code: string }[] }[] };
  const lists = types.data.flatMap((t) => t.providers.map((p) => `/api/game_lists/${t.code}/${p.code}?page=1`));
  let turn = 0;
  const catalogue = () => new Request(`http://bench${lists[turn++ % lists.length]}`, { headers: { accept: 'application/json' } });
  const bet = () =>
    new Request('http://bench/api/digitbet', {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${data.token}`, 'idempotency-key': randomUUID() },
      body: JSON.stringify({ bet_type: 'big', digit: null, bet_amount: 1, multiplier: 1 }),
    });
  for (const [name, make, n] of [['GET /api/game_lists', catalogue, PER_BLOCK], ['POST /api/digitbet', bet, Math.round(PER_BLOCK / 4)]] as const) {
    await run(off.fetch, make, n); // warm-up of both
    await run(on.fetch, make, n);
    const blocks = { off: [] as Block[], on: [] as Block[] };
    for (let b = 0; b < BLOCKS; b++) {
      for (const mode of b % 2 ? (['on', 'off'] as const) : (['off', 'on'] as const)) blocks[mode].push(await run(mode === 'on' ? on.fetch : off.fetch, make, n));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const [a, b] = [median(blocks.off.map((x) => x.rate)), median(blocks.on.map((x) => x.rate))];
    const [ca, cb] = [median(blocks.off.map((x) => x.cpu)), median(blocks.on.map((x) => x.cpu))];
    const verdict = (cost: number) => (cost <= 5 ? '(target <= 5%: ok)' : '(target <= 5%: ABOVE)');
    // Each on block against the off block beside it (the machine's load at that moment falls on both).
    const paired = median(blocks.on.map((x, i) => x.cpu - blocks.off[i]!.cpu));
    const cpuCost = (paired / ca) * 100;
    const rateCost = ((a - b) / a) * 100;
    console.log(`${name} (medians of ${BLOCKS} alternating blocks of ${n}):`);
    console.log(`  CPU per request: off ${ca.toFixed(1)} µs, on ${cb.toFixed(1)} µs; on − off, median of the ${BLOCKS} pairs: ${paired.toFixed(1)} µs, cost ${cpuCost.toFixed(1)}% ${verdict(cpuCost)}`);
    console.log(`  throughput:      off ${Math.round(a)} req/s, on ${Math.round(b)} req/s: cost ${rateCost.toFixed(1)}% ${verdict(rateCost)}`);
  }
  await database.close();
}

await main();
