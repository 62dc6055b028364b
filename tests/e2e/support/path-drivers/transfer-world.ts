/**
 * The real world a transfer path runs in (the Exchange dialog on the profile tab, the internal
 * transfer page): a fresh player per path with money in both wallets, a page signed in as them,
 * and a hold on the exchange call from the press until the path says how the server answers.
 *
 * The server's answers are arranged for real: the exchange goes to the real server, which moves
 * the money (or refuses because the wallet really holds too little); only a transport failure (no
 * answer, or a 5xx from in front of the server) is made by the router. What the money must do is
 * the spec's (§2 Wallet, §3 Exchange transaction, §7 /exchange-*): the amount leaves the wallet the
 * player moved it from and arrives in the other, exactly, and nothing moves otherwise. The world
 * keeps those expected balances; every screen check compares the screen and the database to them.
 */
import { desc, eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { exchanges } from '../../../../server/db/schema';
import { kyat } from '../../../../server/lib/money';
import { books, expectBalanced, fund } from '../../../server/wallet-helpers';
import type { PathJourney, StepDriver } from '../drive-paths';
import type { PathModel } from '../../../support/paths';
import { shownKs, type Harness } from '../harness';
import { holdRequests, type Answer, type Hold } from '../held-requests';
import { label } from './cashier-screen';
import { answerSubmit, openPlayerPage, seedPathPlayer, transportFailure, type PathPlayer } from './cashier-world';

export type Wallet = 'main' | 'game';

export interface TransferWorld {
  h: Harness;
  page: Page;
  player: PathPlayer;
  /** The exchange call, held from a press that starts one until the answer step. */
  submit: Hold;
  /** What the server answered the last released exchange. */
  answer: Answer | null;
  /** Pya in each wallet: what the screen and the database must say now. */
  balances: Record<Wallet, bigint>;
  /** Exchange rows the player should have (this path's successes, and moves a step arranged). */
  exchangeRows: number;
  /** Exchange calls the page has sent, and the presses that should have sent one. */
  sent: number;
  pressesSent: number;
  /** What the screen showed as the player last pressed the button. */
  pressed: { typed: string; from: Wallet } | null;
}

/** The player's wallets at the start of every path, whole Kyat: enough for the plan's 5000 either way. */
const START_KYAT: Record<Wallet, number> = { main: 100_000, game: 20_000 };
const EXCHANGE_CALL = /\/api\/exchange-(main-to-game|game-to-main)(\?|$)/;
const USER_CALL = /\/api\/user(\?|$)/;
const EXCHANGE_PATH: Record<Wallet, string> = { main: '/api/exchange-main-to-game', game: '/api/exchange-game-to-main' };
/** The exchanges table's names for the two directions (spec §3), by the wallet the money leaves. */
const ROW_TYPE: Record<Wallet, string> = { main: 'mainBalanceToGaming', game: 'GamingToMainBalance' };

export const otherWallet = (wallet: Wallet): Wallet => (wallet === 'main' ? 'game' : 'main');
export const walletOf = (direction: string): Wallet => (direction === 'mainToGame' ? 'main' : 'game');
/** The direction as the site names it ("Main → Game"). */
export const directionLabel = (direction: string) => label(direction === 'mainToGame' ? 'wallet.mainToGame' : 'wallet.gameToMain');
/** An amount as the site prints it: "100,000.00 Ks". */
export const ks = (pya: bigint) => `${shownKs(pya)} ${label('common.currency')}`;

/** A fresh player with money in both wallets, a page signed in as them, opened at `url`. */
export async function openTransferWorld(h: Harness, url: string): Promise<TransferWorld> {
  const { player } = await seedPathPlayer(h, { password: 'secret123', mainKyat: START_KYAT.main, gameKyat: START_KYAT.game });
  const page = await openPlayerPage(h, player);
  const world: TransferWorld = {
    h,
    page,
    player,
    submit: await holdRequests(page, EXCHANGE_CALL, 'the exchange'),
    answer: null,
    balances: { main: kyat(START_KYAT.main), game: kyat(START_KYAT.game) },
    exchangeRows: 0,
    sent: 0,
    pressesSent: 0,
    pressed: null,
  };
  page.on('request', (request) => {
    if (request.method() === 'POST' && EXCHANGE_CALL.test(request.url())) world.sent += 1;
  });
  await page.goto(url);
  return world;
}

export const closeTransferWorld = (world: TransferWorld) => world.page.context().close();

/**
 * The player presses the button: what the screen shows is recorded (the amount and the wallet the
 * money leaves), and a press that starts a request holds it until the answer step.
 */
export async function press(world: TransferWorld, startsRequest: boolean, shown: { typed: string; from: Wallet }, click: () => Promise<void>) {
  world.pressed = shown;
  if (startsRequest) {
    world.submit.arm();
    world.pressesSent += 1;
  }
  await click();
}

function pressedAmount(world: TransferWorld): { amount: bigint; from: Wallet } {
  if (!world.pressed) throw new Error('an answer step without a press before it');
  return { amount: kyat(Number(world.pressed.typed)), from: world.pressed.from };
}

/** Tops `wallet` up to at least `pya` (as an approved deposit would), before the server is asked. */
async function fundAtLeast(world: TransferWorld, wallet: Wallet, pya: bigint) {
  if (world.balances[wallet] >= pya) return;
  const short = Number((pya - world.balances[wallet] + 99n) / 100n);
  await fund(world.h.server.database.db, world.player.id, wallet === 'main' ? { main: short } : { game: short });
  world.balances[wallet] += kyat(short);
}

/** The player moves everything out of `wallet` through the real API (as from another device). */
async function emptyWallet(world: TransferWorld, wallet: Wallet) {
  const amount = world.balances[wallet] / 100n;
  if (amount === 0n) return;
  const headers = { 'idempotency-key': `path-empty-${world.player.id}-${world.exchangeRows}` };
  const res = await world.h.server.call('POST', EXCHANGE_PATH[wallet], { token: world.player.token, body: { amount: Number(amount) }, headers });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  moveExpected(world, wallet, kyat(amount));
}

function moveExpected(world: TransferWorld, from: Wallet, pya: bigint) {
  world.balances[from] -= pya;
  world.balances[otherWallet(from)] += pya;
  world.exchangeRows += 1;
}

type Driver = StepDriver<TransferWorld>;

/** The server's answers to an exchange, the same on both screens. */
export const transferAnswers: Record<string, Driver> = {
  /** The wallet holds the amount: the real server moves it, exactly, from the one wallet to the other. */
  'xstate.done.actor.submitExchange': async (_, w) => {
    const { amount, from } = pressedAmount(w);
    await fundAtLeast(w, from, amount);
    await answerSubmit(w, { to: 'server' }, 200);
    moveExpected(w, from, amount);
  },
  'xstate.error.actor.submitExchange': ({ event, phrase }, w) => {
    const { status } = event.error;
    if (status !== 0 && status < 500) throw new Error(`a ${status} is not a transport failure: arrange "${phrase}" for real in a phrase driver`);
    return answerSubmit(w, transportFailure(event.error), status);
  },
};

export const transferByPhrase: Record<string, Driver> = {
  /**
   * The money left the wallet while the request was on its way (the player moved it elsewhere):
   * the real server refuses in its own words, and the page's next balance poll shows what is left.
   */
  'the server refuses: not enough balance (400)': async ({ event }, w) => {
    const { from } = pressedAmount(w);
    await emptyWallet(w, from);
    const polled = w.page.waitForResponse((res) => USER_CALL.test(res.url()), { timeout: 15_000 });
    await answerSubmit(w, { to: 'server' }, 400);
    expect(w.answer!.body?.message, 'the server words the refusal as the step says').toBe(event.error.message);
    await polled;
  },
};

/** The database holds exactly the balances the spec says (and the ledger agrees); only the presses that should have sent a request did. */
export async function expectBooks(world: TransferWorld) {
  const db = world.h.server.database.db;
  const b = await books(db, world.player.id);
  expect({ main: b.mainBalance, game: b.balance, exchangeRows: b.exchangeRows }, 'the wallets in the database').toEqual({ ...world.balances, exchangeRows: world.exchangeRows });
  expectBalanced(b);
  expect(world.sent, 'exchange calls the page sent').toBe(world.pressesSent);
}

/** The exchange the player pressed is the newest row of their exchanges: its direction and amount (spec §3). */
export async function expectExchangeRow(world: TransferWorld) {
  const { amount, from } = pressedAmount(world);
  const db = world.h.server.database.db;
  const [row] = await db.select({ type: exchanges.type, amount: exchanges.amount }).from(exchanges).where(eq(exchanges.userId, world.player.id)).orderBy(desc(exchanges.id)).limit(1);
  expect(row, 'the newest exchange row').toEqual({ type: ROW_TYPE[from], amount });
}

/**
 * The player types `value` into the amount field. Retyping what is already there is selecting it
 * and typing the digits again (a fill of the same text changes nothing the page can see).
 */
export async function typeAmount(field: Locator, value: string) {
  if (value !== '' && (await field.inputValue()) === value) {
    await field.selectText();
    await field.pressSequentially(value);
    return;
  }
  await field.fill(value);
}

/**
 * A transfer screen's journey: its model, its own intents and screen check, the shared answers and
 * phrases, and a fresh player's page at `url`.
 */
export function transferJourney(
  harness: () => Harness,
  screen: { model: PathModel; driversFile: string; url: string; intents: Record<string, Driver>; expectScreen: PathJourney<TransferWorld>['expectScreen'] },
): PathJourney<TransferWorld> {
  return {
    model: screen.model,
    driversFile: screen.driversFile,
    byPhrase: transferByPhrase,
    byEvent: { ...screen.intents, ...transferAnswers },
    open: () => openTransferWorld(harness(), screen.url),
    expectScreen: screen.expectScreen,
    close: closeTransferWorld,
  };
}
