/**
 * What the QA plan journey can do on the 2D bet (docs/qa-paths/two-d-bet.md): the tester's taps,
 * typing and buttons found by the screen's English words, time on the page's clock, and the plan's
 * "How to arrange" lines done for real — the operator CLI's closures and limits, DevTools' request
 * blocking and offline, a selection stored by the bet page, a second tab placing it, reload and the
 * browser's Back. The words to see come from the plan, never from here.
 */
import { expect } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { en } from '../../support/qa-words';
import { betButton, cell, clearButton, drawTabs, lineList, openTool, stakeField } from './path-drivers/two-d-screen';
import { adminCommand, type PlanVocabulary, type PlanWorld, type Vocabulary } from './qa-plan-runner';

const main = (page: Page) => page.locator('main');
const button = (page: Page, name: string) => main(page).getByRole('button', { name, exact: true });
const path = (page: Page) => new URL(page.url()).pathname;

/** The page has shown what its address is for: the bet page's stake, the confirm page's lines or its empty word, home, a slip. */
async function twoDReady(page: Page) {
  await expect
    .poll(
      async () => {
        const where = path(page);
        if (where === '/2d/bet') return stakeField(page).isVisible();
        if (where === '/2d/confirm') return (await lineList(page).isVisible()) || (await main(page).getByText(en('two_d.nothingToConfirm'), { exact: true }).isVisible());
        // A slip page's own heading: its chunk is in and React has revealed it.
        if (/-bet-slip$/.test(where)) return main(page).getByRole('heading', { level: 1 }).isVisible();
        return main(page).isVisible();
      },
      { message: `the page at ${page.url()} shows`, timeout: 10_000 },
    )
    .toBe(true);
}

/**
 * A navigation of the whole page (an address typed, reload, Back) as a person's browser makes it:
 * on a running clock; once the page shows, time waits for the steps again.
 */
async function navigate(w: PlanWorld, go: (page: Page) => Promise<unknown>) {
  await w.page.clock.resume();
  await go(w.page);
  w.opened = true;
  await twoDReady(w.page);
  await w.page.clock.pauseAt((await w.page.evaluate(() => Date.now())) + 1000);
}

const open = (w: PlanWorld, url: string) => navigate(w, (page) => page.goto(url));

/** "set the stake to 500, tap 12 and 21 and press “Bet (2)”" on the bet page that is open. */
async function pickAndBet(page: Page, stake: string, numbers: string, bet: string) {
  await stakeField(page).fill(stake);
  for (const num of numbers.split(/, | and /)) await cell(page, num).click();
  await main(page).getByRole('button', { name: bet, exact: true }).click();
  await lineList(page).waitFor();
}

/** The draw tabs by the draw's time as the plan writes it ("4:30 PM"; the tab may print "04:30 PM"). */
const DRAW_TIME: Record<string, string> = { morning: '12:00 PM', evening: '4:30 PM' };

const watch = async () => {};

const actions: Vocabulary = [
  [/^they open (\/\S+)$/, (w, [, url]) => open(w, url!)],
  [
    /^they type "([^"]+)" and apply it$/,
    async (w, [, text]) => {
      await openTool(w.page, en('two_d.entry'));
      await main(w.page).getByLabel(en('two_d.entry'), { exact: true }).fill(text!);
      await button(w.page, en('two_d.entryApply')).click();
    },
  ],
  [/^they switch to the (morning|evening) draw$/, (w, [, session]) => drawTabs(w.page).getByRole('link', { name: new RegExp(`^0?${DRAW_TIME[session!]}$`) }).click()],
  [/^they retry loading the grid$/, (w) => button(w.page, en('btn.tryAgain')).click()],
  [/^15 seconds pass$/, (w) => w.page.clock.runFor(15_000)],
  [/^they go back to add more$/, (w) => button(w.page, en('two_d.addMore')).first().click()],
  [
    /^they add the doubles$/,
    async (w) => {
      await openTool(w.page, en('two_d.quickPick'));
      await button(w.page, en('two_d.doubles')).click();
    },
  ],
  [/^they clear the selection$/, (w) => clearButton(w.page).click()],
  [/^they edit (\d\d)\b/, (w, [, num]) => button(w.page, en('two_d.editLine', { num })).click()],
  [/^they type (\d+) \(a retry is pending\)$/, (w, [, value]) => lineList(w.page).getByRole('textbox').fill(value!)],
  [/^they save \d+/, (w) => lineList(w.page).getByRole('button', { name: en('two_d.save'), exact: true }).click()],
  [/^they cancel the edit$/, (w) => lineList(w.page).getByRole('button', { name: en('btn.cancel'), exact: true }).click()],
  [/^they delete (\d\d)$/, (w, [, num]) => button(w.page, en('two_d.deleteLine', { num })).click()],
  [/^they set the stake to (\d+)/, (w, [, value]) => stakeField(w.page).fill(value!)],
  [/^they tap (\d\d)\b/, (w, [, num]) => cell(w.page, num!).click()],
  [/^they press Bet\b/, (w) => betButton(w.page).click()],
  [/^they submit (the bet|again)/, (w) => main(w.page).getByRole('button', { name: en('two_d.submit') }).click()],
  // The site opens the slip page itself: it loads on a running clock, as in a person's browser (on
  // the paused one, React's reveal of a page that waited for its chunk, due on a timer, never came).
  [/^the server places the bet$/, (w) => navigate(w, (page) => page.waitForURL(/-bet-slip$/))],
  // Done by the step's "How to arrange" line (an address, a reload, a second tab), or a server answer to watch.
  [/^the confirm page (opens|reloads)|^the selection is gone from storage|^they open the confirm page/, watch],
  [/^(the server |the network |the grid loads|loading the grid fails)/, watch],
];

const glob = (pattern: string) => new RegExp(pattern.split('*').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*'));

/** Each `… npm run admin -- …` command before the line's "undo" ("…" stands for the one before's start). */
async function adminCommands(w: PlanWorld, text: string) {
  let prefix = '';
  for (const [, command] of text.split(/; undo /)[0]!.matchAll(/`([^`]+)`/g)) {
    const full = command!.startsWith('… ') ? `${prefix}${command!.slice(2)}` : command!;
    prefix = full.replace(/two-d .*$/, '');
    await adminCommand(w, full);
  }
}

/** In a second tab of the same browser (its storage shared): /2d/confirm and “Place bet”, until the slip page opens. */
async function placeInSecondTab(w: PlanWorld) {
  await w.page.clock.resume();
  const tab = await w.context.newPage();
  tab.setDefaultTimeout(10_000);
  try {
    await tab.goto('/2d/confirm');
    await main(tab).getByRole('button', { name: en('two_d.submit') }).click();
    await tab.waitForURL(/-bet-slip$/);
  } finally {
    await tab.close();
  }
}

const arrangements: Vocabulary = [
  [/^start a fresh demo install|^sign in as the demo player|slow the network|^nothing: /, watch],
  [/`[^`]*npm run admin -- [^`]*`/, (w, m) => adminCommands(w, m.input)],
  [/switch the browser offline/, async (w) => void (w.offline = true)],
  [
    /"Block request URL", pattern `([^`]+)`, then (?:reload|open) (\/\S+)( \(unblock after this step\))?/,
    async (w, [, pattern, url, untilStep]) => {
      const blocked = glob(pattern!);
      const block = (route: Route) => route.abort('blockedbyclient');
      await w.page.route(blocked, block);
      if (untilStep) w.afterStep.push({ step: w.under, run: () => w.page.unroute(blocked, block) });
      await open(w, url!);
    },
  ],
  [
    /^(?:on the bet page|open (\/\S+),) set the stake to (\d+), tap (\d\d(?:(?:, | and )\d\d)*) and press “([^”]+)”(?:.*, then open (\/\S+))?/,
    async (w, [, first, stake, numbers, bet, then]) => {
      if (first) await open(w, first);
      await pickAndBet(w.page, stake!, numbers!, bet!);
      if (then) await open(w, then);
    },
  ],
  [/^open (\/\S+) in the address bar/, (w, [, url]) => open(w, url!)],
  [/^reload the page$/, (w) => navigate(w, (page) => page.reload())],
  [/^press the browser's Back button$/, (w) => navigate(w, (page) => page.goBack())],
  [
    /^in a second tab of the same browser press “Place bet” on \/2d\/confirm .*then reload this tab$/,
    async (w) => {
      await placeInSecondTab(w);
      await navigate(w, (page) => page.reload());
    },
  ],
  [/^wait 15 seconds/, watch],
];

/** What a screen says beyond its quoted words: the stake field's and an edited amount's values, Place bet busy, greyed-out numbers, where the site went. */
async function screen(w: PlanWorld, text: string) {
  const stake = /the stake field holds (\d+)/.exec(text);
  if (stake) await expect.poll(() => stakeField(w.page).inputValue(), { message: text }).toBe(stake[1]);
  const editing = /the amount of (\d\d) is open for editing with (\d+) in it/.exec(text);
  if (editing) await expect.poll(() => main(w.page).getByRole('textbox', { name: en('two_d.amountFor', { num: editing[1] }) }).inputValue(), { message: text }).toBe(editing[2]);
  if (/while the bet is on its way, “([^”]+)” is busy/.test(text)) {
    await expect.poll(() => main(w.page).getByRole('button', { name: en('two_d.submit') }).getAttribute('aria-busy'), { message: text }).toBe('true');
  }
  const greyed = /(\d\d) and (\d\d) are greyed out and cannot be tapped/.exec(text);
  for (const num of greyed?.slice(1) ?? []) await expect.poll(() => cell(w.page, num).isDisabled(), { message: `${num} cannot be tapped` }).toBe(true);
  if (/for the home page$/.test(text)) await expect.poll(() => path(w.page), { message: text }).toBe('/');
  if (/^the slip page of the draw opens/.test(text)) await expect.poll(() => path(w.page), { message: text }).toMatch(/^\/(morning|evening)-bet-slip$/);
  if (/^the confirm page /.test(text)) expect(path(w.page), text).toBe('/2d/confirm');
  if (/^the bet page/.test(text)) expect(path(w.page), text).toBe('/2d/bet');
}

export const twoDVocabulary: PlanVocabulary = { actions, arrangements, screen };
