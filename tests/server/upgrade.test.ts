import { createHash, createHmac, randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../server/db/client';
import { migrationsFolder } from '../../server/db/migrate';
import { checkBooks } from '../../server/domain/books';
import { hashToken } from '../../server/domain/sessions';
import { kyat } from '../../server/lib/money';
import { hashPassword } from '../../server/lib/passwords';
import { dbKinds, emptyPostgres } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Upgrade proof (issue 24): an install of an earlier release (migrations up to 0010, applied by the
 * migrator of that time, drizzle's own) holding players, money with its ledger, exchanges, cashier
 * requests, 2D slips, Digit Bet seeds and bets and sessions is opened by today's code the way the
 * server opens it. Every row and every ledger chain is as it was, old sessions and passwords still
 * sign in, and the money routes and Digit Bet (its function new since 0014) work on the old data.
 */

const OLD_RELEASE_LAST = 10; // 0010_catalogue_version
const PASSWORD = 'old-release-1';

type Query = (text: string, params?: unknown[]) => Promise<Record<string, any>[]>;

/** The migrations folder as the earlier release shipped it. */
function oldMigrations(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kp-old-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
  journal.entries = journal.entries.filter((e: { idx: number }) => e.idx <= OLD_RELEASE_LAST);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

function roll(serverSeed: string, clientSeed: string, nonce: number): number {
  const b = createHmac('sha256', Buffer.from(serverSeed, 'hex')).update(`${clientSeed}:${nonce}`).digest();
  return Math.floor((b.readUInt32BE(0) / 2 ** 32) * 10);
}

interface OldPlayer {
  id: number;
  userName: string;
  token: string;
  serverSeed: string;
  clientSeed: string;
}

/** Appends a ledger row continuing the wallet's chain, and moves the wallet. */
async function move(q: Query, userId: number, wallet: 'main' | 'game', kind: string, amount: bigint, reference: string) {
  const column = wallet === 'main' ? 'main_balance' : 'balance';
  const [u] = await q(`UPDATE users SET ${column} = ${column} + $2 WHERE id = $1 RETURNING (${column} - $2)::text AS before`, [userId, amount.toString()]);
  const before = BigInt(u!.before);
  await q('INSERT INTO ledger (user_id, wallet, kind, amount, balance_before, balance_after, reference) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
    userId, wallet, kind, amount.toString(), before.toString(), (before + amount).toString(), reference,
  ]);
}

/** One player of the old release with a bit of everything, written as that release's code wrote it. */
async function oldPlayer(q: Query, n: number, agentId: number, accountId: number, paymentTypeId: number): Promise<OldPlayer> {
  const userName = `Old${String(n).padStart(5, '0')}`;
  const [u] = await q(`INSERT INTO users (user_name, name, phone, password_hash, agent_id) VALUES ($1, $2, $3, $4, $5) RETURNING id::int AS id`, [
    userName, `Old Player ${n}`, `0977700${String(n).padStart(4, '0')}`, await hashPassword(PASSWORD), agentId,
  ]);
  const id = u!.id as number;
  await move(q, id, 'main', 'opening', kyat(5_000 + n), 'seed:opening');
  const [ex] = await q(`INSERT INTO exchanges (user_id, type, amount) VALUES ($1, 'mainBalanceToGaming', $2) RETURNING id`, [id, kyat(2_000).toString()]);
  await move(q, id, 'main', 'exchange', -kyat(2_000), `exchange:${ex!.id}`);
  await move(q, id, 'game', 'exchange', kyat(2_000), `exchange:${ex!.id}`);
  const [dep] = await q(`INSERT INTO deposit_requests (user_id, agent_payment_account_id, amount, refrence_no, status, decided_at) VALUES ($1, $2, $3, $4, 1, now()) RETURNING id`, [
    id, accountId, kyat(1_000).toString(), `REF${n}A`,
  ]);
  await move(q, id, 'game', 'deposit', kyat(1_000), `deposit_request:${dep!.id}`);
  await q(`INSERT INTO deposit_requests (user_id, agent_payment_account_id, amount, refrence_no) VALUES ($1, $2, $3, $4)`, [id, accountId, kyat(300).toString(), `REF${n}B`]);
  const [wd] = await q(`INSERT INTO withdraw_requests (user_id, payment_type_id, account_name, account_number, amount) VALUES ($1, $2, 'Old', '0911', $3) RETURNING id`, [
    id, paymentTypeId, kyat(500).toString(),
  ]);
  await move(q, id, 'game', 'withdraw_hold', -kyat(500), `withdraw_request:${wd!.id}`);
  await oldTwoD(q, id, n);
  const seed = await oldDigit(q, id);
  const token = randomBytes(32).toString('hex');
  await q(`INSERT INTO tokens (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '30 days')`, [id, hashToken(token)]);
  return { id, userName, token, ...seed };
}

/** A settled slip with a winning line, and a pending one. */
async function oldTwoD(q: Query, userId: number, n: number) {
  for (const [status, session] of [['completed', 'morning'], ['pending', 'evening']] as const) {
    const [main] = await q('SELECT main_balance::text AS b FROM users WHERE id = $1', [userId]);
    const total = kyat(300);
    const [slip] = await q(
      `INSERT INTO two_d_slips (slip_no, user_id, draw_date, session, total_bet_amount, status, before_balance, after_balance) VALUES ($1, $2, '2026-11-20', $3, $4, $5, $6, $7) RETURNING id`,
      [`OLD-${n}-${session}`, userId, session, total.toString(), status, main!.b, (BigInt(main!.b) - total).toString()],
    );
    await move(q, userId, 'main', 'two_d_bet', -total, `two_d_slip:${slip!.id}`);
    for (const [number, amount] of [['12', 100], ['34', 200]] as const) {
      const won = status === 'completed' && number === '12';
      const [bet] = await q(
        `INSERT INTO two_d_bets (slip_id, user_id, draw_date, session, bet_number, bet_amount, potential_payout, win_lose, prize_amount) VALUES ($1, $2, '2026-11-20', $3, $4, $5, $6, $7, $8) RETURNING id`,
        [slip!.id, userId, session, number, kyat(amount).toString(), kyat(amount * 80).toString(), status === 'completed' ? won : null, won ? kyat(amount * 80).toString() : '0'],
      );
      if (won) await move(q, userId, 'main', 'two_d_win', kyat(amount * 80), `two_d_bet:${bet!.id}`);
    }
  }
}

/** An active seed pair and one bet already rolled on it (nonce 0). */
async function oldDigit(q: Query, userId: number): Promise<{ serverSeed: string; clientSeed: string }> {
  const serverSeed = randomBytes(32).toString('hex');
  const clientSeed = `client-${userId}`;
  const hash = createHash('sha256').update(Buffer.from(serverSeed, 'hex')).digest('hex');
  const [seed] = await q(`INSERT INTO digit_seeds (user_id, server_seed, server_seed_hash, client_seed, nonce) VALUES ($1, $2, $3, $4, 1) RETURNING id`, [userId, serverSeed, hash, clientSeed]);
  const rolled = roll(serverSeed, clientSeed, 0);
  const stake = kyat(10);
  const win = rolled <= 4 ? stake * 2n : 0n;
  const [bet] = await q(
    `INSERT INTO digit_bets (user_id, seed_id, nonce, client_seed, bet_type, bet_amount, multiplier, stake, rolled, outcome, win_amount) VALUES ($1, $2, 0, $3, 'small', $4, 1, $4, $5, $6, $7) RETURNING id`,
    [userId, seed!.id, clientSeed, stake.toString(), rolled, win > 0n ? 'win' : 'lose', win.toString()],
  );
  await move(q, userId, 'game', 'digit_bet', -stake, `digit_bet:${bet!.id}`);
  if (win > 0n) await move(q, userId, 'game', 'digit_win', win, `digit_bet:${bet!.id}`);
  return { serverSeed, clientSeed };
}

/** The old release's install, filled. */
async function fillOldInstall(q: Query): Promise<OldPlayer[]> {
  const [agent] = await q(`INSERT INTO agents (name, referral_code) VALUES ('Old Agent', 'OLDREL') RETURNING id::int AS id`);
  const [type] = await q(`INSERT INTO payment_types (name, img) VALUES ('OldPay', 'old.png') RETURNING id::int AS id`);
  const [account] = await q(`INSERT INTO agent_payment_accounts (agent_id, payment_type_id, account_name, account_no) VALUES ($1, $2, 'Agent', '0922') RETURNING id::int AS id`, [agent!.id, type!.id]);
  const players: OldPlayer[] = [];
  for (let n = 1; n <= 3; n++) players.push(await oldPlayer(q, n, agent!.id, account!.id, type!.id));
  return players;
}

const TABLES = ['agents', 'users', 'ledger', 'exchanges', 'deposit_requests', 'withdraw_requests', 'two_d_slips', 'two_d_bets', 'digit_seeds', 'digit_bets', 'tokens'];

/** Every row of the tables above, as JSON text, in the columns the old release had. */
async function contents(q: Query, columns: Map<string, string[]>): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of TABLES) {
    const list = columns.get(table)!.map((c) => `"${c}"`).join(', ');
    out[table] = (await q(`SELECT row_to_json(x)::text AS j FROM (SELECT ${list} FROM "${table}" ORDER BY 1) AS x`)).map((r) => r.j as string);
  }
  return out;
}

async function oldColumns(q: Query): Promise<Map<string, string[]>> {
  const rows = await q(`SELECT table_name AS t, column_name AS c FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`);
  const map = new Map<string, string[]>();
  for (const r of rows) map.set(r.t, [...(map.get(r.t) ?? []), r.c]);
  return map;
}

/** Broken links in the books: a row whose after ≠ before + amount, a chain that skips, a wallet that is not its last row. */
const BROKEN_BOOKS = `
  WITH chained AS (
    SELECT l.*, lag(balance_after) OVER (PARTITION BY user_id, wallet ORDER BY id) AS prev,
           row_number() OVER (PARTITION BY user_id, wallet ORDER BY id DESC) AS from_end FROM ledger AS l)
  SELECT 'row ' || id AS broken FROM chained
   WHERE balance_after <> balance_before + amount OR balance_before <> coalesce(prev, 0)
  UNION ALL
  SELECT 'wallet ' || u.id || ' ' || w.wallet FROM users AS u CROSS JOIN (VALUES ('main'), ('game')) AS w(wallet)
   WHERE CASE w.wallet WHEN 'main' THEN u.main_balance ELSE u.balance END
         <> coalesce((SELECT c.balance_after FROM chained AS c WHERE c.user_id = u.id AND c.wallet = w.wallet AND c.from_end = 1), 0)`;

describe.each(dbKinds)('upgrading an install of the 0010 release to today (%s)', (kind) => {
  let database: Database;
  let server: TestServer;
  let players: OldPlayer[];
  let before: Record<string, string[]>;
  let columns: Map<string, string[]>;
  let cleanup: () => Promise<void>;
  const query: Query = async (text) => ((await database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, any>[] }).rows;

  /** Builds the old install; returns how today's code opens it. */
  async function oldInstall(): Promise<() => Promise<Database>> {
    const folder = oldMigrations();
    if (kind === 'pglite') {
      const dataDir = mkdtempSync(join(tmpdir(), 'kp-old-data-'));
      const client = new PGlite(dataDir);
      await migratePglite(drizzlePglite(client), { migrationsFolder: folder });
      const q: Query = async (text, params) => (await client.query<Record<string, any>>(text, params)).rows;
      players = await fillOldInstall(q);
      columns = await oldColumns(q);
      before = await contents(q, columns);
      await client.close();
      cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
      rmSync(folder, { recursive: true, force: true });
      return () => openPglite(dataDir);
    }
    const { url, drop } = await emptyPostgres('kp_upgrade');
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    await migratePg(drizzlePg(pool), { migrationsFolder: folder });
    const q: Query = async (text, params) => (await pool.query(text, params)).rows;
    players = await fillOldInstall(q);
    columns = await oldColumns(q);
    before = await contents(q, columns);
    await pool.end();
    cleanup = drop;
    rmSync(folder, { recursive: true, force: true });
    return () => openPostgres(url, 5);
  }

  beforeAll(async () => {
    const open = await oldInstall();
    database = await open(); // today's start: migrator, lock, functions
    server = await startTestServer(kind, { database });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await database?.close();
    await cleanup?.();
  });

  it('is at head: every migration recorded once, every function file applied', async () => {
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'));
    expect(await query('SELECT count(*)::int AS n, count(DISTINCT created_at)::int AS d FROM drizzle.__drizzle_migrations')).toEqual([
      { n: journal.entries.length, d: journal.entries.length },
    ]);
    expect((await query('SELECT count(DISTINCT name)::int AS n FROM drizzle.kp_sql_functions'))[0]!.n).toBeGreaterThanOrEqual(9);
  });

  it('every row of the old release is intact, and every balance and ledger chain holds', async () => {
    expect(await contents(query, columns)).toEqual(before);
    expect(before.ledger!.length).toBeGreaterThanOrEqual(27); // 9 or 10 rows a player (a Digit Bet win writes two)
    expect(await query(BROKEN_BOOKS)).toEqual([]);
  });

  it("old sessions still sign in, and old passwords log in", async () => {
    for (const p of players) {
      const me = await server.call('GET', '/api/user', { token: p.token });
      expect(me.status).toBe(200);
      expect(me.body.data).toMatchObject({ id: p.id, user_name: p.userName });
      const login = await server.call('POST', '/api/login', { body: { user_name: p.userName, password: PASSWORD } });
      expect(login.status).toBe(200);
    }
  });

  it('an exchange moves money on the upgraded wallets, chained to the old rows', async () => {
    const p = players[0]!;
    const was = (await server.call('GET', '/api/user', { token: p.token })).body.data;
    const res = await server.call('POST', '/api/exchange-main-to-game', { token: p.token, body: { amount: 250 }, headers: { 'idempotency-key': `upgrade-${kind}` } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const now = (await server.call('GET', '/api/user', { token: p.token })).body.data;
    expect(kyat(Number(now.main_balance.split('.')[0]))).toBe(kyat(Number(was.main_balance.split('.')[0])) - kyat(250));
    expect(kyat(Number(now.balance.split('.')[0]))).toBe(kyat(Number(was.balance.split('.')[0])) + kyat(250));
    expect(await query(BROKEN_BOOKS)).toEqual([]);
  });

  it('a Digit Bet rolls on the old seed pair, at its next nonce, through the new function', async () => {
    for (const p of players) {
      const res = await server.call('POST', '/api/digitbet', { token: p.token, body: { bet_type: 'big', bet_amount: 5, multiplier: 2 } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const [bet] = await query(`SELECT rolled, nonce, client_seed, stake::text AS stake FROM digit_bets WHERE user_id = ${p.id} ORDER BY id DESC LIMIT 1`);
      expect(bet).toEqual({ rolled: roll(p.serverSeed, p.clientSeed, 1), nonce: 1, client_seed: p.clientSeed, stake: kyat(10).toString() });
    }
    expect(await query(BROKEN_BOOKS)).toEqual([]);
  });

  it('the old exchange and 2D slips are listed by the routes of today', async () => {
    const p = players[1]!;
    const log = await server.call('GET', '/api/exchange-transactions-log', { token: p.token });
    expect(log.status).toBe(200);
    expect(JSON.stringify(log.body)).toContain('2000.00');
    for (const path of ['/api/twod-bet-slips', '/api/evening-twod-bet-slips']) {
      const slips = await server.call('GET', `${path}?date=2026-11-20`, { token: p.token });
      expect(slips.status).toBe(200);
      expect(JSON.stringify(slips.body)).toContain('OLD-2-');
    }
    expect((await server.call('GET', '/api/transactions', { token: p.token })).status).toBe(200);
  });

  it("today's books check (npm run admin -- books) finds the old and the new rows in order", async () => {
    const result = await checkBooks(database.db);
    expect(result.discrepancies).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.summary.players).toBe(players.length);
    expect(result.summary.records).toBeGreaterThan(players.length * 6);
  });
});
