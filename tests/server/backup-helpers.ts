import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { asc, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../server/db/client';
import { ledger, users } from '../../server/db/schema';
import { expectRunningBalances } from '../support/ledger';

/** Shared pieces of the backup tests: a real server process, the CLI as a command, the books of a copy. */

export interface ServerProcess {
  url: string;
  /** SIGTERM, then the exit code once the process has closed its database and gone. */
  stop(): Promise<number | null>;
}

/** `tsx server/index.ts` as an operator runs it, on this environment; resolves once it listens. */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child: ChildProcess = spawn('node_modules/.bin/tsx', ['server/index.ts'], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, STATIC_DIR: '/nonexistent', HOST: '127.0.0.1', PORT: '0', ...env },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = () => {
    child.kill('SIGTERM');
    return exited;
  };
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /KyatPlay on (http:\/\/localhost:\d+)/.exec(out);
      if (m) resolve({ url: m[1]!.replace('localhost', '127.0.0.1'), stop });
    });
    child.stderr!.on('data', (d) => (out += d));
    void exited.then((code) => reject(new Error(`the server exited (${code}) before listening:\n${out}`)));
  });
}

type Post = (path: string, token: string, body: unknown, headers?: Record<string, string>) => Promise<{ status: number; body: unknown }>;

/**
 * Money moving until stopped: one loop per player of an exchange game → main, a Digit Bet and an
 * exchange main → game (the wallets never run dry). `stop` waits for the loops and expects every
 * answer to have been a 200.
 */
export function moveMoney(tokens: string[], post: Post) {
  let running = true;
  let moves = 0;
  const failures: string[] = [];
  const loop = async (token: string, p: number) => {
    for (let i = 0; running; i++) {
      const key = { 'idempotency-key': `move-${p}-${i}-${Date.now()}` };
      const res =
        i % 3 === 0
          ? await post('/api/exchange-game-to-main', token, { amount: 5 }, key)
          : i % 3 === 1
            ? await post('/api/digitbet', token, { bet_type: i % 2 ? 'big' : 'small', bet_amount: 1, multiplier: 1 })
            : await post('/api/exchange-main-to-game', token, { amount: 5 }, key);
      if (res.status === 200) moves++;
      else failures.push(`${res.status} ${JSON.stringify(res.body)}`);
    }
  };
  const loops = tokens.map((t, p) => loop(t, p));
  return {
    moves: () => moves,
    /** Resolves once at least `n` moves have been answered. */
    async until(n: number) {
      while (moves < n) await new Promise((r) => setTimeout(r, 50));
    },
    async stop() {
      running = false;
      await Promise.all(loops);
      expect(failures).toEqual([]);
    },
  };
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run admin -- …` as a separate process (a backup of a real folder takes longer than the shared helper allows). */
export function admin(args: string[], env: Record<string, string>): Promise<CliRun> {
  return new Promise((resolve) => {
    const childEnv = { PATH: process.env.PATH, HOME: process.env.HOME, ...env };
    execFile('node_modules/.bin/tsx', ['server/cli/index.ts', ...args], { env: childEnv, timeout: 180_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr });
    });
  });
}

export interface LedgerRow {
  id: number;
  userId: number;
  wallet: string;
  amount: bigint;
  balanceBefore: bigint;
  balanceAfter: bigint;
}

export interface Books {
  /** Player id → [game, main] wallets, pya. */
  wallets: Map<number, [bigint, bigint]>;
  ledger: LedgerRow[];
}

export async function readBooks(db: Db): Promise<Books> {
  const players = await db.select({ id: users.id, game: users.balance, main: users.mainBalance }).from(users).orderBy(asc(users.id));
  const rows = await db
    .select({ id: ledger.id, userId: ledger.userId, wallet: ledger.wallet, amount: ledger.amount, balanceBefore: ledger.balanceBefore, balanceAfter: ledger.balanceAfter })
    .from(ledger)
    .orderBy(asc(ledger.id));
  return { wallets: new Map(players.map((p) => [p.id, [p.game, p.main]])), ledger: rows as LedgerRow[] };
}

/** Each wallet at the end of `rows` (the last balance_after per player and wallet); [0, 0] for none. */
export function walletsAfter(rows: LedgerRow[], players: Iterable<number>): Map<number, [bigint, bigint]> {
  const out = new Map<number, [bigint, bigint]>([...players].map((id) => [id, [0n, 0n]]));
  for (const row of rows) out.get(row.userId)![row.wallet === 'game' ? 0 : 1] = row.balanceAfter;
  return out;
}

/**
 * The books of one database hold together: every wallet equals the sum of its ledger rows, none is
 * negative, and each wallet's rows chain (each starts from the balance the one before ended at).
 */
export function expectBooksHold(books: Books) {
  expectRunningBalances(books.ledger);
  const sums = new Map<string, bigint>();
  for (const row of books.ledger) {
    const key = `${row.userId}/${row.wallet}`;
    sums.set(key, (sums.get(key) ?? 0n) + row.amount);
  }
  for (const [id, [game, main]] of books.wallets) {
    expect(game, `player ${id}: game wallet = sum of its ledger`).toBe(sums.get(`${id}/game`) ?? 0n);
    expect(main, `player ${id}: main wallet = sum of its ledger`).toBe(sums.get(`${id}/main`) ?? 0n);
    expect(game >= 0n && main >= 0n, `player ${id}: no negative wallet`).toBe(true);
  }
}

/** Totals as the restore command prints them. */
export async function totals(db: Db) {
  const [row] = await db
    .select({
      players: sql<number>`count(*)::int`,
      game: sql<string>`coalesce(sum(${users.balance}), 0)::text`,
      main: sql<string>`coalesce(sum(${users.mainBalance}), 0)::text`,
    })
    .from(users);
  return row!;
}
