/**
 * The Digit Bet QA plan (docs/qa-paths/digit-bet.md) in the browser: a driver per step doing what
 * a player does (taps on the digits, Big/Small, the multipliers, the bet amount and the modal's
 * buttons, Roll the Dice / Roll now, Try Again), time moved on the page's paused clock, the
 * server's answers arranged for real (digit-bet-world.ts), and after every step what the spec says
 * the player sees (digit-bet-screen.ts) with the money: a roll takes exactly the stake from the
 * game balance and pays stake × payout on a win, with its bet row; anything else moves nothing.
 *
 * The countdown the screen shows is the spec's: it counts down from the choice as the page's
 * clock moves ('Rolling in 89...' a second after choosing). The path model's clock stands still
 * (its paths are pure), so where a path says 'Rolling in 90...' after a second passes, the
 * browser is held to the spec, not to the model's frozen number.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { AnyMachineSnapshot } from 'xstate';
import type { DigitBetRow } from '../../../../src/api/types';
import { digitBetPaths } from '../../../machines/digit-bet.paths';
import type { MachinePath } from '../../../support/paths';
import type { DrivenStep, PathJourney, ScreenStep, StepDriver } from '../drive-paths';
import type { Harness } from '../harness';
import type { Release } from '../held-requests';
import { expectSeen } from './cashier-screen';
import { transportFailure } from './cashier-world';
import { L, expectedScreen, readDigitScreen, type Facts } from './digit-bet-screen';
import {
  arrangeNextRoll,
  closeDigitWorld,
  emptyGameWallet,
  expectBooks,
  expectRolled,
  openDigitWorld,
  timePasses,
  type DigitWorld,
  type EarlierBet,
} from './digit-bet-world';

type Driver = StepDriver<DigitWorld>;
/** The balance chip's poll (the page asks for the balance every 5 s). */
const BALANCE_POLL_MS = 5000;

const main = (page: Page) => page.locator('main');
const button = (page: Page, name: string) => main(page).getByRole('button', { name, exact: true });
const dialog = (page: Page) => page.getByRole('dialog');

/** The roll the server answers: the one in flight before the answer step. */
const rollOf = (before: AnyMachineSnapshot): EarlierBet => {
  const p = before.context.pending;
  return { betType: p.betType, digit: p.digit, betAmount: p.betAmount, multiplier: p.multiplier };
};

/** Last roll facts the screen must show (from the database's row, checked by expectRolled). */
const last = new WeakMap<DigitWorld, { bet: EarlierBet; rolled: number }>();

// --- the player's moves -------------------------------------------------------------------------

/** A step whose next state rolls holds the roll until its answer step, and checks it was sent. */
async function tap(step: DrivenStep, w: DigitWorld, press: () => Promise<void>) {
  const busy = step.snapshot.hasTag('busy');
  if (busy) w.bet.arm();
  await press();
  if (busy) await w.bet.held();
}

/** A choice (re)starts the countdown (spec §4): it ends the countdown's length from now. */
async function choose(step: DrivenStep, w: DigitWorld, name: string) {
  const target = button(w.page, name);
  if (await target.isDisabled()) {
    const chosen = step.before.context.digit === null ? 'now' : `after choosing digit ${step.before.context.digit} (spec §4: a digit choice disables Big/Small)`;
    throw new Error(`"${name}" is disabled ${chosen}: a player cannot tap it (the machine takes "${step.phrase}", the screen does not offer it)`);
  }
  w.deadline = w.now + w.countdownSeconds * 1000;
  await tap(step, w, () => target.click());
}

const intents: Record<string, Driver> = {
  'digit.choose': (step, w) => choose(step, w, L.digit(step.event.digit)),
  'side.choose': (step, w) => choose(step, w, `${step.event.side === 'big' ? L.big : L.small} (${step.event.side === 'big' ? '5-9' : '0-4'})`),
  'multiplier.choose': ({ event }, w) => main(w.page).getByRole('radio', { name: `x${event.multiplier}`, exact: true }).click(),
  // During the countdown the button beside the stake reads Roll now (the stage has one too).
  'bet.roll': (step, w) => tap(step, w, () => button(w.page, step.before.hasTag('counting') ? L.rollNow : L.roll).last().click()),
  'betModal.open': (_, w) => main(w.page).getByLabel(L.betAmount, { exact: true }).click(),
  'betModal.close': (_, w) => dialog(w.page).getByRole('button', { name: L.close, exact: true }).click(),
  'betModal.step': async ({ event, phrase }, w) => {
    const what = L.modalField[event.field as 'bet' | 'coin'];
    const target = dialog(w.page).getByRole('button', { name: event.by > 0 ? L.more(what) : L.less(what), exact: true });
    // Spec §5: bet and coin value stay at 1 or more; at 1 the screen disables −.
    if (await target.isDisabled()) throw new Error(`"${phrase}": the button is disabled, a player cannot press it (the machine takes the event, the screen does not offer it)`);
    await target.click();
  },
  'betModal.max': (_, w) => dialog(w.page).getByRole('button', { name: L.betMax, exact: true }).click(),
  'betModal.confirm': (_, w) => dialog(w.page).getByRole('button', { name: L.confirm, exact: true }).click(),
  'history.load': async ({ phrase }, w) => {
    if (await dialog(w.page).count()) throw new Error(`"${phrase}": the bet modal covers the page, a player cannot reach Try Again (the machine takes the event, the screen does not offer it)`);
    await button(w.page, L.retry).click();
  },
};

// --- time -----------------------------------------------------------------------------------------

const time: Record<string, Driver> = {
  'a second passes': (_, w) => timePasses(w, 1000),
  'the countdown ends': async (_, w) => {
    w.bet.arm();
    await timePasses(w, w.deadline! - w.now);
    await w.bet.held();
  },
};

// --- the server's answers, arranged for real --------------------------------------------------------

async function releaseBet(w: DigitWorld, how: Release, status: number) {
  const [answer] = await w.bet.release(how);
  expect(answer!.status, `the server answered ${JSON.stringify(answer!.body)}`).toBe(status);
  return answer!;
}

async function releaseHistory(w: DigitWorld, how: Release, status: number) {
  const answers = await w.history.release(how);
  w.history.arm();
  expect(answers.map((a) => a.status), 'the history load was answered as the step says').toEqual(answers.map(() => status));
}

/** The server rolls the digit the step names (its seed pair arranged first), or refuses for a short balance. */
const betAnswered: Driver = async (step, w) => {
  const output = step.event.output;
  if (output.success) {
    await arrangeNextRoll(w, output.rolledNumber);
    const answer = await releaseBet(w, { to: 'server' }, 200);
    expect(answer.body.data.rolled_number, 'the server rolled the arranged digit').toBe(output.rolledNumber);
    last.set(w, { bet: rollOf(step.before), rolled: output.rolledNumber });
    return;
  }
  if (output.message !== 'Insufficient Balance') throw new Error(`"${step.phrase}": our server refuses a valid roll only for a short balance; this refusal cannot be arranged for real`);
  await emptyGameWallet(w);
  // The page's balance poll shows the emptied wallet before the answer comes.
  await timePasses(w, BALANCE_POLL_MS);
  await releaseBet(w, { to: 'server' }, 400);
};

const answers: Record<string, Driver> = {
  'xstate.done.actor.placeBet': betAnswered,
  'xstate.error.actor.placeBet': ({ event }, w) => releaseBet(w, transportFailure(event.error), event.error.status).then(() => undefined),
  'xstate.done.actor.fetchHistory': (_, w) => releaseHistory(w, { to: 'server' }, 200),
  'xstate.error.actor.fetchHistory': ({ event }, w) => releaseHistory(w, transportFailure(event.error), event.error.status),
};

// --- what the player sees ----------------------------------------------------------------------------

async function expectMoney(w: DigitWorld, step: ScreenStep) {
  if (step.event?.type === 'xstate.done.actor.placeBet' && step.event.output.success) {
    const roll = last.get(w)!;
    await expectRolled(w, roll.bet, roll.rolled);
  } else {
    await expectBooks(w, 'nothing moved');
  }
}

async function expectScreen(w: DigitWorld, step: ScreenStep) {
  await expectMoney(w, step);
  const s = step.snapshot;
  const roll = last.get(w);
  const facts: Facts = {
    lastBet: roll?.bet ?? null,
    lastRolled: roll?.rolled ?? null,
    seconds: s.hasTag('counting') ? Math.ceil(Math.max(0, w.deadline! - w.now) / 1000) : null,
  };
  const want = await expectedScreen(s, w, facts);
  await expectSeen(() => readDigitScreen(w.page), want, `the digit bet screen: ${digitBetPaths.describeState(s)}`);
}

/** The bets the history step says the player made before (placed for real, oldest first). */
function earlierBetsOf(path: MachinePath): EarlierBet[] {
  const loaded = path.steps.find((s) => s.event.type === 'xstate.done.actor.fetchHistory');
  const rows: DigitBetRow[] = loaded?.event.output ?? [];
  return [...rows].reverse().map((r) => ({ betType: r.betType, digit: r.digit, betAmount: Number(r.betAmount), multiplier: r.multiplier }));
}

function open(harness: () => Harness, path: MachinePath): Promise<DigitWorld> {
  const input = path.start.input as { countdownSeconds?: number };
  return openDigitWorld(harness(), { countdownSeconds: input.countdownSeconds, earlier: earlierBetsOf(path) });
}

export function digitBetJourney(harness: () => Harness): PathJourney<DigitWorld> {
  return {
    model: digitBetPaths,
    driversFile: 'tests/e2e/support/path-drivers/digit-bet.ts',
    byPhrase: time,
    byEvent: { ...intents, ...answers },
    open: (path) => open(harness, path),
    expectScreen,
    close: closeDigitWorld,
  };
}
