/**
 * The 2D bet's view object (zag's `connect`), for /2d/bet and /2d/confirm: the draw and its
 * availability, the stake and the selection, the lines under review with their edit, the
 * refusals, and the player's intents. Pure: no React, no words.
 */
import type { SnapshotFrom } from 'xstate';
import type { NumberAvailability, TwoDAvailability, TwoDDraft, TwoDLine, TwoDSession } from '../../api/types';
import type { Notice } from '../../lib/notice';
import { intentsPerActor } from '../shared/connect';
import type { LineEdit } from './two-d-draft';
import type { TwoDBetEvent, twoDBetMachine } from './two-d-bet.machine';
import {
  selectAvailability,
  selectAvailabilityByNum,
  selectAvailabilityError,
  selectAvailabilityLoading,
  selectBetBusy,
  selectBetDone,
  selectBetError,
  selectBettingClosed,
  selectCanConfirm,
  selectCanSubmit,
  selectConfirming,
  selectEditing,
  selectLines,
  selectOverLimit,
  selectPicked,
  selectSession,
  selectStake,
  selectTotal,
} from './two-d-bet.selectors';

export interface TwoDBetIntents {
  changeStake: (value: string) => void;
  toggleNumber: (num: string) => void;
  /** A quick pick: its open numbers join the selection. */
  addNumbers: (nums: string[]) => void;
  clearNumbers: () => void;
  /** A typed entry (`12.34=500`); a bad one is refused with its notices. */
  applyEntry: (text: string) => void;
  changeSession: (session: TwoDSession) => void;
  refreshAvailability: () => void;
  /** Bet: to the review (a stake below the minimum is refused). */
  confirmSelection: () => void;
  /** Add more (or Back) from the review: to the grid with the lines kept. */
  addMore: () => void;
  editLine: (num: string) => void;
  changeLineAmount: (value: string) => void;
  saveLine: () => void;
  cancelLine: () => void;
  deleteLine: (num: string) => void;
  submit: () => void;
  /** The review opens from the stored draft (none: the player goes home). */
  loadDraft: (draft: TwoDDraft | null) => void;
}

export interface TwoDBetView extends TwoDBetIntents {
  session: TwoDSession | null;
  stake: string;
  /** Every number selected, sorted. */
  picked: string[];
  /** The bet as it stands, picked numbers at the stake. */
  lines: TwoDLine[];
  /** The sum of the lines ("1500"). */
  total: string;
  availability: TwoDAvailability | null;
  availabilityByNum: Record<string, NumberAvailability>;
  availabilityLoading: boolean;
  availabilityError: string | null;
  /** The draw takes no bets (closed or a holiday); unknown availability is not closed. */
  closed: boolean;
  error: Notice[] | null;
  overLimit: string[];
  /** The bet is being sent. */
  busy: boolean;
  editing: LineEdit | null;
  done: boolean;
  /** The review is open (the player may have come back to the grid with the browser's Back). */
  reviewing: boolean;
  canConfirm: boolean;
  canSubmit: boolean;
}

type TwoDBetSend = (event: TwoDBetEvent) => void;

const intentsOf = intentsPerActor(
  (send: TwoDBetSend): TwoDBetIntents => ({
    changeStake: (value) => send({ type: 'stake.change', value }),
    toggleNumber: (num) => send({ type: 'number.toggle', num }),
    addNumbers: (nums) => send({ type: 'numbers.add', nums }),
    clearNumbers: () => send({ type: 'numbers.clear' }),
    applyEntry: (text) => send({ type: 'entry.apply', text }),
    changeSession: (session) => send({ type: 'session.change', session }),
    refreshAvailability: () => send({ type: 'availability.refresh' }),
    confirmSelection: () => send({ type: 'selection.confirm' }),
    addMore: () => send({ type: 'selection.more' }),
    editLine: (num) => send({ type: 'line.edit', num }),
    changeLineAmount: (value) => send({ type: 'line.amount', value }),
    saveLine: () => send({ type: 'line.save' }),
    cancelLine: () => send({ type: 'line.cancel' }),
    deleteLine: (num) => send({ type: 'line.delete', num }),
    submit: () => send({ type: 'bet.submit' }),
    loadDraft: (draft) => send({ type: 'draft.load', draft }),
  }),
);

export function connectTwoDBet(snapshot: SnapshotFrom<typeof twoDBetMachine>, send: TwoDBetSend): TwoDBetView {
  return {
    session: selectSession(snapshot),
    stake: selectStake(snapshot),
    picked: selectPicked(snapshot),
    lines: selectLines(snapshot),
    total: selectTotal(snapshot),
    availability: selectAvailability(snapshot),
    availabilityByNum: selectAvailabilityByNum(snapshot),
    availabilityLoading: selectAvailabilityLoading(snapshot),
    availabilityError: selectAvailabilityError(snapshot),
    closed: selectBettingClosed(snapshot),
    error: selectBetError(snapshot),
    overLimit: selectOverLimit(snapshot),
    busy: selectBetBusy(snapshot),
    editing: selectEditing(snapshot),
    done: selectBetDone(snapshot),
    reviewing: selectConfirming(snapshot),
    canConfirm: selectCanConfirm(snapshot),
    canSubmit: selectCanSubmit(snapshot),
    ...intentsOf(send),
  };
}
