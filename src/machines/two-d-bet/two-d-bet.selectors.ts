import type { SnapshotFrom } from 'xstate';
import type { NumberAvailability, TwoDAvailability, TwoDLine } from '../../api/types';
import { draftLines, selectedNums, totalOf } from './two-d-draft';
import type { twoDBetMachine } from './two-d-bet.machine';

type TwoDBetSnapshot = SnapshotFrom<typeof twoDBetMachine>;
type Context = TwoDBetSnapshot['context'];

/** The same result for the same inputs, so views re-render only when the answer changes. */
function lastOf<TArgs extends unknown[], TResult>(compute: (...args: TArgs) => TResult) {
  let last: { args: TArgs; result: TResult } | null = null;
  return (...args: TArgs): TResult => {
    if (last && last.args.length === args.length && last.args.every((arg, i) => arg === args[i])) return last.result;
    last = { args, result: compute(...args) };
    return last.result;
  };
}

const picked = lastOf((p: Context['picked'], lines: Context['lines']) => selectedNums({ picked: p, lines }));
const lines = lastOf((p: Context['picked'], l: Context['lines'], stake: string) => draftLines({ picked: p, lines: l, stake }));
const byNum = new WeakMap<TwoDAvailability, Record<string, NumberAvailability>>();
const NONE: Record<string, NumberAvailability> = {};

export const selectSession = (snapshot: TwoDBetSnapshot) => snapshot.context.session;
export const selectStake = (snapshot: TwoDBetSnapshot) => snapshot.context.stake;
/** Every number selected on the grid (tapped, added by a shortcut, typed, or carried back from confirm), sorted. */
export const selectPicked = (snapshot: TwoDBetSnapshot) => picked(snapshot.context.picked, snapshot.context.lines);
/** The bet as it stands: every line with its amount, picked numbers at the stake; sorted by number. */
export const selectLines = (snapshot: TwoDBetSnapshot): TwoDLine[] =>
  lines(snapshot.context.picked, snapshot.context.lines, snapshot.context.stake);
/** The sum of the lines, as an integer string ("1500"). */
export const selectTotal = (snapshot: TwoDBetSnapshot) => String(totalOf(selectLines(snapshot)));
/** Availability per number ('05' → break, staked, remaining, closed); empty until it loads. */
export function selectAvailabilityByNum(snapshot: TwoDBetSnapshot): Record<string, NumberAvailability> {
  const availability = snapshot.context.availability;
  if (!availability) return NONE;
  let map = byNum.get(availability);
  if (!map) byNum.set(availability, (map = Object.fromEntries(availability.numbers.map((n) => [n.num, n]))));
  return map;
}
export const selectAvailability = (snapshot: TwoDBetSnapshot) => snapshot.context.availability;
export const selectAvailabilityLoading = (snapshot: TwoDBetSnapshot) => snapshot.matches({ picking: 'loading' });
export const selectAvailabilityError = (snapshot: TwoDBetSnapshot) => snapshot.context.availabilityError;
/** The draw takes no bets (closed, or a holiday); availability not yet known is not closed. */
export const selectBettingClosed = (snapshot: TwoDBetSnapshot) => !!snapshot.context.availability && snapshot.context.availability.status !== 'open';
export const selectBetError = (snapshot: TwoDBetSnapshot) => snapshot.context.error;
export const selectOverLimit = (snapshot: TwoDBetSnapshot) => snapshot.context.overLimit;
export const selectBetBusy = (snapshot: TwoDBetSnapshot) => snapshot.hasTag('busy');
export const selectEditing = (snapshot: TwoDBetSnapshot) => snapshot.context.editing;
export const selectBetDone = (snapshot: TwoDBetSnapshot) => snapshot.matches('done');
/** The review (/2d/confirm) holds the bet: lines under review, one being edited, or being sent. */
export const selectConfirming = (snapshot: TwoDBetSnapshot) => snapshot.matches('confirming');
/** The Bet button on /2d/bet: at least one number selected (a stake below 100 is refused on press). */
export const selectCanConfirm = (snapshot: TwoDBetSnapshot) => snapshot.matches('picking') && selectPicked(snapshot).length > 0;
/** The submit button on /2d/confirm: lines to send, no edit open, nothing in flight. */
export const selectCanSubmit = (snapshot: TwoDBetSnapshot) =>
  snapshot.matches({ confirming: 'reviewing' }) && snapshot.context.lines.length > 0;
