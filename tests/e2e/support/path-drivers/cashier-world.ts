/**
 * The real world a money-form path runs in: a fresh agent and player per path on the file's one
 * server (one path's pending requests or payout accounts never meet another's), a fresh page
 * signed in as that player on the form, and holds on the form's load and submit calls.
 * Server answers are arranged for real: the agent's accounts and the player's saved payout
 * accounts are created from what the path's step says the server returns.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { Bank, UserPayment } from '../../../../src/api/types';
import { agentPaymentAccounts, agents, paymentTypes, userPayments, users } from '../../../../server/db/schema';
import { issueToken } from '../../../../server/domain/sessions';
import { hashPassword } from '../../../../server/lib/passwords';
import type { Db } from '../../../../server/db/client';
import { kyat } from '../../../../server/lib/money';
import { fund } from '../../../server/wallet-helpers';
import type { ScreenStep } from '../drive-paths';
import type { Harness } from '../harness';
import { holdRequests, type Answer, type Hold, type Release } from '../held-requests';

export interface CashierWorld {
  h: Harness;
  page: Page;
  player: PathPlayer;
  agentId: number;
  /** The form's load: every call it makes (held together, answered together). */
  load: Hold;
  loadCalls: number;
  submit: Hold;
  /** What the server answered the last released submit. */
  answer: Answer | null;
  /** The player's game balance, pya: what the balance chip should say. */
  gameBalance: bigint;
  accountsArranged: boolean;
  /** The player's password now (a step may change it on the server). */
  password: string;
  adminToken: string;
  /** Undone when the path ends (shared rows a step changed). */
  cleanups: Array<() => Promise<void>>;
}

export interface CashierWorldOptions {
  url: string;
  load: RegExp;
  loadCalls: number;
  submit: RegExp;
  /** The player's game balance at the start, whole Kyat. */
  gameKyat: number;
  /** The player's password (what the path types when it enters one). */
  password: string;
  /** The operator's token (the harness's ADMIN_TOKEN), for approving what a path filed. */
  adminToken: string;
}

let seq = 0;
const hashes = new Map<string, Promise<string>>();

export interface PathPlayer {
  id: number;
  token: string;
}

/** argon2 once per password per file: it is slow on a busy machine. */
function hashOf(password: string): Promise<string> {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
}

/** A player of `agentId` with a session. */
async function seedPlayer(db: Db, agentId: number, password: string): Promise<PathPlayer> {
  const userName = `Path${process.pid}X${seq}`;
  const [user] = await db
    .insert(users)
    .values({ userName, name: 'Path Player', passwordHash: await hashOf(password), agentId })
    .returning({ id: users.id });
  return { id: user!.id, token: await issueToken(db, user!.id, new Date(), 30) };
}

export interface PathPlayerOptions {
  password: string;
  /** The player's balances at the start, whole Kyat. */
  gameKyat?: number;
  mainKyat?: number;
}

/** A fresh agent and a player of theirs with a session and the given balances. */
export async function seedPathPlayer(h: Harness, opts: PathPlayerOptions): Promise<{ agentId: number; player: PathPlayer }> {
  const db = h.server.database.db;
  seq += 1;
  const referralCode = `PATH${process.pid}X${seq}`;
  const [agent] = await db.insert(agents).values({ name: `Path agent ${seq}`, referralCode }).returning({ id: agents.id });
  const player = await seedPlayer(db, agent!.id, opts.password);
  await fund(db, player.id, { game: opts.gameKyat, main: opts.mainKyat });
  return { agentId: agent!.id, player };
}

/** A fresh page whose site starts signed in as `player` (the token stored before it loads). */
export async function openPlayerPage(h: Harness, player: PathPlayer): Promise<Page> {
  const { context, page } = await h.newPage();
  // A control the screen no longer offers fails its step in seconds, not Playwright's 30.
  page.setDefaultTimeout(10_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.server.url });
  await context.addInitScript((token) => localStorage.setItem('token', token), player.token);
  return page;
}

/** A fresh agent and player, a page signed in as them, the load held, the form opened. */
export async function openCashierWorld(h: Harness, opts: CashierWorldOptions): Promise<CashierWorld> {
  const { agentId, player } = await seedPathPlayer(h, { password: opts.password, gameKyat: opts.gameKyat });
  const page = await openPlayerPage(h, player);
  const world: CashierWorld = {
    h,
    page,
    player,
    agentId,
    load: await holdRequests(page, opts.load, 'the form load'),
    loadCalls: opts.loadCalls,
    submit: await holdRequests(page, opts.submit, 'the submit'),
    answer: null,
    gameBalance: kyat(opts.gameKyat),
    accountsArranged: false,
    password: opts.password,
    adminToken: opts.adminToken,
    cleanups: [],
  };
  world.load.arm();
  await page.goto(opts.url);
  return world;
}

export async function closeCashierWorld(world: CashierWorld) {
  for (const undo of world.cleanups.splice(0).reverse()) await undo();
  await world.page.context().close();
}

/** An operator's call to the admin API; it must succeed. */
export async function asOperator(world: CashierWorld, method: string, path: string) {
  const res = await world.h.server.call(method, `/api/admin${path}`, { headers: { authorization: `Bearer ${world.adminToken}` } });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

/** A payment type by name, created if the server has none of that name yet. */
export async function paymentTypeId(db: Db, name: string, img = ''): Promise<number> {
  await db.insert(paymentTypes).values({ name, img }).onConflictDoNothing();
  const [row] = await db.select({ id: paymentTypes.id }).from(paymentTypes).where(eq(paymentTypes.name, name));
  return row!.id;
}

/** The agent's receiving accounts become exactly `banks`, in that order (once per path). */
export async function arrangeAccounts(world: CashierWorld, banks: Bank[]) {
  if (world.accountsArranged) return;
  world.accountsArranged = true;
  const db = world.h.server.database.db;
  for (const [sort, bank] of banks.entries()) {
    const type = await paymentTypeId(db, bank.paymentTypeName, bank.img);
    await db.insert(agentPaymentAccounts).values({ agentId: world.agentId, paymentTypeId: type, accountName: bank.accountName, accountNo: bank.accountNumber, sort });
  }
}

/** The player's saved payout accounts become `saved` (the first the most recently used). */
export async function arrangeSavedPayouts(world: CashierWorld, saved: UserPayment[]) {
  const db = world.h.server.database.db;
  await db.delete(userPayments).where(eq(userPayments.userId, world.player.id));
  const now = Date.now();
  for (const [i, payout] of saved.entries()) {
    const type = await paymentTypeId(db, payout.paymentTypeName);
    const updatedAt = new Date(now - i * 60_000);
    await db.insert(userPayments).values({ userId: world.player.id, paymentTypeId: type, accountName: payout.accountName, accountNo: payout.accountNumber, updatedAt });
  }
}

/** Takes a payment type off the offer until the path ends. */
export async function withdrawPaymentType(world: CashierWorld, name: string) {
  const db = world.h.server.database.db;
  const id = await paymentTypeId(db, name);
  await db.update(paymentTypes).set({ status: 0 }).where(eq(paymentTypes.id, id));
  world.cleanups.push(async () => void (await db.update(paymentTypes).set({ status: 1 }).where(eq(paymentTypes.id, id))));
}

/** The player's password on the server becomes `password` (the session stays). */
export async function setPassword(world: CashierWorld, password: string) {
  if (world.password === password) return;
  await world.h.server.database.db.update(users).set({ passwordHash: await hashOf(password) }).where(eq(users.id, world.player.id));
  world.password = password;
}

/** Tops the game balance up to at least `pya` (as an approved deposit would). */
export async function fundAtLeast(world: CashierWorld, pya: bigint) {
  if (world.gameBalance >= pya) return;
  const short = Number((pya - world.gameBalance + 99n) / 100n);
  await fund(world.h.server.database.db, world.player.id, { game: short });
  world.gameBalance += BigInt(short) * 100n;
}

/** The player moves the whole game balance to the main wallet, through the real API. */
export async function emptyGameWallet(world: CashierWorld) {
  if (world.gameBalance === 0n) return;
  const amount = Number(world.gameBalance / 100n);
  const headers = { 'idempotency-key': `path-empty-${world.player.id}-${Date.now()}` };
  const res = await world.h.server.call('POST', '/api/exchange-game-to-main', { token: world.player.token, body: { amount }, headers });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  world.gameBalance = 0n;
}

/** A transport failure as the page meets it: no answer at all, or a 5xx from in front of the server. */
export function transportFailure(error: { status: number; message: string }): Release {
  return error.status === 0 ? { to: 'network failure' } : { to: 'status', status: error.status, body: { message: error.message } };
}

/** Releases the held load (every call of it) and checks the page got what the step says. */
export async function answerLoad(world: CashierWorld, how: Release, status: number) {
  const answers = await world.load.release(how, world.loadCalls);
  expect(answers.map((a) => a.status), 'the load was answered as the step says').toEqual(answers.map(() => status));
}

/** Releases the held submit; the real status must be the one the step names. */
export async function answerSubmit(world: Pick<CashierWorld, 'submit' | 'answer'>, how: Release, status: number) {
  const [answer] = await world.submit.release(how);
  world.answer = answer!;
  expect(answer!.status, `the server answered ${JSON.stringify(answer!.body)}`).toBe(status);
}

/** A step that starts a request (the next snapshot is busy) holds it until the answer step. */
export function holdIfBusy(hold: Hold, step: ScreenStep) {
  if (step.snapshot.hasTag('busy')) hold.arm();
}
