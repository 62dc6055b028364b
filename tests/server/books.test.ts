import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booksChecks } from '../../server/db/schema';
import { checkBooks, type Discrepancy } from '../../server/domain/books';
import { BOOKS_LOCK_KEY } from '../../server/domain/books-runs';
import { dueSlot, runScheduledCheck, startBooksSchedule } from '../../server/domain/books-schedule';
import { settleDraw } from '../../server/domain/two-d/settlement';
import { runAdminCli } from '../support/admin-cli';
import { dbKinds, pgTestUrl } from '../support/db';
import { registerPlayer, type Player } from './accounts-helpers';
import { demoAccounts, paymentTypeId, type CashierServer } from './cashier-helpers';
import { ADMIN_TOKEN, enrolOperator, startOperatorServer, type Clock, type Operator } from './operator-helpers';
import { bet, MONDAY, TWO_D_ENV, yangon } from './two-d-bet-helpers';
import { confirmResult } from './two-d-results-helpers';

/**
 * The books check (decision 0029). The expectations are stated from the rules, not from the
 * check's code: a wallet's balance is the sum of its ledger rows; each row starts where the one
 * before it (in the same wallet) ended, a wallet's first at 0, and ends at its start + its amount;
 * every record that moved money has exactly the ledger rows its code writes.
 */
const LANGS = ['en', 'mm', 'zh', 'th'] as const;
const words = (lng: string, code: string) => JSON.parse(readFileSync(`locales/refusals/${lng}.json`, 'utf8')).refusal[code] as string;

type Q = { rows: Record<string, string>[] };
const rows = async (server: CashierServer, text: string) => ((await server.database.db.execute(sql.raw(text))) as unknown as Q).rows;
const one = async (server: CashierServer, text: string) => (await rows(server, text))[0]!;

describe.each(dbKinds)('the books (%s)', (kind) => {
  let server: CashierServer;
  let clock: Clock;
  let owner: Operator;
  let cashier: Operator;
  let player: Player;
  const admin = (method: string, path: string, token: string, headers?: Record<string, string>) => server.call(method, `/api/admin${path}`, { token, body: method === 'POST' ? {} : undefined, headers });
  const db = () => server.database.db;

  /** Money through the API: a deposit approved, an exchange, Digit Bets, a 2D slip settled, a withdrawal refused. */
  async function moveMoney() {
    player = await registerPlayer(server);
    const accounts = await demoAccounts(db());
    const dep = await server.call('POST', '/api/depositfinicial', { token: player.token, body: { agent_payment_type_id: accounts.KBZPay, amount: 100_000, refrence_no: '550101' } });
    expect((await admin('POST', `/deposits/${dep.body.data.id}/approve`, ADMIN_TOKEN)).status).toBe(200);
    expect((await server.call('POST', '/api/exchange-game-to-main', { token: player.token, body: { amount: 30_000 } })).status).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect((await server.call('POST', '/api/digitbet', { token: player.token, body: { bet_type: 'big', bet_amount: 100, multiplier: 1 } })).status).toBe(200);
    }
    expect((await bet(server, player, { '38': 1000, '12': 500 }, { session: 'morning' })).status).toBe(200);
    const wd = await server.call('POST', '/api/withdrawfinicial', {
      token: player.token,
      body: { payment_type_id: await paymentTypeId(db(), 'WavePay'), account_name: 'Ma Aye', account_number: '09781234567', amount: 10_000, password: player.password },
    });
    expect(wd.status, JSON.stringify(wd.body)).toBe(200);
    expect((await admin('POST', `/withdrawals/${wd.body.data.id}/reject`, ADMIN_TOKEN)).status).toBe(200);
    clock.set(yangon(MONDAY, '12:10'));
    await confirmResult(db(), MONDAY, 'morning', '38', clock.now());
    expect((await settleDraw(db(), MONDAY, 'morning', clock)).winners).toBe(1);
  }

  beforeAll(async () => {
    ({ server, clock } = await startOperatorServer(kind, { env: TWO_D_ENV, clock: undefined }));
    clock.set(yangon(MONDAY, '10:00'));
    await moveMoney();
    owner = await enrolOperator(server, clock, 'owner');
    cashier = await enrolOperator(server, clock, 'cashier');
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('after money moved through every kind of record, the books balance: summary figures from the database itself', async () => {
    const res = await admin('POST', '/books/check', owner.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const check = res.body.data;
    expect(check.discrepancies).toEqual([]);
    expect(check.ok).toBe(true);
    const users = await one(server, `select count(*)::int as n, sum(balance)::text as game, sum(main_balance)::text as main from users`);
    const ledgerRows = await one(server, `select count(*)::int as n from ledger`);
    // The records' movements, by the rules: two rows an exchange, one an approved deposit, one a
    // withdrawal's hold and one its release when rejected, one a slip, one a winning line, one a
    // Digit Bet's stake and one its win.
    const expected = await one(
      server,
      `select (select 2 * count(*) from exchanges) + (select count(*) from deposit_requests where status = 1)
            + (select count(*) from withdraw_requests) + (select count(*) from withdraw_requests where status = 2)
            + (select count(*) from two_d_slips) + (select count(*) from two_d_bets where win_lose)
            + (select count(*) from digit_bets) + (select count(*) from digit_bets where win_amount > 0) as n`,
    );
    expect(check.summary).toMatchObject({ players: Number(users.n), wallets: 2 * Number(users.n), ledger_rows: Number(ledgerRows.n), records: Number(expected.n), discrepancies: 0 });
    const kyat = (pya: string) => `${BigInt(pya) / 100n}.${String(BigInt(pya) % 100n).padStart(2, '0')}`;
    expect(check.summary.totals).toEqual({ main: { balance: kyat(users.main!), ledger: kyat(users.main!) }, game: { balance: kyat(users.game!), ledger: kyat(users.game!) } });
    expect(check).toMatchObject({ trigger: 'operator', actor: owner.userName });
    const listed = await admin('GET', '/books', cashier.token);
    expect(listed.status).toBe(200);
    expect(listed.body.data[0]).toMatchObject({ id: check.id, ok: true });
  });

  /** Applies `corrupt`, checks, undoes it with `repair`; the books balance again after. */
  async function corrupted(corrupt: string[], repair: string[]): Promise<Discrepancy[]> {
    for (const s of corrupt) await db().execute(sql.raw(s));
    try {
      const result = await checkBooks(db());
      expect(result.ok).toBe(false);
      expect(result.summary.discrepancies).toBe(result.discrepancies.length);
      return result.discrepancies;
    } finally {
      for (const s of repair) await db().execute(sql.raw(s));
      expect((await checkBooks(db())).discrepancies).toEqual([]);
    }
  }

  const ledgerRow = (where: string) => one(server, `select id::text, amount::text, balance_before::text as before, balance_after::text as after, reference from ledger where ${where} order by ledger.id limit 1`);
  const balances = () => one(server, `select balance::text as game, main_balance::text as main from users where id = ${player.id}`);

  it('a balance changed by hand: that wallet, its ledger sum expected, the balance found', async () => {
    const { game } = await balances();
    const found = await corrupted([`update users set balance = balance + 1234 where id = ${player.id}`], [`update users set balance = balance - 1234 where id = ${player.id}`]);
    expect(found).toEqual([{ kind: 'wallet_mismatch', userId: player.id, wallet: 'game', expected: game, found: String(BigInt(game!) + 1234n), ids: [`user:${player.id}`] }]);
  });

  it("a ledger row's amount changed: the row's arithmetic, its wallet's sum and its record", async () => {
    const row = await ledgerRow(`user_id = ${player.id} and wallet = 'game' and kind = 'exchange'`);
    const { game } = await balances();
    const found = await corrupted([`update ledger set amount = amount - 100 where id = ${row.id}`], [`update ledger set amount = amount + 100 where id = ${row.id}`]);
    expect(found).toHaveLength(3);
    expect(found).toContainEqual({ kind: 'row_arithmetic', userId: player.id, wallet: 'game', expected: String(BigInt(row.before!) + BigInt(row.amount!) - 100n), found: row.after, ids: [`ledger:${row.id}`] });
    expect(found).toContainEqual({ kind: 'wallet_mismatch', userId: player.id, wallet: 'game', expected: String(BigInt(game!) - 100n), found: game, ids: [`user:${player.id}`] });
    expect(found).toContainEqual(
      expect.objectContaining({ kind: 'missing_ledger', userId: player.id, wallet: 'game', expected: row.amount, found: String(BigInt(row.amount!) - 100n), ids: [row.reference, `ledger:${row.id}`] }),
    );
  });

  it('a row deleted from the middle of a chain: the next row breaks the chain, the wallet and the record miss it', async () => {
    const row = await ledgerRow(`user_id = ${player.id} and wallet = 'game' and kind = 'exchange'`);
    const next = await ledgerRow(`user_id = ${player.id} and wallet = 'game' and id > ${row.id}`);
    const full = await one(server, `select user_id::text, wallet, kind, reference, created_at::text from ledger where id = ${row.id}`);
    const { game } = await balances();
    const found = await corrupted(
      [`delete from ledger where id = ${row.id}`],
      [
        `insert into ledger (id, user_id, wallet, kind, amount, balance_before, balance_after, reference, created_at)
         values (${row.id}, ${full.user_id}, '${full.wallet}', '${full.kind}', ${row.amount}, ${row.before}, ${row.after}, '${full.reference}', '${full.created_at}')`,
      ],
    );
    expect(found).toHaveLength(3);
    expect(found).toContainEqual({ kind: 'chain_break', userId: player.id, wallet: 'game', expected: row.before, found: next.before, ids: [`ledger:${next.id}`] });
    expect(found).toContainEqual({ kind: 'wallet_mismatch', userId: player.id, wallet: 'game', expected: String(BigInt(game!) - BigInt(row.amount!)), found: game, ids: [`user:${player.id}`] });
    expect(found).toContainEqual({ kind: 'missing_ledger', userId: player.id, wallet: 'game', expected: row.amount, found: null, ids: [row.reference] });
  });

  it('a negative balance (the constraint dropped to let it in): reported, with the wallet that no longer matches its ledger', async () => {
    const other = await registerPlayer(server);
    const found = await corrupted(
      ['alter table users drop constraint users_main_balance_nonneg', `update users set main_balance = -500 where id = ${other.id}`],
      [`update users set main_balance = 0 where id = ${other.id}`, 'alter table users add constraint users_main_balance_nonneg check (main_balance >= 0)'],
    );
    expect(found).toHaveLength(2);
    expect(found).toContainEqual({ kind: 'negative_balance', userId: other.id, wallet: 'main', expected: '0', found: '-500', ids: [`user:${other.id}`] });
    expect(found).toContainEqual({ kind: 'wallet_mismatch', userId: other.id, wallet: 'main', expected: '0', found: '-500', ids: [`user:${other.id}`] });
  });

  it('a Digit Bet and a 2D slip without their ledger rows, and a ledger row naming no record', async () => {
    const digit = await one(server, `select id::text, stake::text from digit_bets where user_id = ${player.id} order by digit_bets.id limit 1`);
    const slip = await one(server, `select id::text, total_bet_amount::text as total from two_d_slips where user_id = ${player.id} order by two_d_slips.id limit 1`);
    const stakeRow = await ledgerRow(`reference = 'digit_bet:${digit.id}' and kind = 'digit_bet'`);
    const found = await corrupted(
      [
        `insert into digit_bets (id, user_id, seed_id, nonce, client_seed, bet_type, bet_amount, multiplier, stake, rolled, outcome, win_amount)
         select 900001, user_id, seed_id, nonce + 100000, client_seed, bet_type, bet_amount, multiplier, stake, rolled, 'lose', 0 from digit_bets where id = ${digit.id}`,
        `insert into two_d_slips (id, slip_no, user_id, draw_date, session, total_bet_amount, status, before_balance, after_balance)
         select 900002, 'BOOKS-TEST', user_id, draw_date, session, total_bet_amount, status, before_balance, after_balance from two_d_slips where id = ${slip.id}`,
        `update ledger set reference = 'digit_bet:999999' where id = ${stakeRow.id}`,
      ],
      ['delete from digit_bets where id = 900001', 'delete from two_d_slips where id = 900002', `update ledger set reference = 'digit_bet:${digit.id}' where id = ${stakeRow.id}`],
    );
    expect(found).toHaveLength(4);
    expect(found).toContainEqual({ kind: 'missing_ledger', userId: player.id, wallet: 'game', expected: `-${digit.stake}`, found: null, ids: ['digit_bet:900001'] });
    expect(found).toContainEqual({ kind: 'missing_ledger', userId: player.id, wallet: 'main', expected: `-${slip.total}`, found: null, ids: ['two_d_slip:900002'] });
    expect(found).toContainEqual({ kind: 'missing_ledger', userId: player.id, wallet: 'game', expected: `-${digit.stake}`, found: null, ids: [`digit_bet:${digit.id}`] });
    expect(found).toContainEqual({ kind: 'orphan_ledger', userId: player.id, wallet: 'game', expected: null, found: `-${digit.stake}`, ids: [`ledger:${stakeRow.id}`] });
  });

  it('npm run admin -- books: exit 0 and OK when the books balance, 1 and each discrepancy when not', async () => {
    const env = { ADMIN_URL: server.url, ADMIN_TOKEN };
    const clean = await runAdminCli(['books'], env);
    expect(clean.code, clean.stderr).toBe(0);
    expect(clean.stdout).toContain('OK: the books balance.');
    await db().execute(sql.raw(`update users set balance = balance + 1234 where id = ${player.id}`));
    try {
      const run = await runAdminCli(['books'], env);
      expect(run.code, run.stderr).toBe(1);
      expect(run.stdout).toContain('DISCREPANCIES: 1');
      expect(run.stdout).toMatch(new RegExp(`wallet_mismatch\\s+${player.id}\\s+game\\s`));
      const last = await runAdminCli(['books', '--last'], env);
      expect(last.code).toBe(1);
      expect(last.stdout).toContain('(cli, admin-token)');
    } finally {
      await db().execute(sql.raw(`update users set balance = balance - 1234 where id = ${player.id}`));
    }
  }, 60_000);

  it('roles: a cashier reads the results but cannot start a check; content and 2D operators see neither', async () => {
    expect((await admin('POST', '/books/check', cashier.token)).status).toBe(403);
    for (const role of ['content', 'two_d'] as const) {
      const op = await enrolOperator(server, clock, role);
      expect((await admin('GET', '/books', op.token)).status).toBe(403);
      expect((await admin('POST', '/books/check', op.token)).status).toBe(403);
    }
  });

  it('checks asked for together: never two at once (409 admin.books_running on PostgreSQL), each run recorded once', async () => {
    const [before] = await db().select({ n: sql<number>`count(*)::int` }).from(booksChecks);
    const answers = await Promise.all(Array.from({ length: 8 }, () => admin('POST', '/books/check', ADMIN_TOKEN)));
    const ran = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 409);
    expect(ran.length + refused.length).toBe(8);
    expect(ran.length).toBeGreaterThanOrEqual(1);
    // PGlite has one connection: there the requests wait for each other and each runs in turn.
    if (kind === 'postgres') expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const r of refused) expect(r.refusal?.code).toBe('admin.books_running');
    const [after] = await db().select({ n: sql<number>`count(*)::int` }).from(booksChecks);
    expect(after!.n - before!.n).toBe(ran.length);
  });

  // PostgreSQL only: PGlite has no second connection to hold the lock from.
  if (kind === 'postgres') it('another process holding the books lock: refused in four languages, nothing recorded', async () => {
    const target = new URL(pgTestUrl!);
    target.pathname = `/${(await one(server, 'select current_database() as name')).name}`;
    const other = new pg.Client({ connectionString: target.toString() });
    await other.connect();
    try {
      await other.query('select pg_advisory_lock($1)', [BOOKS_LOCK_KEY]);
      const [before] = await db().select({ n: sql<number>`count(*)::int` }).from(booksChecks);
      for (const lng of LANGS) {
        const res = await admin('POST', '/books/check', owner.token, { 'x-lang': lng });
        expect([res.status, res.refusal?.code, res.body.message]).toEqual([409, 'admin.books_running', words(lng, 'admin.books_running')]);
      }
      const outcome = await runScheduledCheck(server.database, clock, { hours: 24, at: '04:00' }, 'test');
      expect(outcome).toEqual({ skipped: 'busy' });
      const [after] = await db().select({ n: sql<number>`count(*)::int` }).from(booksChecks);
      expect(after!.n).toBe(before!.n);
    } finally {
      await other.end();
    }
  });

  it('the schedule runs the check once per slot and records it; a later slot runs again; hours 0 runs nothing', async () => {
    const scheduled = async () => (await rows(server, `select id::text, ok, started_at from books_checks where trigger = 'schedule' order by id`)).length;
    clock.set(yangon('2026-01-07', '10:00'));
    const stop = startBooksSchedule({ database: server.database, clock, cfg: { hours: 24, at: '04:00' }, actor: 'schedule:test' }, 20);
    for (let i = 0; i < 200 && (await scheduled()) < 1; i++) await new Promise((r) => setTimeout(r, 25));
    await new Promise((r) => setTimeout(r, 100)); // more wake-ups: still one run for the slot
    await stop();
    expect(await scheduled()).toBe(1);
    const [row] = await rows(server, `select ok, actor from books_checks where trigger = 'schedule'`);
    expect(row).toMatchObject({ ok: true, actor: 'schedule:test' });
    // Another process waking in the same slot finds it done; the next day's slot runs.
    expect(await runScheduledCheck(server.database, clock, { hours: 24, at: '04:00' }, 'other')).toEqual({ skipped: 'not_due' });
    clock.set(yangon('2026-01-08', '04:01'));
    expect('ran' in (await runScheduledCheck(server.database, clock, { hours: 24, at: '04:00' }, 'other'))).toBe(true);
    const off = startBooksSchedule({ database: server.database, clock: { now: () => new Date('2030-01-01T00:00:00Z') }, cfg: { hours: 0, at: '04:00' } }, 5);
    await new Promise((r) => setTimeout(r, 50));
    await off();
    expect(await scheduled()).toBe(2);
  });
});

describe('the schedule slots', () => {
  it('fall every N hours from the Yangon time given', () => {
    expect(dueSlot(yangon('2026-01-07', '03:59'), { hours: 24, at: '04:00' })).toEqual(yangon('2026-01-06', '04:00'));
    expect(dueSlot(yangon('2026-01-07', '04:00'), { hours: 24, at: '04:00' })).toEqual(yangon('2026-01-07', '04:00'));
    expect(dueSlot(yangon('2026-01-07', '09:59'), { hours: 6, at: '04:00' })).toEqual(yangon('2026-01-07', '04:00'));
    expect(dueSlot(yangon('2026-01-07', '10:00'), { hours: 6, at: '04:00' })).toEqual(yangon('2026-01-07', '10:00'));
    expect(dueSlot(yangon('2026-01-07', '01:00'), { hours: 6, at: '04:00' })).toEqual(yangon('2026-01-06', '22:00'));
  });
});
