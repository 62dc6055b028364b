/**
 * The 2D bet QA plan in the screen's words (docs/qa-paths/two-d-bet.md): what a tester reads on
 * /2d/bet, /2d/confirm and the slip page in each state of the path model, from locales/en*
 * (tests/support/qa-words.ts), and how to make a demo install give each answer a path needs.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { TwoDLine } from '../../src/api/types';
import { draftLines } from '../../src/machines/two-d-bet/two-d-draft';
import { OFFLINE, SLOW } from '../support/qa-arrange';
import { DEMO_MAIN_KYAT, DEMO_PLAYER, demoStart, QA_CLOCK_START, signInDemo } from '../support/qa-demo';
import { en, ks, noticeWords, onScreen, q, type Notice } from '../support/qa-words';
import type { PathStep } from '../support/paths';

const DRAW: Record<string, string> = { morning: '12:00 PM', evening: '4:30 PM' };
/** Betting closes at 11:55 and 15:55 Yangon (domain notes), as the site writes the time. */
const CUTOFF: Record<string, string> = { morning: '11:55 AM', evening: '3:55 PM' };
const sum = (lines: TwoDLine[]) => lines.reduce((total, l) => total + l.amount, 0);
const shown = (error: Notice | Notice[] | null) => (error ? `; the page says ${noticeWords(error).split(' / ').map(q).join(' and ')}` : '');

/** 12, 21 and 34 (the numbers of a selection, in words). */
function numbers(lines: TwoDLine[]): string {
  const nums = lines.map((l) => l.num);
  return nums.length > 1 ? `${nums.slice(0, -1).join(', ')} and ${nums.at(-1)}` : (nums[0] ?? '');
}

/** The selection by amount: "12 and 21 at 500 Ks". */
function selection(lines: TwoDLine[]): string {
  const amounts = [...new Set(lines.map((l) => l.amount))];
  return amounts.map((a) => `${numbers(lines.filter((l) => l.amount === a))} at ${ks(a)}`).join('; ');
}

function grid(snapshot: AnyMachineSnapshot): string {
  const { availability, availabilityError } = snapshot.context;
  // A full or closed cell is greyed out and cannot be tapped; only a screen reader says why.
  if (availability?.status === 'open') return `55 and 77 are greyed out and cannot be tapped (a screen reader reads each as ${q(en('two_d.cellFull'))})`;
  if (availability) return `the draw card says ${q(en('two_d.sessionClosed', { time: CUTOFF[availability.session]! }))}`;
  if (snapshot.matches({ picking: 'failed' })) return `the grid says ${q(onScreen(availabilityError))} with ${q(en('btn.tryAgain'))}`;
  return 'the grid may still be loading';
}

function betPage(snapshot: AnyMachineSnapshot): string {
  const c = snapshot.context;
  const lines = draftLines(c);
  const draw = c.session ? `the ${q(DRAW[c.session]!)} draw` : 'no draw chosen';
  const picked = lines.length ? `${selection(lines)} picked` : 'nothing picked';
  const bar = `${q(en('two_d.selectedCount', { count: lines.length }))} and ${q(en('two_d.betCount', { count: lines.length }))}`;
  // The stake field is named only when a step changed it (a field's value is not text on the page).
  const stake = c.stake === '100' ? '' : `, the stake field holds ${c.stake}`;
  return `the bet page, ${draw}${stake}; ${grid(snapshot)}; ${picked}: the bar reads ${bar}${shown(c.error)}`;
}

function confirmPage(snapshot: AnyMachineSnapshot): string {
  const c = snapshot.context;
  const lines: TwoDLine[] = c.lines;
  if (!lines.length) return `the confirm page says ${q(en('two_d.nothingToConfirm'))}`;
  const head = `the confirm page (${q(en('two_d.confirmTitle'))}) lists ${selection(lines)}, ${q(en('two_d.total'))} ${q(ks(sum(lines)))}`;
  if (snapshot.matches({ confirming: 'submitting' })) return `${head}; while the bet is on its way, ${q(en('two_d.submit'))} is busy`;
  if (snapshot.matches({ confirming: 'editing' })) return `${head}; the amount of ${c.editing.num} is open for editing with ${c.editing.value} in it${shown(c.error)}`;
  const over = c.overLimit.length ? `; ${numbers(c.lines.filter((l: TwoDLine) => c.overLimit.includes(l.num)))} tagged ${q(en('two_d.overLimitTag'))}` : '';
  return `${head}${over}${shown(c.error)}`;
}

/** The screen as a tester reads it after `earlier` (the last step tells a visit home from a stay). */
export function describeTwoDScreen(snapshot: AnyMachineSnapshot, earlier: readonly PathStep[] = []): string {
  const last = earlier.at(-1);
  if (last?.event.type === 'draft.load' && !last.event.draft && !snapshot.matches('confirming')) {
    return 'the site leaves the confirm page (nothing to confirm) for the home page';
  }
  if (snapshot.matches('done')) return `the slip page of the draw opens, the slip ${q(en('two_d.slipPending'))} with each line ${q(en('two_d.notDrawn'))}`;
  return snapshot.matches('confirming') ? confirmPage(snapshot) : betPage(snapshot);
}

// --- how to arrange ------------------------------------------------------------------------------

export const TWO_D_SETUP = [
  `${demoStart({ DEMO_CLOCK_START: QA_CLOCK_START })}; its clock starts on Monday 23 Nov 2026 at 10:00 in Yangon, when both draws of the day take bets`,
  signInDemo('the 12:00 PM draw\'s bet page (/2d/bet?time=2)'),
  SLOW,
];

export const STORED_START =
  'open /2d/bet?time=2, set the stake to 500, tap 12 and 21 and press “Bet (2)” (the selection is kept in this browser until it is placed), then open /2d/bet (no draw chosen)';

const GRID = 'on the console CLI, close 77 and make 55 full: `ADMIN_TOKEN=$ADMIN_TOKEN npm run admin -- two-d close number 77` and `… two-d limit 55 0` (a limit of 0 Ks leaves nothing of 55 to bet); undo after the path with `… two-d open number 77` and `… two-d limit 55 default`';

const ANSWERS: Array<[RegExp, string]> = [
  [/^the grid loads \(55 full, 77 closed\)$/, GRID],
  [/^the grid loads: betting on this draw has closed$/, 'start the demo with its clock after the 11:55 cut-off instead: `DEMO_CLOCK_START=2026-11-23T05:30:00Z` (12:00 in Yangon)'],
  [/over the limit/, 'lower the limit of 12 under its line: `ADMIN_TOKEN=$ADMIN_TOKEN npm run admin -- two-d limit 12 400`; undo after the path with `… two-d limit 12 default`'],
  [/Insufficient Funds/, `empty the main balance: \`ADMIN_TOKEN=$ADMIN_TOKEN npm run admin -- adjust debit ${DEMO_PLAYER.userName} --wallet main --kind correction --amount ${DEMO_MAIN_KYAT} --reason "QA: empty the main balance"\` (${DEMO_MAIN_KYAT}: the whole main balance of a fresh demo)`],
  [/^the server places the bet$/, 'nothing: the demo player\'s main balance pays it'],
  [/network fails/, OFFLINE],
];

const MOVES: Array<[RegExp, string]> = [
  [/^the confirm page opens with the stored selection$/, 'on the bet page set the stake to 500, tap 12 and 21 and press “Bet (2)”: the confirm page opens with the selection'],
  [/^the confirm page opens with nothing stored$/, 'open /2d/confirm in the address bar with nothing picked'],
  [/^the confirm page reloads/, 'reload the page'],
  [/^the selection is gone from storage/, 'in a second tab of the same browser press “Place bet” on /2d/confirm (the selection is placed and leaves the browser\'s storage), then reload this tab'],
  [/^they open the confirm page again with nothing stored$/, 'press the browser\'s Back button'],
  [/^they open the confirm page with a new stored selection$/, 'open /2d/bet?time=2, set the stake to 500, tap 12 and 21 and press “Bet (2)”'],
  [/^15 seconds pass$/, 'wait 15 seconds: the grid reloads by itself'],
];

/** The bet page of the step's draw, by its address (a blocked grid is seen by loading that page again). */
const betUrl = (step: PathStep) => ({ morning: '/2d/bet?time=2', evening: '/2d/bet?time=4' })[step.snapshot.context.session as string] ?? '/2d/bet';

export function arrangeTwoD(step: PathStep): string | undefined {
  if (/^loading the grid fails$/.test(step.phrase)) {
    return `block the grid: Chrome DevTools → Network → right-click → "Block request URL", pattern \`*/api/twod-availability*\`, then reload ${betUrl(step)} (unblock after this step)`;
  }
  const table = /^xstate\.(done|error)\.actor\./.test(step.event.type) ? ANSWERS : MOVES;
  return table.find(([pattern]) => pattern.test(step.phrase))?.[1];
}
