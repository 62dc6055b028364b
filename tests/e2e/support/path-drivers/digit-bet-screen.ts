/**
 * The Digit Bet screen (/digitbet) as a player reads it, in English, and what the spec says it
 * must show (product-spec §4 Digit Bet screen and Digit game, §8, §9; docs/digit-bet.md): the
 * result image ('?' until a roll, then the rolled digit with 'You Won!/You Lost! The number was
 * N.'), the countdown 'Rolling in N...', the digits and Big/Small with the choice pressed, the bet
 * amount, the multiplier, 'bet × multiplier = stake', Roll the Dice ('Roll now' while counting,
 * 'Rolling...' and busy while the server rolls), the status in the player's words, the Current
 * Bet, the history rows as the database holds them, the bet modal and the balance chip.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { Locator, Page } from 'playwright-core';
import { formatAmount } from '../../../../src/lib/money';
import { shownKs } from '../harness';
import { chipBalance, english, label, squash } from './cashier-screen';
import { betRows, payoutOf, type DigitWorld, type EarlierBet } from './digit-bet-world';

const say = (key: string, values: Record<string, string | number> = {}) => label(key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
export const L = {
  big: label('digit.big'),
  small: label('digit.small'),
  roll: label('digit.roll'),
  rollNow: label('digit.rollNow'),
  rolling: label('digit.rolling'),
  betAmount: label('digit.betAmount'),
  betMax: label('digit.betMax'),
  confirm: label('digit.confirm'),
  close: label('btn.close'),
  retry: label('btn.tryAgain'),
  currency: label('common.currency'),
  digit: (n: number) => say('digit.digitLabel', { n }),
  less: (what: string) => say('digit.less', { what }),
  more: (what: string) => say('digit.more', { what }),
  modalField: { bet: label('digit.modalBet'), coin: label('digit.coinValue') },
};

const main = (page: Page) => page.locator('main');
const ks = (amount: string | number | bigint) => `${formatAmount(typeof amount === 'bigint' ? (Number(amount) / 100).toFixed(2) : typeof amount === 'number' ? amount.toFixed(2) : amount)} ${L.currency}`;
export const rollButton = (page: Page) => page.getByTestId('roll');

export interface DigitSeen {
  result: string;
  stage: string;
  digits: { pressed: number[]; enabled: boolean };
  sides: { pressed: string[]; enabled: boolean };
  betAmount: string;
  multiplier: string;
  stakeLine: string;
  roll: { text: string; enabled: boolean; busy: boolean };
  status: string | null;
  currentBet: string;
  history: 'loading' | 'empty' | { failed: string } | string[];
  modal: null | { bet: string; coin: string; total: string };
  chip: string | null;
}

// --- reading ------------------------------------------------------------------------------------

async function pressedOf(page: Page, ids: string[]) {
  const out: string[] = [];
  let enabled = true;
  for (const id of ids) {
    const b = page.getByTestId(id);
    if ((await b.getAttribute('aria-pressed')) === 'true') out.push(id);
    enabled &&= await b.isEnabled();
  }
  return { out, enabled };
}

async function readHistory(page: Page): Promise<DigitSeen['history']> {
  const section = main(page).locator('section', { has: page.locator('#digit-history') });
  const failed = section.getByRole('alert');
  if (await failed.count()) return { failed: squash(await failed.locator('p').innerText()) };
  if (await section.getByRole('status').count()) return 'loading';
  const rows = section.locator('li[data-testid="digit-history-row"]');
  if (!(await rows.count())) return 'empty';
  const out: string[] = [];
  for (const row of await rows.all()) {
    const dd = (await row.locator('dd').allInnerTexts()).map(squash);
    out.push([squash(await row.locator('p').first().innerText()), dd[0], dd[1], dd[2], dd[4]].join(' | '));
  }
  return out;
}

async function readModal(page: Page): Promise<DigitSeen['modal']> {
  const modal = page.getByTestId('bet-modal');
  if (!(await modal.count())) return null;
  const text = async (id: string) => squash(await page.getByTestId(id).innerText());
  const sum = squash(await modal.locator('span.text-sm.text-muted').innerText());
  return { bet: await text('modal-bet'), coin: await text('modal-coin'), total: `${sum} = ${await text('modal-total')}` };
}

async function readControls(page: Page) {
  const digits = await pressedOf(page, Array.from({ length: 10 }, (_, d) => `digit-${d}`));
  const sides = await pressedOf(page, ['side-big', 'side-small']);
  const roll = rollButton(page);
  return {
    digits: { pressed: digits.out.map((id) => Number(id.slice(6))), enabled: digits.enabled },
    sides: { pressed: sides.out.map((id) => id.slice(5)), enabled: sides.enabled },
    betAmount: await main(page).getByLabel(L.betAmount, { exact: true }).inputValue(),
    multiplier: squash(await main(page).locator('[role="radio"][aria-checked="true"]').innerText()),
    stakeLine: squash(await page.getByTestId('stake-line').locator('p').innerText()),
    roll: { text: squash(await roll.innerText()), enabled: await roll.isEnabled(), busy: (await roll.getAttribute('aria-busy')) === 'true' },
  };
}

/** The line under the result image: the outcome, the countdown (beside Roll now), or a hint. */
async function readStageLine(stage: Locator): Promise<string> {
  const outcome = stage.getByTestId('digit-status');
  if (await outcome.count()) return squash(await outcome.innerText());
  const countdown = stage.locator('p[aria-live="off"]');
  if (await countdown.count()) return squash(await countdown.innerText());
  return squash(await stage.locator(':scope > p').last().innerText());
}

export async function readDigitScreen(page: Page): Promise<DigitSeen> {
  const stage = page.getByTestId('result-stage');
  const status = page.getByTestId('stake-line').locator('xpath=ancestor::section[1]').getByTestId('digit-status');
  const current = page.getByTestId('current-bet');
  return {
    result: (await page.getByTestId('digit-result').getAttribute('data-digit')) || '?',
    stage: await readStageLine(stage),
    ...(await readControls(page)),
    status: (await status.count()) ? squash(await status.innerText()) : null,
    currentBet: squash(`${await current.locator('h2').textContent()} ${await current.locator('p').first().innerText()}`),
    history: await readHistory(page),
    modal: await readModal(page),
    chip: await chipBalance(page),
  };
}

// --- expected, from the spec and the database -----------------------------------------------------

type Request = EarlierBet;
const choiceOf = (c: AnyMachineSnapshot['context']): Request | null =>
  c.digit !== null ? { betType: 'digit', digit: c.digit, betAmount: c.betAmount, multiplier: c.multiplier } : c.side ? { betType: c.side, digit: null, betAmount: c.betAmount, multiplier: c.multiplier } : null;

/** The bet named as the page names it: 'Digit 7', 'Big', 'Small'. */
const betName = (r: Request) => (r.betType === 'digit' ? L.digit(r.digit!) : r.betType === 'big' ? L.big : L.small);
const sumLine = (r: { betAmount: number; multiplier: number }) => `${formatAmount(r.betAmount.toFixed(2))} × ${r.multiplier} = ${ks(r.betAmount * r.multiplier)}`;

/** Spec §4: 'You Won! The number was N.', with the side of N for Big/Small bets. */
export function outcomeText(bet: Request, rolled: number): string {
  const won = payoutOf(bet, rolled) > 0n;
  if (bet.betType === 'digit') return say(won ? 'digit.won' : 'digit.lost', { n: rolled });
  return say(won ? 'digit.wonSide' : 'digit.lostSide', { n: rolled, side: rolled >= 5 ? L.big : L.small });
}

/** The status in the player's words (spec §5, §8). */
function problemText(status: { code: string; message?: string }): string | null {
  if (status.code === 'noBet') return label('digit.noBet');
  if (status.code === 'offline') return label('digit.offline');
  if (status.code === 'refused') return `❌ ${english(status.message!)}`;
  if (status.code === 'backendError') return say('digit.backendError', { message: english(status.message!) });
  return null;
}

export interface Facts {
  /** The bet the server rolled last and what it rolled (the database's row). */
  lastBet: Request | null;
  lastRolled: number | null;
  seconds: number | null;
}

function expectedStage(s: AnyMachineSnapshot, f: Facts): Pick<DigitSeen, 'result' | 'stage' | 'status'> {
  const { status } = s.context;
  const rolling = s.hasTag('busy');
  const shown = !rolling && s.context.lastRoll !== null ? f.lastRolled : null;
  const countdown = f.seconds !== null ? say('digit.rollingIn', { n: f.seconds }) : null;
  const outcome = !rolling && status && (status.code === 'won' || status.code === 'lost') ? outcomeText(f.lastBet!, f.lastRolled!) : null;
  const idle = rolling ? L.rolling : shown !== null ? say('digit.rolledLabel', { n: shown }) : label('digit.pickHint');
  return { result: shown === null ? '?' : String(shown), stage: outcome ?? countdown ?? idle, status: countdown ?? (status ? problemText(status) : null) };
}

function expectedControls(s: AnyMachineSnapshot): Omit<DigitSeen, 'result' | 'stage' | 'status' | 'history' | 'chip'> {
  const c = s.context;
  const rolling = s.hasTag('busy');
  const request: Request | null = c.pending ?? choiceOf(c);
  const retry = c.pending !== null && !rolling ? ` ${label('digit.retryHint')}` : '';
  const { bet, coin } = c.modal;
  return {
    digits: { pressed: c.digit === null ? [] : [c.digit], enabled: !rolling },
    sides: { pressed: c.side ? [c.side] : [], enabled: !rolling && c.digit === null },
    betAmount: formatAmount(c.betAmount.toFixed(2)),
    multiplier: `x${c.multiplier}`,
    stakeLine: sumLine(c),
    roll: { text: rolling ? L.rolling : s.hasTag('counting') ? L.rollNow : L.roll, enabled: !rolling, busy: rolling },
    currentBet: `${label('digit.currentBet')} ${request ? `${betName(request)} · ${sumLine(request)}${retry}` : label('digit.noCurrentBet')}`,
    modal: s.matches({ modal: 'open' }) ? { bet: String(bet), coin: String(coin), total: `${bet} × ${coin} × 20 = ${ks(bet * coin * 20)}` } : null,
  };
}

const typeText = (t: string) => (t === 'big' ? L.big : t === 'small' ? L.small : label('digit.typeDigit'));
const signed = (pya: bigint) => `${pya < 0n ? '−' : '+'}${ks(pya < 0n ? -pya : pya)}`;

/** The history: the player's bets as the database holds them, newest first, as each card words them. */
async function expectedHistory(s: AnyMachineSnapshot, w: DigitWorld): Promise<DigitSeen['history']> {
  if (s.matches({ history: 'failed' })) return { failed: english(s.context.historyError.message) };
  if (!s.context.history.length) return s.matches({ history: 'loading' }) ? 'loading' : 'empty';
  return (await betRows(w)).map((r) => {
    const head = `${typeText(r.betType)}${r.digit === null ? '' : ` ${r.digit}`} · ${label(r.outcome === 'win' ? 'digit.win' : 'digit.lose')}`;
    return [head, String(r.rolled), `${ks(BigInt(r.betAmount))} × ${r.multiplier}`, ks(BigInt(r.winAmount)), signed(BigInt(r.winAmount) - BigInt(r.stake))].join(' | ');
  });
}

export async function expectedScreen(s: AnyMachineSnapshot, w: DigitWorld, f: Facts): Promise<DigitSeen> {
  return { ...expectedStage(s, f), ...expectedControls(s), history: await expectedHistory(s, w), chip: shownKs(w.game) };
}
