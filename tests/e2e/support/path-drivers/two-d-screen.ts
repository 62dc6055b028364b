/**
 * Reading the 2D bet pages the way a player does, in English (product-spec §2 2D lottery, §8, §9;
 * domain-notes 2D): on /2d/bet the draw tab, the draw's cut-off, the stake, the 00–99 grid with
 * what is left of each number's limit, and the bar with the count, the total, Clear and Bet; on
 * /2d/confirm each line with its amount (editable, deletable), the refusal, the count, the main
 * balance and the total, Add more and Place bet; the slip page after a bet; home.
 */
import type { Locator, Page } from 'playwright-core';
import { label, squash } from './cashier-screen';

export const L = {
  grid: label('two_d.grid'),
  drawTime: label('two_d.drawTime'),
  stake: label('two_d.stake'),
  quickPick: label('two_d.quickPick'),
  doubles: label('two_d.doubles'),
  entry: label('two_d.entry'),
  entryApply: label('two_d.entryApply'),
  clear: label('two_d.clear'),
  retry: label('btn.tryAgain'),
  loading: label('common.loading'),
  lines: label('two_d.lines'),
  save: label('two_d.save'),
  cancel: label('btn.cancel'),
  addMore: label('two_d.addMore'),
  submit: label('two_d.submit'),
  count: label('two_d.count'),
  total: label('two_d.total'),
  mainBalance: label('wallet.mainBalance'),
  overLimitTag: label('two_d.overLimitTag'),
  nothingToConfirm: label('two_d.nothingToConfirm'),
  full: label('two_d.cellFull'),
};

/** A locale text with its {{placeholders}} filled in. */
export function say(key: string, values: Record<string, string | number> = {}): string {
  return label(key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}

/** English plural forms (`key_one` / `key_other`), as i18next picks them. */
export const sayCount = (key: string, count: number) => say(`${key}_${count === 1 ? 'one' : 'other'}`, { count });

/** A locale text as a pattern: {{name}} becomes a capture group. */
function pattern(key: string): RegExp {
  const escaped = label(key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/\\\{\\\{\w+\\\}\\\}/g, '(.+?)')}$`);
}

const main = (page: Page) => page.locator('main');
const BET = /^Bet \(\d+\)$/;
export const betButton = (page: Page) => main(page).getByRole('button', { name: BET });
export const clearButton = (page: Page) => main(page).getByRole('button', { name: L.clear, exact: true });
export const stakeField = (page: Page) => main(page).getByLabel(L.stake, { exact: true });
export const gridList = (page: Page) => main(page).getByRole('list', { name: L.grid });
export const cell = (page: Page, num: string) => gridList(page).getByRole('button', { name: new RegExp(`^${num}, `) });
export const drawTabs = (page: Page) => main(page).getByRole('navigation', { name: L.drawTime });
export const lineList = (page: Page) => main(page).getByRole('list', { name: L.lines });

/** On a phone the quick picks and typed entry sit behind toggles: opens `name`'s if it is shut. */
export async function openTool(page: Page, name: string) {
  const toggle = main(page).locator('button[aria-expanded]', { hasText: name });
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

// --- /2d/bet ---------------------------------------------------------------------------------

/** The grid as the player reads it: what is picked, what cannot be picked, what each number says is left. */
export interface GridSeen {
  picked: string[];
  unavailable: string[];
  /** The numbers grouped by what their cell says ("full or closed", "97% of the limit left"). */
  says: Record<string, string[]>;
}

export interface BetPageSeen {
  where: 'bet';
  /** The draw tab shown as current ("12:00 PM"), without a leading zero. */
  draw: string | null;
  /** The draw card: "open on Nov 23, 2026 until 11:55 AM", "closed at 11:55 AM", "holiday", or null while unknown. */
  drawStatus: string | null;
  stake: string;
  stakeEnabled: boolean;
  grid: 'loading' | { failed: string } | GridSeen;
  count: string;
  total: string;
  bet: { text: string; enabled: boolean };
  clearEnabled: boolean;
  error: string | null;
}

async function readGrid(page: Page): Promise<GridSeen> {
  const cells = await gridList(page)
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((b) => ({ name: b.getAttribute('aria-label') ?? '', pressed: b.getAttribute('aria-pressed') === 'true', disabled: (b as HTMLButtonElement).disabled })));
  const seen: GridSeen = { picked: [], unavailable: [], says: {} };
  for (const c of cells) {
    const [num, state] = [c.name.slice(0, 2), c.name.slice(4)];
    if (c.pressed) seen.picked.push(num);
    if (c.disabled) seen.unavailable.push(num);
    (seen.says[state] ??= []).push(num);
  }
  return seen;
}

async function readGridArea(page: Page): Promise<BetPageSeen['grid']> {
  if (await gridList(page).count()) return readGrid(page);
  const failed = main(page).getByRole('alert').filter({ has: page.getByRole('button', { name: L.retry }) });
  if (await failed.count()) return { failed: squash(await failed.locator('p').first().innerText()) };
  if (await main(page).getByRole('status', { name: L.loading }).count()) return 'loading';
  return { failed: 'neither the grid, its failure nor its loading is shown' };
}

/** The draw card's sentence in a few words, from the locale's own sentences. */
export function drawStatusOf(text: string | null): string | null {
  if (text === null) return null;
  const open = pattern('two_d.sessionOpen').exec(text);
  if (open) return `open on ${open[1]} until ${open[2]}`;
  const closed = pattern('two_d.sessionClosed').exec(text);
  if (closed) return `closed at ${closed[1]}`;
  return text === label('two_d.sessionHoliday') ? 'holiday' : text;
}

async function readDrawCard(page: Page): Promise<Pick<BetPageSeen, 'draw' | 'drawStatus'>> {
  const active = drawTabs(page).locator('a[aria-current="page"]');
  const card = main(page).getByRole('region', { name: L.drawTime }).locator('p');
  return {
    draw: (await active.count()) ? squash(await active.innerText()).replace(/^0/, '') : null,
    drawStatus: drawStatusOf((await card.count()) ? squash(await card.first().innerText()) : null),
  };
}

async function readBar(page: Page): Promise<Pick<BetPageSeen, 'count' | 'total' | 'bet' | 'clearEnabled' | 'error'>> {
  const bar = main(page).locator('div.card', { has: page.getByRole('button', { name: BET }) });
  const alert = bar.getByRole('alert');
  const [count, total] = await bar.locator('[aria-live="polite"] p').allInnerTexts();
  return {
    count: squash(count ?? ''),
    total: squash(total ?? ''),
    bet: { text: squash(await betButton(page).innerText()), enabled: await betButton(page).isEnabled() },
    clearEnabled: await clearButton(page).isEnabled(),
    error: (await alert.count()) ? (await alert.innerText()).trim() : null,
  };
}

export async function readBetPage(page: Page): Promise<BetPageSeen> {
  return {
    where: 'bet',
    ...(await readDrawCard(page)),
    stake: await stakeField(page).inputValue(),
    stakeEnabled: await stakeField(page).isEnabled(),
    grid: await readGridArea(page),
    ...(await readBar(page)),
  };
}

// --- /2d/confirm -------------------------------------------------------------------------------

export interface ConfirmPageSeen {
  where: 'confirm';
  /** Each line: "12 500.00 Ks", "+ Over the limit", "(locked)" when it cannot be edited, or its edit. */
  lines: string[];
  empty: boolean;
  alert: string | null;
  count: string | null;
  mainBalance: string | null;
  total: string | null;
  submit: 'ready' | 'disabled' | 'busy' | 'absent';
  addMore: boolean;
}

async function readLine(item: Locator): Promise<string> {
  const num = squash(await item.locator('[aria-label^="Number "]').innerText());
  const input = item.getByRole('textbox');
  if (await input.count()) {
    const error = item.getByRole('alert');
    const shown = (await error.count()) ? ` ${squash(await error.innerText())}` : '';
    return `${num} editing "${await input.inputValue()}"${shown}`;
  }
  const amount = squash(await item.locator('.money').first().innerText());
  const tag = (await item.getByText(L.overLimitTag, { exact: true }).count()) ? ` + ${L.overLimitTag}` : '';
  const edit = item.getByRole('button', { name: `Edit the amount for ${num}` });
  return `${num} ${amount}${tag}${(await edit.isEnabled()) ? '' : ' (locked)'}`;
}

/** "Numbers: 2" → "2"; "Main balance: 9,000.00 Ks" → "9,000.00 Ks"; the total under its heading. */
async function readTotals(card: Locator) {
  const facts = await card.locator('p.text-xs').allInnerTexts();
  const after = (name: string) => facts.map(squash).find((f) => f.startsWith(`${name}:`))?.slice(name.length + 1).trim() ?? null;
  const total = card.locator('div.text-right .money');
  return { count: after(L.count), mainBalance: after(L.mainBalance), total: (await total.count()) ? squash(await total.innerText()) : null };
}

async function submitState(page: Page): Promise<ConfirmPageSeen['submit']> {
  const button = main(page).getByRole('button', { name: L.submit });
  if (!(await button.count())) return 'absent';
  if ((await button.getAttribute('aria-busy')) === 'true') return 'busy';
  return (await button.isEnabled()) ? 'ready' : 'disabled';
}

export async function readConfirmPage(page: Page): Promise<ConfirmPageSeen> {
  const lines = [];
  for (const item of await lineList(page).getByRole('listitem').all()) lines.push(await readLine(item));
  const card = main(page).locator('div.card', { has: page.getByRole('button', { name: L.submit }) });
  const alert = card.getByRole('alert');
  return {
    where: 'confirm',
    lines,
    empty: (await main(page).getByText(L.nothingToConfirm, { exact: true }).count()) > 0,
    alert: (await alert.count()) ? (await alert.innerText()).trim() : null,
    ...(await readTotals(card)),
    submit: await submitState(page),
    addMore: await main(page).getByRole('button', { name: L.addMore }).first().isEnabled(),
  };
}

// --- the slip page and home ----------------------------------------------------------------------

export interface SlipPageSeen {
  where: 'slip';
  path: string;
  /** The latest slip's facts ("Total bet 1,000.00 Ks", …) and its lines ("12 500.00 Ks 40,000.00 Ks Waiting"). */
  facts: string[];
  status: string;
  lines: string[];
}

export async function readSlipPage(page: Page): Promise<SlipPageSeen> {
  const slip = main(page).locator('article').first();
  await slip.waitFor();
  const facts = [];
  for (const fact of await slip.locator('dl > div').all()) facts.push(squash(await fact.innerText()));
  const rows = await slip.locator('tbody tr').allInnerTexts();
  return {
    where: 'slip',
    path: new URL(page.url()).pathname,
    facts,
    status: squash(await slip.locator('header').innerText()).slice(squash(await slip.locator('header h2').innerText()).length).trim(),
    lines: rows.map(squash),
  };
}

/**
 * The top bar's balance chip as it reads ("Main balance: 9,000.00"): the 2D pages show the main
 * balance they are paid from, every other page the game balance (spec §2 Wallet).
 */
export async function chipSays(page: Page): Promise<string | null> {
  const chip = page.getByRole('link', { name: new RegExp(`^(${label('wallet.mainBalance')}|${label('wallet.gameBalance')}): `) });
  const name = await chip.getAttribute('aria-label', { timeout: 1000 }).catch(() => null);
  return name?.replace(/ Ks$/, '') ?? null;
}

export type Seen = BetPageSeen | ConfirmPageSeen | SlipPageSeen | { where: 'home' } | { where: string };

/** Which page the player is on, and what it shows. */
export async function observe(page: Page): Promise<Seen> {
  const path = new URL(page.url()).pathname;
  if (path === '/2d/bet') return readBetPage(page);
  if (path === '/2d/confirm') return readConfirmPage(page);
  if (/^\/(morning|evening)-bet-slip$/.test(path)) return readSlipPage(page);
  return { where: path === '/' ? 'home' : path };
}
