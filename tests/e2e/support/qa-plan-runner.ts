/**
 * Runs a QA plan read from its file (qa-plan-reader.ts) against the real bundled server in
 * Chromium, the way a tester would: a fresh demo install per path started with the settings the
 * plan's first line gives, the demo player signed in, every "How to arrange" done before the step
 * it names, every action done, and after every step each quoted word of the screen looked for on
 * the page. Actions and arrangements are a small fixed vocabulary (an unknown line fails the path,
 * so a plan cannot say what the journey does not do); the expected words come only from the plan.
 *
 * Two stand-ins for a tester's browser tools: DevTools' "Slow 3G" is every POST to the API taking
 * 1.5 s, and "Offline" is the next API request failing as a dropped connection after that delay.
 * Time is the page's clock, paused once the page shows and moved by the steps that say time passes.
 */
import { expect } from 'vitest';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { runningFrom } from '../../../server/lib/clock';
import { runAdminCli } from '../../support/admin-cli';
import { startHarness, type Harness } from './harness';
import type { PlanPath, PlanStep } from './qa-plan-reader';

const SLOW_MS = 1500;

export interface PlanWorld {
  h: Harness;
  context: BrowserContext;
  page: Page;
  env: Record<string, string>;
  /** The page that the setup's "open …" names, and the one it is on now. */
  home: string;
  offline: boolean;
  slow: boolean;
  /** A page of the path is open (an arrangement before step 1 may have opened it already). */
  opened: boolean;
  /** The countdown the screen last said, seconds (the plan's own words). */
  countdown: number | null;
  /** The step the arrangement being done is written under (its "after this step"). */
  under: number;
  /** What an arrangement undoes once a step is done ("unblock after this step"). */
  afterStep: Array<{ step: number; run: () => Promise<void> }>;
  cleanups: Array<() => Promise<void>>;
}

export type Doer = (w: PlanWorld, match: RegExpExecArray) => Promise<void>;
export type Vocabulary = Array<[RegExp, Doer]>;

// --- the world -----------------------------------------------------------------------------------

/** KEY=VALUE settings of the setup's `… npm start` command (DATA_DIR: the harness's fresh database is that). */
function settingsOf(setup: string[]): Record<string, string> {
  const command = setup.map((line) => /`([^`]*npm start)`/.exec(line)?.[1]).find(Boolean);
  if (!command) throw new Error('the plan does not say how to start the demo');
  return Object.fromEntries([...command.matchAll(/\b([A-Z_]+)=(\S+)/g)].filter(([, k]) => k !== 'DATA_DIR').map(([, k, v]) => [k!, v!]));
}

async function apiRoute(w: PlanWorld, route: Route) {
  if (w.slow && route.request().method() !== 'GET') await new Promise((r) => setTimeout(r, SLOW_MS));
  if (w.offline) {
    w.offline = false;
    return route.abort('internetdisconnected');
  }
  return route.continue();
}

/** A fresh demo install as the plan starts it, the demo player signed in on the page the setup opens. */
export async function openPlanWorld(setup: string[]): Promise<PlanWorld> {
  const env = settingsOf(setup);
  // server/index.ts applies DEMO_CLOCK_START as the server's clock; the harness takes the clock itself.
  const h = await startHarness(env, env.DEMO_CLOCK_START ? runningFrom(env.DEMO_CLOCK_START) : undefined);
  const { context, page } = await h.newPage();
  page.setDefaultTimeout(10_000);
  const signIn = setup.map((line) => /user name "([^"]+)", password "([^"]+)"\) and open .*\((\/[^)\s]*)\)/.exec(line)).find(Boolean);
  if (!signIn) throw new Error('the plan does not say whom to sign in as and which page to open');
  const w: PlanWorld = { h, context, page, env, home: signIn[3]!, offline: false, opened: false, slow: setup.some((l) => l.includes('"Slow 3G"')), countdown: null, under: 1, afterStep: [], cleanups: [] };
  await page.route(/\/api\//, (route) => apiRoute(w, route));
  await signInAs(page, signIn[1]!, signIn[2]!);
  await page.clock.install();
  return w;
}

async function signInAs(page: Page, userName: string, password: string) {
  await page.goto('/login');
  await page.locator('[role="dialog"] input[name="user_name"]').fill(userName);
  await page.locator('[role="dialog"] input[name="password"]').fill(password);
  await page.locator('[role="dialog"] button[type="submit"]').click();
  await page.locator('[role="dialog"]').waitFor({ state: 'detached' });
}

/**
 * A second tab of the same browser, signed in as this page is (the session is the token in
 * localStorage). Its own browser context, so the first tab's paused clock and its network
 * stand-ins do not reach it.
 */
export async function secondTab(w: PlanWorld): Promise<{ tab: Page; close: () => Promise<void> }> {
  const token = await w.page.evaluate(() => localStorage.getItem('token'));
  const { context, page } = await w.h.newPage();
  await context.addInitScript((t) => localStorage.setItem('token', t ?? ''), token);
  page.setDefaultTimeout(10_000);
  return { tab: page, close: () => context.close() };
}

export async function closePlanWorld(w: PlanWorld) {
  for (const undo of w.cleanups.reverse()) await undo();
  await w.context.close();
  await w.h.close();
}

/** Opens (or reloads) a page and pauses its clock once it shows: from then on time moves only by steps. */
export async function openPage(w: PlanWorld, url: string, ready: (page: Page) => Promise<void>) {
  // The page loads on a running clock (as for a person); once it shows, time waits for the steps.
  await w.page.clock.resume();
  await w.page.goto(url);
  w.opened = true;
  await ready(w.page);
  await w.page.clock.pauseAt((await w.page.evaluate(() => Date.now())) + 1000);
}

/** `npm run admin -- …` from a plan's backticks, as an operator runs it against this install. */
export async function adminCommand(w: PlanWorld, command: string) {
  const args = command.replace(/^.*npm run admin -- /, '').match(/"[^"]*"|\S+/g)!.map((a) => a.replace(/^"|"$/g, ''));
  const run = await runAdminCli(args, { ADMIN_URL: w.h.server.url, ADMIN_TOKEN: w.env.ADMIN_TOKEN });
  expect(run.code, `npm run admin -- ${args.join(' ')}: ${run.stdout}${run.stderr}`).toBe(0);
}

// --- running a path ------------------------------------------------------------------------------

async function perform(w: PlanWorld, vocabulary: Vocabulary, text: string, what: string) {
  for (const [pattern, doer] of vocabulary) {
    const match = pattern.exec(text);
    if (match) return doer(w, match);
  }
  throw new Error(`the journey cannot do this ${what}: "${text}"`);
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** What a person can read on the page: its text, the values in its fields, and what a screen reader reads for a control (aria-label). */
const readable = (page: Page) =>
  page.evaluate(() => {
    const labels = [...document.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label'));
    const values = [...document.querySelectorAll('input, textarea')].map((e) => (e as HTMLInputElement).value);
    return [document.body.innerText, ...labels, ...values].join('\n');
  });

/** Every quoted word of the step is on the page (as text, as the value of a field, or as a control's spoken name). */
async function expectWords(w: PlanWorld, step: PlanStep, extra: (w: PlanWorld, screen: string) => Promise<void>) {
  const seen = async () => squash(await readable(w.page));
  for (const word of step.words) {
    await expect.poll(seen, { message: `step ${step.number}: “${word}” on screen`, timeout: 10_000 }).toContain(squash(word));
  }
  const counting = step.words.map((word) => /^Rolling in (\d+)\.\.\.$/.exec(word)).find(Boolean);
  w.countdown = counting ? Number(counting[1]) : null;
  if (step.screen) await extra(w, step.screen);
}

export interface PlanVocabulary {
  actions: Vocabulary;
  arrangements: Vocabulary;
  /** Checks a screen description says beyond its quoted words (a count of rows). */
  screen: (w: PlanWorld, screen: string) => Promise<void>;
}

async function at(where: string, run: () => Promise<void>) {
  try {
    await run();
  } catch (err) {
    if (err instanceof Error) err.message = `${where}: ${err.message}`;
    throw err;
  }
}

/** The path as written: arrangements due before each step, the step's action, then its words. */
export async function runPlanPath(setup: string[], path: PlanPath, vocabulary: PlanVocabulary) {
  const w = await openPlanWorld(setup);
  try {
    const before = [...path.startArrange.map((text) => ({ before: 1, under: 1, text })), ...path.arrangements];
    for (const step of path.steps) {
      for (const a of before.filter((x) => x.before === step.number)) {
        w.under = a.under;
        await at(`before step ${step.number}`, () => perform(w, vocabulary.arrangements, a.text, 'arrangement'));
      }
      if (step.verb === 'Given' && !w.opened) await at('opening the page', () => perform(w, vocabulary.actions, `they open ${w.home}`, 'action'));
      if (step.action) await at(`step ${step.number} "${step.action}"`, () => perform(w, vocabulary.actions, step.action!, 'action'));
      await at(`the screen after step ${step.number}`, () => expectWords(w, step, vocabulary.screen));
      for (const undo of w.afterStep.filter((x) => x.step === step.number)) await undo.run();
    }
  } finally {
    await closePlanWorld(w);
  }
}
