/**
 * What the player must see in the state a 2D bet path records, from the spec (product-spec §2
 * 2D lottery, §8 2D bet, §9 2D; domain-notes 2D; api-contract: stakes from the main balance):
 * the draw chosen and its cut-off, the stake, the grid's real availability (remaining = break −
 * staked, per number; full or closed numbers cannot be picked), the selection's count and total,
 * refusals in the player's words; on the confirm page each line and the total with the main
 * balance it is paid from, Place bet busy while sending; after a bet the slip of that draw.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { NumberAvailability, TwoDAvailability, TwoDLine, TwoDSession } from '../../../../src/api/types';
import { draftLines, selectedNums } from '../../../../src/machines/two-d-bet/two-d-draft';
import { wordsOf } from '../../../support/notice-words';
import type { ScreenStep } from '../drive-paths';
import { shownKs } from '../harness';
import { english, label } from './cashier-screen';
import { L, say, sayCount, type BetPageSeen, type ConfirmPageSeen, type GridSeen, type Seen, type SlipPageSeen } from './two-d-screen';
import { breakOf, drawDate, numberFacts, type TwoDWorld } from './two-d-world';

/** Spec §2/§9: the draws 12:00 PM and 04:30 PM (the site writes the hour without a leading zero). */
export const DRAW_LABEL: Record<TwoDSession, string> = { morning: '12:00 PM', evening: '4:30 PM' };
/** Domain notes: betting closes at 11:55 and 15:55 Yangon by default. */
const CUTOFF: Record<TwoDSession, string> = { morning: '11:55 AM', evening: '3:55 PM' };
/** Domain notes: a winning line pays 80× its stake. */
const PAYOUT = 80;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const ALL_NUMBERS = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));

/** Whole Kyat as every amount is printed ("1,000.00 Ks"). */
export const ks = (kyat: number | bigint) => `${shownKs(BigInt(kyat) * 100n)} Ks`;
const sum = (lines: TwoDLine[]) => lines.reduce((total, l) => total + l.amount, 0);
/** A calendar date as the site writes it in English ("Nov 23, 2026"). */
const dayText = (date: string) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}, ${date.slice(0, 4)}`;

export type Where = 'bet' | 'confirm' | 'slip' | 'home';

/**
 * The page the player is on after the step: the confirm page leaves for home when nothing is
 * stored (spec §2), a placed bet opens its slip page.
 */
export function whereAfter(step: ScreenStep): Where {
  const s = step.snapshot;
  if (step.event?.type === 'draft.load' && !s.matches('confirming')) return 'home';
  if (s.matches('done')) return 'slip';
  return s.matches('confirming') ? 'confirm' : 'bet';
}

// --- /2d/bet ---------------------------------------------------------------------------------

const isFull = (n: NumberAvailability | undefined) => !!n && (n.closed || n.remaining <= 0);

/**
 * The grid: which numbers the step made full or closed (they say so and cannot be picked unless
 * already picked), the others showing the share of their break still open, from the database.
 */
async function expectedCells(w: TwoDWorld, availability: TwoDAvailability, selected: string[]): Promise<GridSeen> {
  const known = await numberFacts(w.h.server.database.db, drawDate(w.clock), availability.session);
  const byNum = new Map(availability.numbers.map((n) => [n.num, n]));
  const seen: GridSeen = { picked: [], unavailable: [], says: {} };
  for (const num of ALL_NUMBERS) {
    const full = availability.status !== 'open' || isFull(byNum.get(num));
    const brk = breakOf(known, num);
    const left = brk - (known.staked.get(num) ?? 0n);
    const percent = left <= 0n ? 0 : Number((left * 100n) / brk);
    if (selected.includes(num)) seen.picked.push(num);
    if (full && !selected.includes(num)) seen.unavailable.push(num);
    (seen.says[full ? L.full : say('two_d.cellRemaining', { percent })] ??= []).push(num);
  }
  return seen;
}

async function expectedGrid(s: AnyMachineSnapshot, w: TwoDWorld): Promise<BetPageSeen['grid']> {
  const { availability, availabilityError } = s.context;
  // A refresh keeps the last grid on screen; without one, loading shows as loading (a retry too).
  if (availability) return expectedCells(w, availability, selectedNums(s.context));
  if (s.matches({ picking: 'failed' })) return { failed: english(availabilityError) };
  return 'loading';
}

/** The draw card: today's draw (the server's Yangon date) and its cut-off. */
function expectedDrawStatus(availability: TwoDAvailability | null, w: TwoDWorld): string | null {
  if (!availability) return null;
  if (availability.status === 'holiday') return 'holiday';
  const cutoff = CUTOFF[availability.session];
  return availability.status === 'open' ? `open on ${dayText(drawDate(w.clock))} until ${cutoff}` : `closed at ${cutoff}`;
}

async function expectedBetPage(s: AnyMachineSnapshot, w: TwoDWorld): Promise<BetPageSeen> {
  const c = s.context;
  const lines: TwoDLine[] = draftLines(c);
  const count = lines.length;
  const closed = !!c.availability && c.availability.status !== 'open';
  return {
    where: 'bet',
    draw: c.session ? DRAW_LABEL[c.session as TwoDSession] : null,
    drawStatus: expectedDrawStatus(c.availability, w),
    stake: c.stake,
    stakeEnabled: !closed,
    grid: await expectedGrid(s, w),
    count: sayCount('two_d.selectedCount', count),
    total: ks(sum(lines)),
    bet: { text: say('two_d.betCount', { count }), enabled: count > 0 && !closed },
    clearEnabled: count > 0,
    error: wordsOf(c.error),
  };
}

// --- /2d/confirm -------------------------------------------------------------------------------

/** A line as readConfirmPage words it: its amount (over the limit, locked while another is edited or the bet is sent), or its edit. */
function expectedLine(s: AnyMachineSnapshot, line: TwoDLine): string {
  const { editing, error, overLimit } = s.context;
  if (editing?.num === line.num) return `${line.num} editing "${editing.value}"${error ? ` *${wordsOf(error)}` : ''}`;
  const tag = overLimit.includes(line.num) ? ` + ${L.overLimitTag}` : '';
  const locked = s.hasTag('busy') || !!editing;
  return `${line.num} ${ks(line.amount)}${tag}${locked ? ' (locked)' : ''}`;
}

function expectedConfirmPage(s: AnyMachineSnapshot, w: TwoDWorld): ConfirmPageSeen {
  const c = s.context;
  const lines: TwoDLine[] = c.lines;
  const busy = s.hasTag('busy');
  const empty = lines.length === 0;
  return {
    where: 'confirm',
    lines: lines.map((line) => expectedLine(s, line)),
    empty,
    alert: c.error && !c.editing ? wordsOf(c.error) : null,
    count: empty ? null : String(lines.length),
    mainBalance: empty ? null : `${shownKs(w.main)} Ks`,
    total: empty ? null : ks(sum(lines)),
    submit: empty ? 'absent' : busy ? 'busy' : s.matches({ confirming: 'reviewing' }) ? 'ready' : 'disabled',
    addMore: !busy,
  };
}

// --- the slip page -----------------------------------------------------------------------------

/** The latest slip of the draw the bet joined: the player, the draw, the total, the main balance before and after, each line Waiting. */
function expectedSlipPage(w: TwoDWorld): SlipPageSeen {
  const slip = w.placed.at(-1)!;
  const total = sum(slip.lines);
  const before = slip.before / 100n;
  const lines = [...slip.lines].sort((a, b) => a.num.localeCompare(b.num));
  return {
    where: 'slip',
    path: `/${slip.session}-bet-slip`,
    facts: [
      `${label('two_d.player')} ${w.player.name}`,
      `${label('two_d.session')} ${label(`two_d.${slip.session}`)}`,
      `${label('two_d.date')} ${dayText(drawDate(w.clock))}`,
      `${label('two_d.totalBet')} ${ks(total)}`,
      `${label('two_d.beforeBalance')} ${ks(before)}`,
      `${label('two_d.afterBalance')} ${ks(before - BigInt(total))}`,
    ],
    status: label('two_d.slipPending'),
    lines: lines.map((l) => `${l.num} ${ks(l.amount)} ${ks(l.amount * PAYOUT)} ${label('two_d.notDrawn')}`),
  };
}

export async function expected(step: ScreenStep, w: TwoDWorld): Promise<Seen> {
  const where = whereAfter(step);
  if (where === 'home') return { where: 'home' };
  if (where === 'slip') return expectedSlipPage(w);
  if (where === 'confirm') return expectedConfirmPage(step.snapshot, w);
  return expectedBetPage(step.snapshot, w);
}
