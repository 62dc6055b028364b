/**
 * The real world a Digit Bet path runs in: a fresh player per path with a real game balance, a
 * page signed in as them on /digitbet whose timers run on Playwright's clock (paused: the
 * countdown moves only when a step moves it), the history loads and the bet held until a step
 * answers them. Server answers are arranged for real (docs/digit-bet.md): the roll a step names is
 * made the server's next roll by rotating the player's seed pair through POST /digitbet/seed/rotate
 * until the active pair's next nonce rolls it (computed here from the document's formula), a short
 * game balance by the player moving it to the main wallet through the exchange; earlier bets are
 * placed through POST /digitbet. Only a dropped connection or a 5xx is made by the router.
 */
import { createHmac } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { digitBets, digitSeeds, users } from '../../../../server/db/schema';
import { kyat } from '../../../../server/lib/money';
import type { Harness } from '../harness';
import { holdRequests, type Hold } from '../held-requests';
import { openPlayerPage, seedPathPlayer, type PathPlayer } from './cashier-world';

export const BET_CALL = /\/api\/digitbet(\?|$)/;
export const HISTORY_CALL = /\/api\/digitbet\/history(\?|$)/;
/** The browser journey's test setting (src/app/live-digit.ts) replacing the spec's 90 seconds. */
const COUNTDOWN_SETTING_KEY = 'kp:test:digitCountdownSeconds';
/** Spec §9: the countdown is 90 seconds. */
export const SPEC_COUNTDOWN_SECONDS = 90;
/** Room for several rolls at the default 100 Ks stake × 100. */
const GAME_KYAT = 100_000;
const PASSWORD = 'digit-path-pass';

export interface DigitWorld {
  h: Harness;
  page: Page;
  player: PathPlayer;
  bet: Hold;
  history: Hold;
  /** The countdown's length this page was opened with, seconds. */
  countdownSeconds: number;
  /** The page's clock now, and when the running countdown ends (ms), as the drivers moved it. */
  now: number;
  deadline: number | null;
  /** The player's game balance now, pya, and how many bets the database holds for them. */
  game: bigint;
  bets: number;
}

export interface OpenOptions {
  /** Undefined: the spec's 90 seconds. */
  countdownSeconds?: number;
  /** Bets the player placed before the path starts (through the real API). */
  earlier?: EarlierBet[];
}

/** A fresh funded player, earlier bets placed, a page on /digitbet with its clock paused once it shows. */
export async function openDigitWorld(h: Harness, opts: OpenOptions): Promise<DigitWorld> {
  const { player } = await seedPathPlayer(h, { password: PASSWORD, gameKyat: GAME_KYAT });
  const page = await openPlayerPage(h, player);
  const seconds = opts.countdownSeconds;
  if (seconds !== undefined) await page.context().addInitScript(([key, value]) => sessionStorage.setItem(key, value), [COUNTDOWN_SETTING_KEY, String(seconds)] as const);
  await page.clock.install();
  const world: DigitWorld = {
    h,
    page,
    player,
    bet: await holdRequests(page, BET_CALL, 'the roll'),
    history: await holdRequests(page, HISTORY_CALL, 'the history load'),
    countdownSeconds: seconds ?? SPEC_COUNTDOWN_SECONDS,
    now: 0,
    deadline: null,
    game: kyat(GAME_KYAT),
    bets: 0,
  };
  for (const bet of opts.earlier ?? []) await placeByApi(world, bet);
  world.history.arm();
  await page.goto('/digitbet');
  // The site loads on a running clock; from the first digit on screen, time moves only by steps.
  await page.getByTestId('digit-0').waitFor();
  world.now = (await page.evaluate(() => Date.now())) + 1000;
  await page.clock.pauseAt(world.now);
  return world;
}

export async function closeDigitWorld(world: DigitWorld) {
  await world.page.context().close();
}

/** The page's clock moves `ms` forward (its timers fire on the way). */
export async function timePasses(world: DigitWorld, ms: number) {
  await world.page.clock.runFor(ms);
  world.now += ms;
}

// --- the roll, from docs/digit-bet.md ----------------------------------------------------------

/** digit = floor(f × 10), f from the first four bytes of HMAC-SHA256(seed bytes, "<clientSeed>:<nonce>"). */
export function documentedRoll(serverSeedHex: string, clientSeed: string, nonce: number): number {
  const b = createHmac('sha256', Buffer.from(serverSeedHex, 'hex')).update(`${clientSeed}:${nonce}`, 'utf8').digest();
  const f = b[0]! / 256 + b[1]! / 256 ** 2 + b[2]! / 256 ** 3 + b[3]! / 256 ** 4;
  return Math.floor(f * 10);
}

async function playerCall(world: DigitWorld, method: string, path: string, body?: unknown, key?: string) {
  const headers = key ? { 'idempotency-key': key } : undefined;
  return world.h.server.call(method, `/api${path}`, { token: world.player.token, body, headers });
}

/** The player's active seed pair as the database holds it (the server seed stays secret from the API). */
async function activePair(world: DigitWorld) {
  const db = world.h.server.database.db;
  const [pair] = await db.select().from(digitSeeds).where(and(eq(digitSeeds.userId, world.player.id), eq(digitSeeds.active, true)));
  return pair;
}

/**
 * The server's next roll becomes `digit`: the player's first look at the fairness page makes the
 * pair, then they rotate it (choosing their client seed) until the new pair's nonce 0 rolls it.
 */
export async function arrangeNextRoll(world: DigitWorld, digit: number) {
  expect((await playerCall(world, 'GET', '/digitbet/fairness')).status).toBe(200);
  for (let attempt = 0; attempt < 200; attempt++) {
    const pair = (await activePair(world))!;
    if (documentedRoll(pair.serverSeed, pair.clientSeed, pair.nonce) === digit) return;
    const res = await playerCall(world, 'POST', '/digitbet/seed/rotate', { client_seed: `path-${world.player.id}-${attempt}` }, `rotate-${world.player.id}-${attempt}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  throw new Error(`no seed pair rolled ${digit} in 200 rotations`);
}

/** The player moves the whole game balance to the main wallet, through the real exchange. */
export async function emptyGameWallet(world: DigitWorld) {
  if (world.game < 100n) return;
  const amount = Number(world.game / 100n);
  const res = await playerCall(world, 'POST', '/exchange-game-to-main', { amount }, `digit-path-empty-${world.player.id}-${world.bets}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  world.game -= BigInt(amount) * 100n;
}

// --- bets and balances in the database ----------------------------------------------------------

export interface EarlierBet {
  betType: 'digit' | 'big' | 'small';
  digit: number | null;
  betAmount: number;
  multiplier: number;
}

/** docs/digit-bet.md, Outcome and payouts: digit 5× (a 5 on a rolled 5 pays 10×), Big/Small 2×. */
export function payoutOf(bet: EarlierBet, rolled: number): bigint {
  if (bet.betType === 'digit') return rolled === bet.digit ? (bet.digit === 5 ? 10n : 5n) : 0n;
  const won = bet.betType === 'big' ? rolled >= 5 : rolled <= 4;
  return won ? 2n : 0n;
}

export const stakeOf = (bet: EarlierBet) => BigInt(Math.round(bet.betAmount * bet.multiplier * 100));

async function placeByApi(world: DigitWorld, bet: EarlierBet) {
  const body = { bet_type: bet.betType, digit: bet.digit, bet_amount: bet.betAmount, multiplier: bet.multiplier };
  const res = await playerCall(world, 'POST', '/digitbet', body, `digit-path-earlier-${world.player.id}-${world.bets}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const [row] = await betRows(world);
  world.game += stakeOf(bet) * (payoutOf(bet, row!.rolled) - 1n);
  world.bets += 1;
}

/** The player's bets, newest first (the history's 20). */
export async function betRows(world: DigitWorld) {
  const db = world.h.server.database.db;
  return db.select().from(digitBets).where(eq(digitBets.userId, world.player.id)).orderBy(desc(digitBets.id)).limit(20);
}

export async function gameBalance(world: DigitWorld): Promise<bigint> {
  const [row] = await world.h.server.database.db.select({ game: users.balance }).from(users).where(eq(users.id, world.player.id));
  return BigInt(row!.game);
}

/** The balance and the bets are what the world says (nothing moved behind the path's back). */
export async function expectBooks(world: DigitWorld, what: string) {
  expect(await gameBalance(world), `${what}: the game balance`).toBe(world.game);
  expect((await betRows(world)).length, `${what}: the bet rows`).toBe(Math.min(world.bets, 20));
}

/**
 * After the server rolled `bet` (docs/digit-bet.md): one bet row more, of that bet, rolling
 * `rolled`, and the game balance moved by exactly −stake + stake × payout.
 */
export async function expectRolled(world: DigitWorld, bet: EarlierBet, rolled: number) {
  const [row] = await betRows(world);
  const stake = stakeOf(bet);
  const win = stake * payoutOf(bet, rolled);
  expect(row, 'the bet row').toMatchObject({ betType: bet.betType, digit: bet.digit, multiplier: bet.multiplier, stake, rolled, winAmount: win, outcome: win > 0n ? 'win' : 'lose' });
  world.bets += 1;
  world.game += win - stake;
  await expectBooks(world, 'after the roll');
}
