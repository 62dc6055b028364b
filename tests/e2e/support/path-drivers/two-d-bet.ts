/**
 * The 2D bet's QA plan (docs/qa-paths/two-d-bet.md) in the browser: a driver per step doing what
 * a player does (taps on the grid, the quick picks, typing in the entry field, the confirm page's
 * buttons, the browser's Back, Forward and reload, a second tab), server answers arranged for real
 * (two-d-arrange.ts), and after every step what the player must see (two-d-expected.ts) with the
 * money effects: a placed bet takes exactly its total from the main balance and writes its slip;
 * a refusal or a failure moves nothing.
 *
 * How the confirm page "opens" matters: /2d/bet and /2d/confirm share one bet actor only while
 * the player moves between them inside the app. The stored selection a step opens is made for
 * real in a second tab of the same browser; the page then reaches the confirm page with the
 * browser's Forward (the tab's history holds it, see leaveConfirmAhead), so the draw chosen on
 * the bet page stays with the bet. A reload, or coming back from the slip page, starts afresh.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { TwoDDraft, TwoDLine, TwoDSession } from '../../../../src/api/types';
import { twoDBetPaths } from '../../../machines/two-d-bet.paths';
import { wordsOf } from '../../../support/notice-words';
import type { MachinePath } from '../../../support/paths';
import type { DrivenStep, PathJourney, ScreenStep, StepDriver } from '../drive-paths';
import { shownKs, type Harness } from '../harness';
import { english, expectSeen, expectToast, label } from './cashier-screen';
import { transportFailure } from './cashier-world';
import {
  CLOSED,
  FULL,
  answerBet,
  answerGrid,
  closeNumber,
  expectNothingMoved,
  expectPlaced,
  fillUp,
  lowerBreaksBelow,
  passCutoff,
  spendMain,
} from './two-d-arrange';
import { DRAW_LABEL, expected, whereAfter } from './two-d-expected';
import { L, betButton, cell, chipSays, clearButton, drawTabs, gridList, lineList, observe, openTool, say, stakeField } from './two-d-screen';
import { DRAFT_KEY, closeTwoDWorld, openTwoDWorld, type ServerClock, type TwoDWorld } from './two-d-world';

type Driver = StepDriver<TwoDWorld>;

/** Spec §8: the text a placed bet is greeted with (worded in the reader's language). */
const BET_PLACED = 'ထီအောင်မြင်စွာ ထိုးပြီးပါပြီ။';
const OPEN_STORED = 'the confirm page opens with the stored selection';
const betUrl = (session: TwoDSession | null | undefined) => (session ? `/2d/bet?time=${session === 'morning' ? 2 : 4}` : '/2d/bet');
const main = (page: Page) => page.locator('main');
const sessionOf = (step: DrivenStep): TwoDSession => step.before.context.session ?? 'morning';

// --- the player's own moves outside the path's steps ------------------------------------------

/**
 * Another tab of the same browser stores a selection the way the bet page does: it opens the
 * morning draw's bet page, clears what it found, taps the numbers at their stakes and presses Bet.
 */
export async function storeInAnotherTab(w: TwoDWorld, lines: readonly TwoDLine[]) {
  const tab = await w.page.context().newPage();
  tab.setDefaultTimeout(10_000);
  try {
    await tab.goto(betUrl('morning'));
    await cell(tab, '00').waitFor();
    if (await clearButton(tab).isEnabled()) await clearButton(tab).click();
    for (const amount of new Set(lines.map((l) => l.amount))) {
      await stakeField(tab).fill(String(amount));
      for (const line of lines.filter((l) => l.amount === amount)) await cell(tab, line.num).click();
    }
    await betButton(tab).click();
    await lineList(tab).waitFor();
  } finally {
    await tab.close();
  }
  // Another renderer's storage write reaches this tab a moment later, as it would for a player.
  if (!w.page.url().startsWith(w.h.server.url)) return;
  const stored = () => w.page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null')?.amounts ?? null, DRAFT_KEY);
  await expectSeen(stored, [...lines].sort((a, b) => a.num.localeCompare(b.num)), 'this tab sees the selection the other stored');
}

/**
 * Leaves the confirm page one step ahead in this tab's history, then comes back to the state the
 * path starts in: Bet (with the doubles, when nothing is selected yet), the browser's Back, and
 * Clear again if the doubles were only for this.
 */
async function leaveConfirmAhead(w: TwoDWorld, pickFirst: boolean) {
  const { page } = w;
  await stakeField(page).waitFor();
  if (pickFirst) {
    await openTool(page, L.quickPick);
    await main(page).getByRole('button', { name: L.doubles, exact: true }).click();
  }
  await betButton(page).click();
  await lineList(page).waitFor();
  await page.goBack();
  await stakeField(page).waitFor();
  if (pickFirst) await clearButton(page).click();
  w.confirmAhead = true;
}

// --- drivers: the player's intents, by event type ----------------------------------------------

async function typeEntry({ event }: DrivenStep, w: TwoDWorld) {
  await openTool(w.page, L.entry);
  const field = main(w.page).getByLabel(L.entry, { exact: true });
  if (await field.isDisabled()) {
    throw new Error(`the typed-entry field is disabled until the grid has loaded: a player cannot type "${event.text}" now (the machine takes it, the screen does not offer it)`);
  }
  await field.fill(event.text);
  await main(w.page).getByRole('button', { name: L.entryApply, exact: true }).click();
}

const button = (page: Page, name: string) => main(page).getByRole('button', { name, exact: true });

async function tapNumber({ event }: DrivenStep, w: TwoDWorld) {
  if (!(await gridList(w.page).count())) {
    throw new Error(`the grid is not on screen until it has loaded: a player cannot tap ${event.num} now (the machine takes it, the screen does not offer it)`);
  }
  await cell(w.page, event.num).click();
}

const intents: Record<string, Driver> = {
  'stake.change': ({ event }, w) => stakeField(w.page).fill(event.value),
  'number.toggle': tapNumber,
  'numbers.clear': (_, w) => clearButton(w.page).click(),
  'entry.apply': typeEntry,
  'session.change': ({ event }, w) => drawTabs(w.page).getByRole('link', { name: new RegExp(`^0?${DRAW_LABEL[event.session as TwoDSession]}$`) }).click(),
  'availability.refresh': (_, w) => button(w.page, L.retry).click(),
  'selection.confirm': (_, w) => betButton(w.page).click(),
  'selection.more': (_, w) => button(w.page, L.addMore).first().click(),
  'line.edit': ({ event }, w) => button(w.page, say('two_d.editLine', { num: event.num })).click(),
  'line.amount': ({ event, before }, w) => main(w.page).getByRole('textbox', { name: say('two_d.amountFor', { num: before.context.editing.num }) }).fill(event.value),
  'line.save': (_, w) => lineList(w.page).getByRole('button', { name: L.save, exact: true }).click(),
  'line.cancel': (_, w) => lineList(w.page).getByRole('button', { name: L.cancel, exact: true }).click(),
  'line.delete': ({ event }, w) => button(w.page, say('two_d.deleteLine', { num: event.num })).click(),
  'bet.submit': (_, w) => {
    w.submit.arm();
    return main(w.page).getByRole('button', { name: L.submit }).click();
  },
};

// --- drivers: the confirm page opening, reloading, and storage changing under it ------------------

const openStoredAhead: Driver = async ({ event }, w) => {
  await storeInAnotherTab(w, (event.draft as TwoDDraft).amounts);
  if (!w.confirmAhead) return void (await w.page.goto('/2d/confirm'));
  w.confirmAhead = false;
  await w.page.goForward();
};

/** The player opens /2d/confirm by its address with nothing stored (a stored selection was placed in another tab). */
const openNothingStored: Driver = async (_, w) => {
  await w.page.evaluate((key) => localStorage.removeItem(key), DRAFT_KEY);
  await w.page.goto('/2d/confirm');
};

const reload: Driver = async (_, w) => void (await w.page.reload());

/** The selection is placed in another tab: storage no longer holds it, and this confirm page is opened again. */
const goneFromStorage: Driver = async (_, w) => {
  await w.page.evaluate((key) => localStorage.removeItem(key), DRAFT_KEY);
  await w.page.reload();
};

/** From the slip page, the browser's Back returns to /2d/confirm. */
const backToConfirm: Driver = async (_, w) => void (await w.page.goBack());

const backWithNewSelection: Driver = async ({ event }, w) => {
  await storeInAnotherTab(w, (event.draft as TwoDDraft).amounts);
  await w.page.goBack();
};

const pages: Record<string, Driver> = {
  [OPEN_STORED]: openStoredAhead,
  'the confirm page opens with nothing stored': openNothingStored,
  'the confirm page reloads with the same selection': reload,
  'the confirm page reloads with the same selection (a retry is pending)': reload,
  'the selection is gone from storage (placed in another tab)': goneFromStorage,
  'they open the confirm page again with nothing stored': backToConfirm,
  'they open the confirm page with a new stored selection': backWithNewSelection,
  'they add the doubles': async (_, w) => {
    await openTool(w.page, L.quickPick);
    await button(w.page, L.doubles).click();
  },
};

// --- drivers: time and the server's answers, arranged for real ----------------------------------

/** The page's own timer: the clock jumps 15 s and the page asks for the grid again (held). */
const fifteenSecondsPass: Driver = async (_, w) => {
  await w.page.clock.runFor(15_000);
  await w.grid.held();
};

const answers: Record<string, Driver> = {
  'xstate.error.actor.fetchAvailability': ({ event }, w) => answerGrid(w, transportFailure(event.error), event.error.status),
  'xstate.error.actor.submitBet': async (step, w) => {
    const { error } = step.event;
    const over = Array.isArray(error.data) ? (error.data as string[]) : null;
    if (over) await lowerBreaksBelow(w, sessionOf(step), step.before.context.lines, over);
    else if (error.message === 'Insufficient Funds') await spendMain(w);
    else if (error.status === 0 || error.status >= 500) return answerBet(w, transportFailure(error), error.status);
    else throw new Error(`"${step.phrase}": our server always says why it refuses a bet, so this answer cannot be arranged for real`);
    await answerBet(w, { to: 'server' }, error.status);
  },
};

const serverPhrases: Record<string, Driver> = {
  '15 seconds pass': fifteenSecondsPass,
  'the grid loads (55 full, 77 closed)': async (step, w) => {
    await fillUp(w, sessionOf(step), FULL);
    await closeNumber(w, sessionOf(step), CLOSED);
    await answerGrid(w, { to: 'server' }, 200);
  },
  'the grid loads: betting on this draw has closed': async (step, w) => {
    // No draw chosen: the grid is of whichever draw takes bets, so both cut-offs pass.
    passCutoff(w, step.before.context.session ?? 'evening');
    await answerGrid(w, { to: 'server' }, 200);
  },
  'the server places the bet': (_, w) => answerBet(w, { to: 'server' }, 200),
  'the server places the bet without a message': ({ phrase }) => {
    throw new Error(`"${phrase}": our server always sends its message with a placed bet, so this answer cannot be arranged for real`);
  },
};

// --- what the player sees ------------------------------------------------------------------------

/** Spec §8: success shows the server's text (in the reader's language), refusals and failures their words; the money follows. */
async function expectEffects(w: TwoDWorld, step: ScreenStep) {
  const type = step.event?.type;
  if (type === 'xstate.done.actor.submitBet') {
    await expectToast(w.page, english(BET_PLACED));
    await expectPlaced(w, sessionOf(step as DrivenStep), step.before!.context.lines);
    expect(await w.page.evaluate((key) => localStorage.getItem(key), DRAFT_KEY), 'the placed selection is no longer stored').toBeNull();
  }
  if (type === 'xstate.error.actor.submitBet') {
    await expectToast(w.page, wordsOf(step.snapshot.context.error)!);
    await expectNothingMoved(w);
  }
}

async function expectScreen(w: TwoDWorld, step: ScreenStep) {
  await expectEffects(w, step);
  const want = await expected(step, w);
  await expectSeen(() => observe(w.page), want, `the 2D bet (${whereAfter(step)}): ${twoDBetPaths.describeState(step.snapshot)}`);
  const where = whereAfter(step);
  const chip = where === 'home' ? `${label('wallet.gameBalance')}: ${shownKs(w.game)}` : `${label('wallet.mainBalance')}: ${shownKs(w.main)}`;
  await expectSeen(() => chipSays(w.page), chip, 'the balance chip');
}

/** The path's start: the bet page of its draw (its stored selection made in another tab first). */
async function open(harness: () => Harness, clock: ServerClock, adminToken: string, path: MachinePath) {
  const w = await openTwoDWorld(harness(), clock, adminToken);
  const { draft, session } = path.start.input as { draft: TwoDDraft | null; session?: TwoDSession };
  if (draft) await storeInAnotherTab(w, draft.amounts);
  await w.page.goto(betUrl(session));
  if (path.steps.some((s) => s.phrase === OPEN_STORED)) await leaveConfirmAhead(w, !draft);
  return w;
}

export function twoDBetJourney(harness: () => Harness, opts: { clock: ServerClock; adminToken: string }): PathJourney<TwoDWorld> {
  return {
    model: twoDBetPaths,
    driversFile: 'tests/e2e/support/path-drivers/two-d-bet.ts',
    byPhrase: { ...pages, ...serverPhrases },
    byEvent: { ...intents, ...answers },
    open: (path) => open(harness, opts.clock, opts.adminToken, path),
    expectScreen,
    close: closeTwoDWorld,
  };
}
