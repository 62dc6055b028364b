/**
 * What the QA plan journey can do on Digit Bet (docs/qa-paths/digit-bet.md): the tester's actions
 * as clicks, time on the page's clock, and the plan's "How to arrange" lines done for real — the
 * client seed saved on the fairness page in a second tab, the CLI's adjustment, DevTools' request
 * blocking, offline and session storage. The words to see come from the plan, never from here.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { en } from '../../support/qa-words';
import { adminCommand, openPage, secondTab, type PlanVocabulary, type PlanWorld, type Vocabulary } from './qa-plan-runner';

const digitReady = (page: Page) => page.getByTestId('digit-0').waitFor();
const dialog = (w: PlanWorld) => w.page.getByRole('dialog');
const press = (w: PlanWorld, testId: string) => w.page.getByTestId(testId).click();
const step = (w: PlanWorld, field: string, more: boolean) =>
  dialog(w).getByRole('button', { name: en(more ? 'digit.more' : 'digit.less', { what: en(field) }), exact: true }).click();

/** A server answer or a wait: the tester only watches (its arrangement was done before). */
const watch = async () => {};

const actions: Vocabulary = [
  [/^they open (\/\S+)$/, (w, [, url]) => openPage(w, url!, digitReady)],
  [/^they tap digit (\d)/, (w, [, d]) => press(w, `digit-${d}`)],
  [/^they tap (Big|Small)/, (w, [, side]) => press(w, `side-${side!.toLowerCase()}`)],
  [/^they pick x(\d+)/, (w, [, m]) => press(w, `multiplier-${m}`)],
  [/^they tap the bet amount/, (w) => press(w, 'bet-amount')],
  [/^they press \+ on the bet$/, (w) => step(w, 'digit.modalBet', true)],
  [/^they press − on the bet$/, (w) => step(w, 'digit.modalBet', false)],
  [/^they press − on the coin value$/, (w) => step(w, 'digit.coinValue', false)],
  [/^they press BET MAX$/, (w) => press(w, 'bet-max')],
  [/^they confirm /, (w) => press(w, 'bet-confirm')],
  [/^they close the modal$/, (w) => dialog(w).getByRole('button', { name: en('btn.close'), exact: true }).click()],
  [/^they press Roll (the Dice|now)/, (w) => press(w, 'roll')],
  [/^they retry the history$/, (w) => w.page.getByRole('button', { name: en('btn.tryAgain'), exact: true }).click()],
  [/^a second passes$/, (w) => w.page.clock.runFor(1000)],
  // The countdown the screen said last runs out (a person waits that long).
  [/^the countdown ends$/, (w) => w.page.clock.runFor((w.countdown ?? 0) * 1000)],
  [/^(the server |the network |the history loads|loading the history fails)/, watch],
];

/** In a second tab: the fairness page, the client seed typed and saved (a new pair at nonce 0). */
async function saveClientSeed(w: PlanWorld, seed: string) {
  const { tab, close } = await secondTab(w);
  try {
    await tab.goto('/fairness');
    await tab.getByTestId('fair-client-seed').fill(seed);
    await tab.getByTestId('fair-save-client-seed').click();
    await expect.poll(() => tab.getByTestId('fair-next-nonce').innerText()).toBe('0');
    await expect.poll(() => tab.getByTestId('fair-client-seed').inputValue()).toBe(seed);
  } finally {
    await close();
  }
}

/** Bets placed the way the page places them (its token, POST /api/digitbet), before it loads again. */
async function placeBets(w: PlanWorld, n: number) {
  const token = await w.page.evaluate(() => localStorage.getItem('token'));
  for (let i = 0; i < n; i++) {
    const body = { bet_type: 'big', digit: null, bet_amount: 100, multiplier: 1 };
    const res = await w.h.server.call('POST', '/api/digitbet', { token: token!, body, headers: { 'idempotency-key': `qa-plan-earlier-${i}` } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

const glob = (pattern: string) => new RegExp(pattern.split('*').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*'));

const arrangements: Vocabulary = [
  [/^start a fresh demo install|^sign in as the demo player|slow the network/, watch],
  [/type “([^”]+)” in “Client seed” and press “Save”/, (w, [, seed]) => saveClientSeed(w, seed!)],
  [/`([^`]*npm run admin -- [^`]*)`/, (w, [, command]) => adminCommand(w, command!)],
  [/switch the browser offline/, async (w) => void (w.offline = true)],
  [
    /"Block request URL", pattern `([^`]+)`, then reload (\/\S+)/,
    async (w, [, pattern, url]) => {
      await w.page.route(glob(pattern!), (route) => route.abort('blockedbyclient'));
      await openPage(w, url!, digitReady);
    },
  ],
  [/^place (\d+) bets? first .*then reload (\/\S+)$/, async (w, [, n, url]) => (await placeBets(w, Number(n)), openPage(w, url!, digitReady))],
  [
    /add the key `([^`]+)` with the value `([^`]+)`, then reload (\/\S+)$/,
    async (w, [, key, value, url]) => {
      await w.page.evaluate(([k, v]) => sessionStorage.setItem(k!, v!), [key, value]);
      await openPage(w, url!, digitReady);
    },
  ],
];

/** "the bet history lists 3 bets": the rows on the page. */
async function screen(w: PlanWorld, text: string) {
  const listed = /the bet history lists (\d+) bets?/.exec(text);
  if (listed) await expect.poll(() => w.page.locator('li[data-testid="digit-history-row"]').count(), { message: text }).toBe(Number(listed[1]));
}

export const digitVocabulary: PlanVocabulary = { actions, arrangements, screen };
