/**
 * Digit Bet under load on PostgreSQL (docs/digit-bet.md). A fresh database (BENCH_DATABASE_URL or
 * postgres://postgres@127.0.0.1:5432/test; dropped afterwards) is seeded with BENCH_PLAYERS funded
 * players and their tokens; the server runs as a child process (payouts pinned to the documented
 * 5× / 10× / 2×); each player's seed commitment is read first (GET /api/digitbet/fairness); then
 * autocannon (in this process) holds BENCH_CONNECTIONS connections for BENCH_DURATION seconds of
 * POST /api/digitbet, round-robin over the players, each bet a random type (digit 0–9, big,
 * small), 1–100 Ks, a multiplier from [1, 5, 10, 20, 50, 100] and a fresh Idempotency-Key.
 * Throughput target >= 1,000 bets/s on 2 cores; CPU per bet (server, PostgreSQL backends, load
 * generator) is printed as in bench/money.ts.
 *
 * Then every player's seed is rotated (POST /api/digitbet/seed/rotate) and the books and the
 * fairness are checked:
 *   - every game balance = opening + the sum of its ledger rows, none negative, each ledger row
 *     follows the one before, the main wallets untouched, each bet has its stake row and (on a
 *     win) its win row and nothing else;
 *   - one bet row per request answered 200 (requests cut off at the deadline are sent again with
 *     their key), and each stored answer names the bet booked with what was sent;
 *   - per seed the nonces are exactly 0..n-1 and the seed's counter is n;
 *   - each revealed server seed hashes to the commitment shown before the first bet, and EVERY
 *     bet's digit is recomputed from it (HMAC-SHA256, implemented here from the document, not
 *     imported from the server) and matches the stored one;
 *   - stake = amount × multiplier, outcome and win amount follow the payout rules.
 * The digit frequencies and their chi-square statistic (9 degrees of freedom) are printed for
 * information. Exit 1 on any violation, 2 if the throughput is below target. Load stays on 127.0.0.1.
 *
 *   npm run bench:digit
 *   BENCH_DURATION=10 BENCH_CONNECTIONS=20 BENCH_PLAYERS=50
 *   BENCH_PROFILE=/tmp/prof   V8 CPU profile of the server
 */
import { createHash, createHmac } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { autocannon, type CannonResult } from './support/autocannon';
import { measure } from './support/cpu';
import { booksFailures } from './support/books';
import { seedPlayers, withFreshDatabase } from './support/database';
import { KeyedRequests } from './support/keyed-requests';
import { startBenchServer, stopServerProcess as stopServer, type ServerProcess } from './support/server-process';
import { finalVerdict } from './support/report';

const TARGET = 1_000;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 50);
/** Enough that no bet is refused: the most a player can lose in a run is far below it. */
const OPENING_KYAT = 100_000_000;
const PYA_PER_KYAT = 100n;
const MULTIPLIERS = [1, 5, 10, 20, 50, 100] as const;
/** The documented defaults, pinned on the server so the check below holds it to them. */
const PAYOUT = { digit: 5n, five: 10n, bigSmall: 2n };
const BET_PATH = '/api/digitbet';
const BETS = { one: 'bet', many: 'bets' };
/** chi-square, 9 degrees of freedom: P(X > 16.92) = 0.05, P(X > 27.88) = 0.001. */
const CHI2_9_P05 = 16.92;
const CHI2_9_P001 = 27.88;

type BetType = 'digit' | 'big' | 'small';
interface SentBet {
  bet_type: BetType;
  digit: number | null;
  bet_amount: number;
  multiplier: number;
}

const requests = new KeyedRequests();

function randomBet(): SentBet {
  const bet_type = (['digit', 'big', 'small'] as const)[Math.floor(Math.random() * 3)]!;
  return {
    bet_type,
    digit: bet_type === 'digit' ? Math.floor(Math.random() * 10) : null,
    bet_amount: 1 + Math.floor(Math.random() * 100),
    multiplier: MULTIPLIERS[Math.floor(Math.random() * MULTIPLIERS.length)]!,
  };
}

async function load(url: string, tokens: string[], seconds: number): Promise<CannonResult> {
  const next = () => ({ path: BET_PATH, body: JSON.stringify(randomBet()) });
  return autocannon({ url, connections: CONNECTIONS, duration: seconds, requests: requests.roundRobin(tokens, next) });
}

// ---- The roll, from docs/digit-bet.md (independent of server/domain/digit-bet/roll.ts) ----

/** digit = floor(10 × (b0/256 + b1/256² + b2/256³ + b3/256⁴)), b = HMAC-SHA256(seed bytes, "<client>:<nonce>"). */
function docRoll(serverSeedHex: string, clientSeed: string, nonce: number): number {
  const b = createHmac('sha256', Buffer.from(serverSeedHex, 'hex')).update(`${clientSeed}:${nonce}`, 'utf8').digest();
  const f = b[0]! / 256 + b[1]! / 256 ** 2 + b[2]! / 256 ** 3 + b[3]! / 256 ** 4;
  return Math.floor(f * 10);
}

const seedHash = (serverSeedHex: string) => createHash('sha256').update(Buffer.from(serverSeedHex, 'hex')).digest('hex');

/** The document's known vectors: the verifier here must agree with them before it judges the server. */
function verifierSelfCheck(): string[] {
  const vectors: [string, string, string, number, number][] = [
    ['00'.repeat(32), '66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925', 'client', 0, 3],
    ['0123456789abcdef'.repeat(4), '4884fdaafea47c29fea7159d0daddd9c085d6200e1359e85bb81736af6b7c837', 'kyatplay', 42, 1],
    ['ff'.repeat(32), 'af9613760f72635fbdb44a5a0a63c39f12af30f950a6ee5c971be188e89c4051', 'my-seed_2024!', 999, 9],
  ];
  return vectors
    .filter(([seed, hash, client, nonce, digit]) => seedHash(seed) !== hash || docRoll(seed, client, nonce) !== digit)
    .map(([seed, , client, nonce]) => `the bench's own verifier disagrees with the documented vector ${seed.slice(0, 8)}… ${client}:${nonce}`);
}

// ---- Talking to the server ----

interface Pair {
  seed_id: number;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
}
interface Revealed {
  seed_id: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  bets: number;
}

async function call<T>(url: string, token: string, method: 'GET' | 'POST', path: string): Promise<T> {
  const res = await fetch(url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    ...(method === 'POST' ? { body: '{}' } : {}),
  });
  const body = (await res.json()) as { data?: T };
  if (!res.ok || !body.data) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(body).slice(0, 200)}`);
  return body.data;
}

/** Each player's commitment, shown before any bet (the first look creates the pair). */
async function commitments(url: string, tokens: string[]): Promise<Pair[]> {
  return Promise.all(tokens.map(async (t) => (await call<{ current: Pair }>(url, t, 'GET', '/api/digitbet/fairness')).current));
}

/**
 * Rotates every player's pair and checks what is revealed against the commitment: the same pair,
 * its seed hashing to the hash shown before, the same client seed. Returns the revealed pairs by id.
 */
async function rotateAll(url: string, tokens: string[], before: Pair[], failures: string[]): Promise<Map<number, Revealed>> {
  const revealed = new Map<number, Revealed>();
  const views = await Promise.all(
    tokens.map((t) => call<{ current: Pair; revealed: Revealed[] }>(url, t, 'POST', '/api/digitbet/seed/rotate')),
  );
  views.forEach((view, i) => {
    const committed = before[i]!;
    const r = view.revealed[0];
    if (!r || r.seed_id !== committed.seed_id) {
      failures.push(`player ${i}: rotation did not reveal pair ${committed.seed_id} (got ${r?.seed_id})`);
      return;
    }
    if (seedHash(r.server_seed) !== committed.server_seed_hash || r.server_seed_hash !== committed.server_seed_hash) {
      failures.push(`pair ${r.seed_id}: the revealed seed does not hash to the commitment ${committed.server_seed_hash}`);
    }
    if (r.client_seed !== committed.client_seed) failures.push(`pair ${r.seed_id}: client seed changed from ${committed.client_seed} to ${r.client_seed}`);
    if (view.current.seed_id === r.seed_id || view.current.nonce !== 0) failures.push(`player ${i}: no fresh pair at nonce 0 after rotation`);
    revealed.set(r.seed_id, r);
  });
  return revealed;
}

// ---- The checks ----

interface BetRow {
  id: string;
  user_id: string;
  seed_id: string;
  nonce: number;
  client_seed: string;
  bet_type: BetType;
  digit: number | null;
  bet_amount: string;
  multiplier: number;
  stake: string;
  rolled: number;
  outcome: 'win' | 'lose';
  win_amount: string;
}

/** The payout rules of docs/digit-bet.md, restated here. */
function expectedSettlement(bet: BetRow): { outcome: 'win' | 'lose'; win: bigint } {
  const r = bet.rolled;
  const won = bet.bet_type === 'digit' ? bet.digit === r : bet.bet_type === 'small' ? r <= 4 : r >= 5;
  if (!won) return { outcome: 'lose', win: 0n };
  const factor = bet.bet_type === 'digit' ? (r === 5 ? PAYOUT.five : PAYOUT.digit) : PAYOUT.bigSmall;
  return { outcome: 'win', win: BigInt(bet.stake) * factor };
}

/** Collects failures; `limit` examples per kind so a systematic fault does not flood the report. */
class Failures {
  readonly list: string[] = [];
  private readonly counts = new Map<string, number>();
  add(kind: string, example: unknown): void {
    const n = (this.counts.get(kind) ?? 0) + 1;
    this.counts.set(kind, n);
    if (n <= 3) this.list.push(`${kind}: ${typeof example === 'string' ? example : JSON.stringify(example)}`);
  }
  summary(): string[] {
    const more = [...this.counts].filter(([, n]) => n > 3).map(([kind, n]) => `${kind}: ${n} in all`);
    return [...this.list, ...more];
  }
}

async function checkBooksAndFairness(url: string, revealed: Map<number, Revealed>, rotationFailures: string[]): Promise<string[]> {
  const fail = new Failures();
  for (const f of rotationFailures) fail.add('rotation', f);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const q = async (label: string, text: string, params: unknown[] = []) => {
      const { rows } = await client.query(text, params);
      if (rows.length) fail.add(label, `${rows.length} (e.g. ${JSON.stringify(rows[0])})`);
    };
    const opening = (BigInt(OPENING_KYAT) * PYA_PER_KYAT).toString();

    // Money.
    await q(
      'game balances that differ from opening + the sum of their ledger rows',
      `select u.id, u.balance, s.moved from users u
       left join (select user_id, sum(amount) filter (where reference <> 'bench:opening') as moved
                  from ledger where wallet = 'game' group by user_id) s on s.user_id = u.id
       where u.balance <> $1::bigint + coalesce(s.moved, 0)`,
      [opening],
    );
    // Every wallet, chain and bet against its ledger rows: the one books check.
    for (const f of await booksFailures(url)) fail.add('books', f);
    await q('main wallets that moved', `select id, main_balance from users where main_balance <> $1::bigint`, [opening]);
    // Nonces: per pair exactly 0..n-1, and the pair's counter at n.
    await q(
      'pairs whose nonces are not exactly 0..n-1, or whose counter is not n',
      `select s.id, s.nonce as counter, count(b.id) as bets, min(b.nonce) as lo, max(b.nonce) as hi, count(distinct b.nonce) as distinct
       from digit_seeds s left join digit_bets b on b.seed_id = s.id
       group by s.id, s.nonce
       having count(b.id) <> s.nonce or count(distinct b.nonce) <> count(b.id)
           or (count(b.id) > 0 and (min(b.nonce) <> 0 or max(b.nonce) <> count(b.id) - 1))`,
    );
    await q('bets on a pair of another player', `select b.id from digit_bets b join digit_seeds s on s.id = b.seed_id where s.user_id <> b.user_id`);

    // One bet per 200, and each key answered names the one bet booked with what was sent under it
    // (a bet's answer is rebuilt from its row on a replay: decision 0025).
    const { rows: bets } = await client.query<BetRow>(
      `select id::text, user_id::text, seed_id::text, nonce, client_seed, bet_type, digit, bet_amount::text, multiplier,
              stake::text, rolled, outcome, win_amount::text from digit_bets`,
    );
    const ok = requests.ok();
    if (bets.length !== ok) fail.add('bets booked vs requests answered 200', `${bets.length} bets, ${ok} answers 200`);
    const { rows: answers } = await client.query<{ key: string; user_id: string; bet_id: string | null }>(
      `select k.key, k.user_id::text, b.id::text as bet_id
         from idempotency_keys k left join digit_bets b on b.key_id = k.id
        -- "POST /api/digitbet #<fingerprint>" (lib/idempotency.ts)
        where k.response_status = 200 and k.scope like 'POST /api/digitbet #%'`,
    );
    if (answers.length !== ok) fail.add('keys answered vs requests answered 200', `${answers.length} keys, ${ok} answers 200`);
    const betById = new Map(bets.map((b) => [b.id, b]));
    const claimed = new Set<string>();
    const money = (pya: string) => `${(BigInt(pya) / 100n).toString()}.${(BigInt(pya) % 100n).toString().padStart(2, '0')}`;
    for (const a of answers) {
      const bet = a.bet_id === null ? undefined : betById.get(a.bet_id);
      const sent = requests.sent.get(a.key);
      if (!bet || !sent) {
        fail.add('keys naming no booked bet (or no request sent)', { key: a.key, bet: a.bet_id });
        continue;
      }
      if (claimed.has(bet.id)) fail.add('two keys naming one bet', bet.id);
      claimed.add(bet.id);
      const asked = JSON.parse(sent.body) as SentBet;
      if (
        bet.user_id !== a.user_id ||
        bet.bet_type !== asked.bet_type ||
        bet.digit !== asked.digit ||
        BigInt(bet.bet_amount) !== BigInt(asked.bet_amount) * PYA_PER_KYAT ||
        bet.multiplier !== asked.multiplier
      ) {
        fail.add('bets booked with other terms than were sent', { asked, bet });
      }
    }

    // Fairness and payouts, bet by bet.
    const counts = Array.from({ length: 10 }, () => 0);
    for (const bet of bets) {
      counts[bet.rolled]! += 1;
      const pair = revealed.get(Number(bet.seed_id));
      if (!pair) {
        fail.add('bets on a pair that was not revealed', bet.id);
        continue;
      }
      if (bet.client_seed !== pair.client_seed) fail.add('bets with another client seed than their pair', bet.id);
      const digit = docRoll(pair.server_seed, pair.client_seed, bet.nonce);
      if (digit !== bet.rolled) fail.add('rolls that do not recompute', { bet: bet.id, pair: pair.seed_id, nonce: bet.nonce, stored: bet.rolled, recomputed: digit });
      if (BigInt(bet.stake) !== BigInt(bet.bet_amount) * BigInt(bet.multiplier)) fail.add('stake ≠ amount × multiplier', bet.id);
      const want = expectedSettlement(bet);
      if (bet.outcome !== want.outcome || BigInt(bet.win_amount) !== want.win) {
        fail.add('bets settled against the payout rules', { bet: bet.id, type: bet.bet_type, digit: bet.digit, rolled: bet.rolled, outcome: bet.outcome, win: bet.win_amount, want: want.win.toString() });
      }
    }
    const revealedBets = [...revealed.values()].reduce((n, r) => n + r.bets, 0);
    if (revealedBets !== bets.length) fail.add('bets the revealed pairs count vs bets booked', `${revealedBets} vs ${bets.length}`);

    const n = bets.length;
    const expected = n / 10;
    const chi2 = counts.reduce((sum, o) => sum + (o - expected) ** 2 / expected, 0);
    const judged = chi2 > CHI2_9_P001 ? 'p < 0.001: suspicious' : chi2 > CHI2_9_P05 ? 'p < 0.05' : 'p > 0.05';
    console.log(
      `books: ${requests.sent.size} requests, answers by status ${JSON.stringify(requests.byStatus())}, ${n} bets booked on ${revealed.size} pairs, ` +
        `each roll recomputed from its revealed seed`,
    );
    console.log(`digits rolled: ${counts.map((c, d) => `${d}: ${(c / n * 100).toFixed(1)}%`).join(', ')} (${counts.join('/')})`);
    console.log(`chi-square ${chi2.toFixed(2)} with 9 degrees of freedom (${judged}; informational)`);
    const won = bets.filter((b) => b.outcome === 'win').length;
    const staked = bets.reduce((s, b) => s + BigInt(b.stake), 0n);
    const paid = bets.reduce((s, b) => s + BigInt(b.win_amount), 0n);
    console.log(
      `players won ${won} of ${n} bets (${((won / n) * 100).toFixed(1)}%), staked ${money(staked.toString())} Ks, ` +
        `were paid ${money(paid.toString())} Ks (${staked > 0n ? ((Number(paid) / Number(staked)) * 100).toFixed(1) : '-'}% return)`,
    );
    return fail.summary();
  } finally {
    await client.end();
  }
}

/** 0 all good, 1 the books or the fairness are wrong, 2 below the throughput target. */
async function main(): Promise<number> {
  const selfCheck = verifierSelfCheck();
  if (selfCheck.length) {
    for (const f of selfCheck) console.log(f);
    return 1;
  }
  return withFreshDatabase('kp_bench_digit', async (dbUrl) => {
    let server: ServerProcess | undefined;
    try {
      const tokens = await seedPlayers(dbUrl, PLAYERS, OPENING_KYAT);
      server = await startBenchServer(dbUrl, {
        DIGIT_PAYOUT_DIGIT: String(PAYOUT.digit),
        DIGIT_PAYOUT_FIVE: String(PAYOUT.five),
        DIGIT_PAYOUT_BIG_SMALL: String(PAYOUT.bigSmall),
      });
      const pid = server.child.pid!;
      const committed = await commitments(server.url, tokens);
      console.log(
        `POST ${BET_PATH}: ${CONNECTIONS} connections, ${DURATION} s, ${PLAYERS} players, random digit/big/small, 1–100 Ks × ` +
          `[${MULTIPLIERS.join(', ')}], Idempotency-Key on every request, PostgreSQL, ${process.env.BENCH_WORKERS ?? '1'} server process(es); ` +
          `${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)} before the start`,
      );
      await load(server.url, tokens, 2); // warm-up: JIT, connection pool
      const { rps } = await measure(`${PLAYERS} players`, BETS, dbUrl, pid, () => load(server!.url, tokens, DURATION));
      const settled = await requests.settleInFlight(server.url);
      console.log(`${settled} requests were in flight at the deadline; each was sent again with its key to learn its outcome`);
      const verdict = rps >= TARGET ? 'ok' : 'BELOW TARGET';
      console.log(`throughput ${Math.round(rps)} bets/s over ${PLAYERS} players (target >= ${TARGET} on 2 cores): ${verdict}`);

      const rotationFailures: string[] = [];
      const revealed = await rotateAll(server.url, tokens, committed, rotationFailures);
      await stopServer(server.child);
      const failures = await checkBooksAndFairness(dbUrl, revealed, rotationFailures);
      return finalVerdict(
        failures,
        {
          failed: 'books or fairness',
          ok:
            'books ok: every game balance = opening + its ledger rows, none negative, rows chain, each bet has its stake and win rows, ' +
              'one bet per 200 booked as sent; fairness ok: nonces 0..n-1 per pair, each revealed seed matches its commitment, ' +
              'every roll recomputes, every payout follows the rules',
        },
        rps >= TARGET,
      );
    } finally {
      if (server) await stopServer(server.child);
    }
  });
}

process.exitCode = await main();
