/**
 * Telegram messages (issue 29), against the stand-in Bot API enforcing Telegram's limits (30 a
 * second in all, 1 a second per chat, 429 with retry_after beyond them):
 *
 * 1. **Delivery.** A 2D draw settles with BENCH_PLAYERS (10,000) winning players, each linked to
 *    Telegram; the sender (as a server process runs it) hands every message to the stand-in.
 *    Target: all handed over within ceil(players / 30) s + 10 % of the settlement's commit, no 429
 *    left unanswered (every 429 retried), none sent twice. Prints the time, the ratio to the
 *    target, 429s, duplicates.
 * 2. **The outbox write's cost** (target ≤ 5 %): the same settlement of 500 winners with the
 *    players not linked against linked (the settlement writes one fan-out row for the draw either
 *    way; the players' messages are written after the commit, timed apart as "the fan-out");
 *    deposit approvals likewise (the statement runs and writes no row, or one), BENCH_APPROVALS of
 *    each, alternating in blocks. Prints both medians and the difference.
 *
 *   npm run bench:telegram                       PGlite (the demo's database)
 *   BENCH_PLAYERS=1000 npm run bench:telegram    a shorter run (the target scales)
 *   BENCH_DB=postgres                            a fresh PostgreSQL database (BENCH_DATABASE_URL)
 *   BENCH_ONLY=cost | delivery                   one part only (cost: a minute, not minutes)
 *   BENCH_ROUNDS=8                               settlement pairs of the cost part (4; at most 9)
 */
import { loadavg } from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { fromPglite, openPostgres, type Database, type Db } from '../server/db/client';
import { agentPaymentAccounts, agents, paymentTypes } from '../server/db/schema';
import { decideDeposit } from '../server/domain/cashier-decisions';
import { setResult } from '../server/domain/two-d/results';
import { settleDraw } from '../server/domain/two-d/settlement';
import { fanOutAll, queueDrawFanout } from '../server/domain/telegram/fanout';
import { OUTBOX_CHANNEL } from '../server/domain/telegram/outbox';
import { startTelegramSender } from '../server/domain/telegram/sender';
import { grammyTransport } from '../server/domain/telegram/transport';
import { manualClock } from '../server/lib/clock';
import { startBotApiStandIn } from '../tests/support/bot-api-stand-in';
import { withFreshDatabase } from './support/database';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 10_000);
const APPROVALS = Number(process.env.BENCH_APPROVALS ?? 400);
const KIND = process.env.BENCH_DB === 'postgres' ? 'postgres' : 'pglite';
const ONLY = process.env.BENCH_ONLY as 'cost' | 'delivery' | undefined;
/** Settlement rounds of the cost part (each: one draw not linked, one linked); at most 9. */
const ROUNDS = Math.min(9, Number(process.env.BENCH_ROUNDS ?? 4));
const BOT_TOKEN = '7000000009:AAH-bench-telegram';
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const ms = (n: number) => `${n.toFixed(1)} ms`;

let nextChat = 800_000_000;
/** `count` players of one agent, linked to Telegram (each its own chat) or not. */
async function players(db: Db, agentId: number, count: number, linked: boolean, tag: string): Promise<number[]> {
  const firstChat = nextChat;
  nextChat += count;
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into users (user_name, name, agent_id, telegram_id, main_balance, balance)
      select ${tag} || g, 'Bench ' || g, ${agentId}, case when ${linked} then ${firstChat} + g else null end, 0, 0
        from generate_series(1, ${count}) g
      returning id`),
  );
  return rows.map((r) => Number(r.id));
}

/** One pending slip a player on '38' (100 Ks, pays 8,000 Ks) for the draw. */
async function slips(db: Db, ids: number[], date: string) {
  await db.execute(sql`
    with s as (
      insert into two_d_slips (slip_no, user_id, draw_date, session, total_bet_amount, status, before_balance, after_balance)
      select 'B' || ${date} || '-' || u, u, ${date}, 'morning', 10000, 'pending', 10000, 0 from unnest(${`{${ids.join(',')}}`}::bigint[]) u
      returning id, user_id)
    insert into two_d_bets (slip_id, user_id, draw_date, session, bet_number, bet_amount, potential_payout)
    select id, user_id, ${date}, 'morning', '38', 10000, 800000 from s`);
}

async function settle(db: Db, date: string): Promise<number> {
  const clock = manualClock(`${date}T06:00:00Z`);
  await setResult(db, { date, session: 'morning', figures: { setIndex: '', value: '', twod: '38' }, status: 'confirmed', source: 'operator', actor: 'bench' }, clock.now());
  const t0 = performance.now();
  await settleDraw(db, date, 'morning', clock);
  return performance.now() - t0;
}

/** Mean ms of `n` deposit approvals for players linked or not (their requests made beforehand). */
async function approvals(db: Db, agentId: number, accountId: number, n: number, linked: boolean, tag: string): Promise<number> {
  const ids = await players(db, agentId, n, linked, tag);
  const requests = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into deposit_requests (user_id, agent_payment_account_id, amount, refrence_no)
      select u, ${accountId}, 500000, ${tag} || u from unnest(${`{${ids.join(',')}}`}::bigint[]) u returning id`),
  ).map((r) => Number(r.id));
  const t0 = performance.now();
  for (const id of requests) await decideDeposit(db, { id, decision: 'approve', note: null, now: new Date() });
  return (performance.now() - t0) / n;
}

/** The median time of the settlement's one Telegram statement (its fan-out row), timed inside a transaction that then rolls back. */
async function fanoutRowTime(db: Db, n = 21): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    await db
      .transaction(async (tx) => {
        const t0 = performance.now();
        await queueDrawFanout(tx, { date: `2099-01-${i}`, session: 'morning', outcome: 'settled', twod: '38' });
        times.push(performance.now() - t0);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
  }
  return [...times].sort((a, b) => a - b)[Math.floor(n / 2)]!;
}

async function costs(db: Db, agentId: number): Promise<{ settle: [number, number]; samples: string; fanout: number; row: number; approve: [number, number] }> {
  const [type] = await db.insert(paymentTypes).values({ name: 'Bench Pay', img: '/assets/bench.png' }).returning();
  const [account] = await db.insert(agentPaymentAccounts).values({ agentId, paymentTypeId: type!.id, accountName: 'Bench', accountNo: '09000000000' }).returning();
  // Settlement: the same draw size, players not linked (no rows) then linked (a row each), twice over.
  const settleTimes = { off: [] as number[], on: [] as number[] };
  const fanouts: number[] = [];
  const size = Math.min(PLAYERS, 500);
  // Round -1 warms up (the first settlements of a process are the slowest) and is not counted.
  for (let round = -1; round < ROUNDS; round++) {
    for (const linked of round % 2 ? [true, false] : [false, true]) {
      const date = `2026-${String(round + 3).padStart(2, '0')}-0${linked ? 3 : 2}`;
      await slips(db, await players(db, agentId, size, linked, `c${round}${linked ? 'l' : 'u'}`), date);
      const took = await settle(db, date);
      // What a sender does after the commit (outside the settlement's time): the players' messages.
      const t0 = performance.now();
      await fanOutAll(db);
      if (round < 0) continue;
      settleTimes[linked ? 'on' : 'off'].push(took);
      if (linked) fanouts.push(performance.now() - t0);
    }
  }
  const approve = { off: [] as number[], on: [] as number[] };
  for (let block = 0; block < 8; block++) {
    for (const linked of block % 2 ? [true, false] : [false, true]) approve[linked ? 'on' : 'off'].push(await approvals(db, agentId, account!.id, APPROVALS / 8, linked, `a${block}${linked ? 'l' : 'u'}`));
  }
  // Medians of alternating blocks: a shared machine's load moves both sides alike.
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const samples = `not linked ${settleTimes.off.map((t) => t.toFixed(0)).join(', ')}; linked ${settleTimes.on.map((t) => t.toFixed(0)).join(', ')} ms`;
  return { settle: [median(settleTimes.off), median(settleTimes.on)], samples, fanout: median(fanouts), row: await fanoutRowTime(db), approve: [median(approve.off), median(approve.on)] };
}

async function delivery(database: Database, agentId: number) {
  const db = database.db;
  const stand = await startBotApiStandIn({ limits: { global: 30, perChat: 1 } });
  const ids = await players(db, agentId, PLAYERS, true, 'w');
  await slips(db, ids, '2026-02-02');
  const sender = startTelegramSender({ db, wake: database.channel(OUTBOX_CHANNEL), transport: grammyTransport({ base: stand.url, token: BOT_TOKEN, appUrl: 'https://play.example.com' }) });
  const settled = await settle(db, '2026-02-02');
  const committed = performance.now();
  const target = Math.ceil(PLAYERS / 30) * 1.1 * 1000;
  let reported = 0;
  // Messages still to go: those in the outbox, and those a draw's fan-out has still to write.
  const open = async () =>
    rowsOf<{ n: number }>(
      await db.execute(
        sql`select (select count(*) from telegram_outbox where status in ('pending', 'sending')) + (select count(*) from telegram_fanouts where status = 'pending') as n`,
      ),
    ).map((r) => Number(r.n))[0]!;
  while (performance.now() - committed < target * 2 && (await open()) > 0) {
    await new Promise((r) => setTimeout(r, 500));
    if (stand.delivered.length >= reported + PLAYERS / 10) {
      reported = stand.delivered.length;
      console.log(`  ${reported} / ${PLAYERS} handed over after ${((performance.now() - committed) / 1000).toFixed(1)} s`);
    }
  }
  // When the last message reached the stand-in (its clock and ours are the same process's).
  const lastAt = Math.max(...stand.delivered.map((d) => d.at));
  const took = lastAt - (performance.timeOrigin + committed);
  await sender.stop();
  const chats = new Set(stand.delivered.map((d) => d.chatId));
  const statuses = rowsOf<{ status: string; n: number }>(await db.execute(sql`select status, count(*)::int as n from telegram_outbox group by status`));
  await stand.close();
  return { settled, took, target, delivered: stand.delivered.length, unique: chats.size, tooMany: stand.tooMany, statuses };
}

async function run(database: Database) {
  const db = database.db;
  const [agent] = await db.insert(agents).values({ name: 'Bench agent', referralCode: 'BENCHTG' }).returning();
  const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
  console.log(`bench:telegram on ${KIND}, ${PLAYERS} winning players${ONLY ? `, ${ONLY} only` : ''}; load ${load()}`);
  let ok = true;
  if (ONLY !== 'cost') {
    const d = await delivery(database, agent!.id);
    const floor = Math.ceil(PLAYERS / 30);
    console.log(`settlement of ${PLAYERS} winners (one fan-out row; the messages follow the commit): ${ms(d.settled)}`);
    console.log(`every message handed to Telegram: ${(d.took / 1000).toFixed(1)} s after the commit; target ${(d.target / 1000).toFixed(1)} s (ceil(${PLAYERS}/30) = ${floor} s + 10 %): ratio ${(d.took / d.target).toFixed(3)}`);
    console.log(`delivered ${d.delivered}, distinct chats ${d.unique} (sent twice: ${d.delivered - d.unique}); 429 answered by the stand-in: ${d.tooMany}; outbox: ${d.statuses.map((s) => `${s.status} ${s.n}`).join(', ')}`);
    ok = d.took <= d.target && d.unique === d.delivered && !d.statuses.some((s) => !['sent', 'unknown'].includes(s.status));
    console.log(ok ? 'delivery target met' : 'delivery target NOT met');
  }
  if (ONLY !== 'delivery') {
    const c = await costs(db, agent!.id);
    const pct = ([off, on]: [number, number]) => `${(((on - off) / off) * 100).toFixed(1)} %`;
    const size = Math.min(PLAYERS, 500);
    console.log(`2D settlement of ${size} winners (median of ${ROUNDS}): not linked ${ms(c.settle[0])}, linked ${ms(c.settle[1])} → the Telegram write adds ${pct(c.settle)}`);
    console.log(`  each settlement in order of rounds: ${c.samples}`);
    console.log(`  its one Telegram statement (the draw's fan-out row, median of 21): ${ms(c.row)} = ${((c.row / c.settle[0]) * 100).toFixed(2)} % of the settlement`);
    console.log(`  then the fan-out after the commit (a sender, not the settlement): ${ms(c.fanout)} for ${size} linked players`);
    console.log(`deposit approval (median of 8 blocks of ${APPROVALS / 8}): not linked ${ms(c.approve[0])}, linked ${ms(c.approve[1])} → the outbox row adds ${pct(c.approve)}`);
    console.log(`load at the end ${load()}`);
  }
  return ok;
}

async function main() {
  if (KIND === 'postgres') {
    return withFreshDatabase('kp_bench_tg', async (url) => {
      const database = await openPostgres(url, 10);
      try {
        return await run(database);
      } finally {
        await database.close();
      }
    });
  }
  const database = await fromPglite(new PGlite());
  try {
    return await run(database);
  } finally {
    await database.close();
  }
}

process.exitCode = (await main()) ? 0 : 2;
