/**
 * The real world a 2D bet path runs in: the file's one server on a clock set to an open Monday
 * morning (both draws of the day take bets), a fresh player per path with real main and game
 * balances, a page signed in as them, the grid's loads held until a step answers them and the
 * submit held while it is busy. Server answers are arranged for real: a rival player stakes a
 * number's whole break, the operator closes a number or lowers a break through the admin API,
 * the clock passes a cut-off; only a dropped connection or a 5xx is made by the router.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { TwoDLine, TwoDSession } from '../../../../src/api/types';
import { agents, twoDBets, twoDClosures, twoDCounters, twoDNumberLimits, twoDSlips, users } from '../../../../server/db/schema';
import type { Db } from '../../../../server/db/client';
import { issueToken } from '../../../../server/domain/sessions';
import type { manualClock } from '../../../../server/lib/clock';
import { kyat } from '../../../../server/lib/money';
import { fund } from '../../../server/wallet-helpers';
import type { Harness } from '../harness';
import { holdRequests, type Hold } from '../held-requests';

export type ServerClock = ReturnType<typeof manualClock>;

/** The grid's load (GET /twod-availability) and the bet (POST /twod-bet, not its slips). */
export const GRID_CALL = /\/api\/twod-availability(\?|$)/;
export const BET_CALL = /\/api\/twod-bet(\?|$)/;
/** Spec §3: the selection waits in localStorage under this key until it is placed. */
export const DRAFT_KEY = 'twoDBet';

/** What the player starts with, whole Kyat: 2D is staked from the main balance (api-contract.md). */
const MAIN_KYAT = 10_000;
const GAME_KYAT = 5_000;

export interface Player {
  id: number;
  token: string;
  name: string;
}

export interface TwoDWorld {
  h: Harness;
  clock: ServerClock;
  adminToken: string;
  page: Page;
  player: Player;
  /** Every grid load of the page, held until a step answers it (re-armed after each answer). */
  grid: Hold;
  submit: Hold;
  /** The player's balances now, pya: what the screens and the database must say. */
  main: bigint;
  game: bigint;
  /** The slips this player has placed, oldest first (what the database must hold). */
  placed: Array<{ session: TwoDSession; lines: TwoDLine[]; before: bigint }>;
  /** The tab's history holds the confirm page one step forward (see leaveConfirmAhead). */
  confirmAhead: boolean;
  /** Undone when the path ends (shared rows and the clock a step changed). */
  cleanups: Array<() => Promise<void>>;
}

let seq = 0;
const agentOf = new WeakMap<Harness, Promise<number>>();

/** One agent per server for the players these paths create. */
function pathAgent(h: Harness): Promise<number> {
  if (!agentOf.has(h)) {
    const db = h.server.database.db;
    const made = db.insert(agents).values({ name: 'Two-D path agent', referralCode: `TWOD${process.pid}` }).returning({ id: agents.id });
    agentOf.set(h, made.then(([agent]) => agent!.id));
  }
  return agentOf.get(h)!;
}

/** A player with a session issued at the server's time, funded through the ledger. */
export async function seedPlayer(h: Harness, clock: ServerClock, wallets: { main: number; game?: number }): Promise<Player> {
  const db = h.server.database.db;
  seq += 1;
  const name = `Two D Player ${seq}`;
  const [user] = await db
    .insert(users)
    .values({ userName: `TwoD${process.pid}X${seq}`, name, agentId: await pathAgent(h) })
    .returning({ id: users.id });
  await fund(db, user!.id, wallets);
  return { id: user!.id, name, token: await issueToken(db, user!.id, clock.now(), 30) };
}

/** A fresh funded player, a page signed in as them with its clock at the server's time, the grid held. */
export async function openTwoDWorld(h: Harness, clock: ServerClock, adminToken: string): Promise<TwoDWorld> {
  const player = await seedPlayer(h, clock, { main: MAIN_KYAT, game: GAME_KYAT });
  const { context, page } = await h.newPage();
  // A control the screen no longer offers fails its step in seconds, not Playwright's 30.
  page.setDefaultTimeout(10_000);
  await context.addInitScript((token) => localStorage.setItem('token', token), player.token);
  // The browser's timers run on Playwright's clock: "15 seconds pass" is a jump, not a wait.
  await context.clock.install({ time: clock.now() });
  const world: TwoDWorld = {
    h,
    clock,
    adminToken,
    page,
    player,
    grid: await holdRequests(page, GRID_CALL, 'the grid load'),
    submit: await holdRequests(page, BET_CALL, 'the bet'),
    main: kyat(MAIN_KYAT),
    game: kyat(GAME_KYAT),
    placed: [],
    confirmAhead: false,
    cleanups: [],
  };
  world.grid.arm();
  return world;
}

export async function closeTwoDWorld(world: TwoDWorld) {
  await world.page.context().close();
  for (const undo of world.cleanups.splice(0).reverse()) await undo();
}

/** An operator's call to the 2D admin API; it must succeed. */
export async function asOperator(world: TwoDWorld, method: string, path: string, body?: unknown) {
  const headers = { authorization: `Bearer ${world.adminToken}` };
  const res = await world.h.server.call(method, `/api/admin/two-d${path}`, { headers, body });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

// --- the draw's facts, as the database holds them ---------------------------------------------

/** The Yangon date of the server's clock (UTC+06:30). */
export const drawDate = (clock: ServerClock) => new Date(clock.now().getTime() + 390 * 60_000).toISOString().slice(0, 10);

export interface NumberFacts {
  staked: Map<string, bigint>;
  breaks: Map<string, bigint>;
  closed: Set<string>;
}

/** What all players staked per number in a draw, the operator's break overrides and closures. */
export async function numberFacts(db: Db, date: string, session: TwoDSession): Promise<NumberFacts> {
  const [counters, limits, closures] = await Promise.all([
    db.select().from(twoDCounters).where(and(eq(twoDCounters.drawDate, date), eq(twoDCounters.session, session))),
    db.select().from(twoDNumberLimits),
    db.select().from(twoDClosures),
  ]);
  const closed = new Set<string>();
  for (const c of closures) {
    if (c.kind === 'number') closed.add(c.value);
    else for (let d = 0; d < 10; d++) closed.add(`${c.value}${d}`);
  }
  return {
    staked: new Map(counters.map((c) => [c.number, BigInt(c.staked)])),
    breaks: new Map(limits.map((l) => [l.number, BigInt(l.breakAmount)])),
    closed,
  };
}

/** Domain notes: each number's break is 50,000 Ks unless the operator set its own. */
export const DEFAULT_BREAK = kyat(50_000);
export const breakOf = (facts: NumberFacts, num: string) => facts.breaks.get(num) ?? DEFAULT_BREAK;

// --- the player's money, as the database holds it ---------------------------------------------

export async function walletsOf(world: TwoDWorld): Promise<{ main: bigint; game: bigint }> {
  const [row] = await world.h.server.database.db.select({ main: users.mainBalance, game: users.balance }).from(users).where(eq(users.id, world.player.id));
  return { main: BigInt(row!.main), game: BigInt(row!.game) };
}

export interface SlipRows {
  session: string;
  drawDate: string;
  total: bigint;
  before: bigint;
  after: bigint;
  bets: string[];
}

/** The player's slips, oldest first, each with its bets as "12×500". */
export async function slipsOf(world: TwoDWorld): Promise<SlipRows[]> {
  const db = world.h.server.database.db;
  const slips = await db.select().from(twoDSlips).where(eq(twoDSlips.userId, world.player.id)).orderBy(asc(twoDSlips.id));
  if (!slips.length) return [];
  const bets = await db.select().from(twoDBets).where(inArray(twoDBets.slipId, slips.map((s) => s.id))).orderBy(asc(twoDBets.betNumber));
  return slips.map((s) => ({
    session: s.session,
    drawDate: s.drawDate,
    total: BigInt(s.totalBetAmount),
    before: BigInt(s.beforeBalance),
    after: BigInt(s.afterBalance),
    bets: bets.filter((b) => b.slipId === s.id).map((b) => `${b.betNumber}×${BigInt(b.betAmount) / 100n}`),
  }));
}
