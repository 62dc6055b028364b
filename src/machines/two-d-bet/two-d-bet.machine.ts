/**
 * The 2D bet, pick → confirm → submit, one actor shared by /2d/bet and /2d/confirm. Picking keeps
 * the session's availability fresh (every `availabilityInterval`); confirming reviews, edits or
 * deletes lines and submits with an Idempotency-Key made at submit and reused on a retry.
 * Host provides: `fetchAvailability`, `submitBet` (POST /twod-bet); `persistDraft`, `clearDraft`
 * (localStorage), `goToConfirm`, `goToBet`, `goToSlip`, `goHome`, `notifySuccess`, `notifyError`,
 * `refreshBalance`. The confirm screen sends `draft.load` with the stored draft when it opens.
 */
import { assign, setup } from 'xstate';
import type { TwoDAvailability, TwoDBetRequest, TwoDDraft, TwoDSession } from '../../api/types';
import { normaliseDigits } from '../../lib/money';
import { BET_NOTICES, BET_PLACED, overLimitNotice } from '../../lib/two-d/messages';
import { isTwoDSession } from '../../lib/two-d/session';
import type { Notice } from '../../lib/notice';
import { toErrorInfo } from '../shared/error-info';
import { confirmKey, keyAfterFailure } from '../shared/money-form';
import { ioActor, mustProvide } from '../shared/placeholders';
import { addable, betFailure, initialBet, draftLines, draftSession, draftToLines, editedAmount, editStarted, editSaved, entryErrors, entryReadable } from './two-d-draft';
import { isOpen, isSelected, overLimitNums, selectedNums, stakeAccepted, toDraft, toggled, withEntry, withLines, type BetFields } from './two-d-draft';
import type { TwoDBetInput } from './two-d-draft';

export type { TwoDBetInput };

export type TwoDBetContext = BetFields;

export type TwoDBetEvent =
  | { type: 'stake.change'; value: string }
  | { type: 'number.toggle'; num: string }
  | { type: 'numbers.add'; nums: string[] }
  | { type: 'numbers.clear' }
  | { type: 'entry.apply'; text: string }
  | { type: 'session.change'; session: TwoDSession }
  | { type: 'availability.refresh' }
  | { type: 'selection.confirm' }
  | { type: 'selection.more' }
  | { type: 'line.edit'; num: string }
  | { type: 'line.amount'; value: string }
  | { type: 'line.save' }
  | { type: 'line.cancel' }
  | { type: 'line.delete'; num: string }
  | { type: 'bet.submit' }
  | { type: 'draft.load'; draft: TwoDDraft | null };

const persist = { type: 'persistDraft', params: ({ context }: { context: BetFields }) => ({ draft: toDraft(context.lines, context.session) }) } as const;
const draftOf = ({ event }: { event: { draft?: TwoDDraft | null } }) => ({ draft: event.draft ?? null });
const storeDraft = { type: 'storeDraft', params: draftOf } as const;
const hasDraft = { type: 'hasDraftLines', params: draftOf } as const;
const notifyFailure = { type: 'notifyError', params: ({ context }: { context: BetFields }) => ({ message: context.error ?? [BET_NOTICES.failed] }) } as const;

export const twoDBetMachine = setup({
  types: {
    input: {} as TwoDBetInput,
    context: {} as TwoDBetContext,
    events: {} as TwoDBetEvent,
  },
  actors: {
    fetchAvailability: ioActor<TwoDAvailability, { session: TwoDSession | null }>('fetchAvailability'),
    submitBet: ioActor<{ message: string }, TwoDBetRequest>('submitBet'),
  },
  actions: {
    storeAvailability: assign(({ context }, { availability }: { availability: TwoDAvailability }) => ({
      availability,
      availabilityError: null,
      session: context.session ?? availability.session,
    })),
    storeAvailabilityFailure: assign((_, params: { error: unknown }) => ({ availabilityError: toErrorInfo(params.error).message })),
    forgetAvailabilityFailure: assign({ availabilityError: null }),
    changeSession: assign((_, params: { session: TwoDSession }) => ({ session: params.session, availability: null, key: null, error: null })),
    changeStake: assign((_, params: { value: string }) => ({ stake: normaliseDigits(params.value), error: null })),
    toggleNumber: assign(({ context }, params: { num: string }) => toggled(context, params.num)),
    addNumbers: assign(({ context }, params: { nums: string[] }) => ({ picked: [...context.picked, ...addable(context, params.nums)], error: null })),
    clearNumbers: assign(({ context }) => ({ picked: [], ...withLines(context, []) })),
    applyEntry: assign(({ context }, params: { text: string }) => withEntry(context, params.text)),
    refuseEntry: assign((_, params: { text: string }) => ({ error: entryErrors(params.text) })),
    confirmSelection: assign(({ context }) => ({ picked: [], ...withLines(context, draftLines(context)) })),
    refuseStake: assign({ error: [BET_NOTICES.minAmount] }),
    storeDraft: assign(({ context }, params: { draft: TwoDDraft | null }) => ({
      picked: [],
      editing: null,
      // The stored selection's own draw, when it names one: it is what the player chose.
      session: draftSession(params.draft) ?? context.session,
      ...withLines(context, draftToLines(params.draft)),
    })),
    forgetLines: assign(({ context }) => ({ picked: [], editing: null, ...withLines(context, []) })),
    startEdit: assign(({ context }, params: { num: string }) => editStarted(context, params.num)),
    changeEdit: assign(({ context }, params: { value: string }) => ({ editing: context.editing && { ...context.editing, value: normaliseDigits(params.value) }, error: null })),
    saveEdit: assign(({ context }) => editSaved(context)),
    refuseEdit: assign({ error: [BET_NOTICES.minAmount] }),
    stopEdit: assign({ editing: null, error: null }),
    deleteLine: assign(({ context }, params: { num: string }) => withLines(context, context.lines.filter((l) => l.num !== params.num))),
    leaveConfirm: assign({ editing: null, error: null }),
    confirmSubmit: assign(({ context }) => ({ error: null, overLimit: [], ...confirmKey(context) })),
    settle: assign({ picked: [], lines: [], error: null, overLimit: [], key: null }),
    storeOverLimit: assign((_, params: { nums: string[] }) => ({ error: [overLimitNotice(params.nums)], overLimit: params.nums, key: null })),
    storeFailure: assign(({ context }, params: { error: unknown }) => ({ error: betFailure(params.error), ...keyAfterFailure(context, toErrorInfo(params.error)) })),
    persistDraft: (_, _params: { draft: TwoDDraft }) => mustProvide('persistDraft'),
    clearDraft: () => mustProvide('clearDraft'),
    goToConfirm: () => mustProvide('goToConfirm'),
    goToBet: (_, _params: { session: TwoDSession | null }) => mustProvide('goToBet'),
    goToSlip: (_, _params: { session: TwoDSession | null }) => mustProvide('goToSlip'),
    goHome: () => mustProvide('goHome'),
    notifySuccess: (_, _params: { message: string }) => mustProvide('notifySuccess'),
    notifyError: (_, _params: { message: readonly Notice[] }) => mustProvide('notifyError'),
    refreshBalance: () => mustProvide('refreshBalance'),
  },
  guards: {
    // The grid's cells and the typed entry are on screen only once the grid has loaded; the quick
    // picks from the start (numbers not yet known to be full are open: the server checks again).
    canToggle: ({ context }, params: { num: string }) => context.availability !== null && (isSelected(context, params.num) || isOpen(context.availability, params.num)),
    canAdd: ({ context }, params: { nums: string[] }) => addable(context, params.nums).length > 0,
    hasSelection: ({ context }) => selectedNums(context).length > 0,
    entryReadable: ({ context }, params: { text: string }) => context.availability !== null && entryReadable(params.text),
    entryHasErrors: ({ context }, params: { text: string }) => context.availability !== null && entryErrors(params.text).length > 0,
    isOtherSession: ({ context }, params: { session: unknown }) => isTwoDSession(params.session) && params.session !== context.session,
    stakeAccepted: ({ context }) => selectedNums(context).length > 0 && stakeAccepted(context),
    hasDraftLines: (_, params: { draft: TwoDDraft | null }) => draftToLines(params.draft).length > 0,
    hasLine: ({ context }, params: { num: string }) => context.lines.some((l) => l.num === params.num),
    hasLines: ({ context }) => context.lines.length > 0,
    editValid: ({ context }) => editedAmount(context.editing) !== null,
    isOverLimit: (_, params: { error: unknown }) => overLimitNums(params.error) !== null,
  },
  delays: {
    availabilityInterval: 15_000,
  },
}).createMachine({
  id: 'twoDBet',
  context: ({ input }) => initialBet(input),
  initial: 'picking',
  states: {
    picking: {
      initial: 'loading',
      on: {
        'stake.change': { actions: { type: 'changeStake', params: ({ event }) => ({ value: event.value }) } },
        'number.toggle': {
          guard: { type: 'canToggle', params: ({ event }) => ({ num: event.num }) },
          actions: { type: 'toggleNumber', params: ({ event }) => ({ num: event.num }) },
        },
        'numbers.add': {
          guard: { type: 'canAdd', params: ({ event }) => ({ nums: event.nums }) },
          actions: { type: 'addNumbers', params: ({ event }) => ({ nums: event.nums }) },
        },
        'numbers.clear': { guard: 'hasSelection', actions: 'clearNumbers' },
        'entry.apply': [
          { guard: { type: 'entryReadable', params: ({ event }) => ({ text: event.text }) }, actions: { type: 'applyEntry', params: ({ event }) => ({ text: event.text }) } },
          { guard: { type: 'entryHasErrors', params: ({ event }) => ({ text: event.text }) }, actions: { type: 'refuseEntry', params: ({ event }) => ({ text: event.text }) } },
        ],
        'session.change': {
          guard: { type: 'isOtherSession', params: ({ event }) => ({ session: event.session }) },
          target: '.loading',
          reenter: true,
          actions: { type: 'changeSession', params: ({ event }) => ({ session: event.session }) },
        },
        'selection.confirm': [
          { guard: 'stakeAccepted', target: 'confirming', actions: ['confirmSelection', persist, 'goToConfirm'] },
          { guard: 'hasSelection', actions: 'refuseStake' },
        ],
        'draft.load': [{ guard: hasDraft, target: 'confirming', actions: storeDraft }, { actions: 'goHome' }],
      },
      states: {
        loading: {
          // Asking again: the last failure is no longer what the player sees (the grid's skeleton is).
          entry: 'forgetAvailabilityFailure',
          invoke: {
            id: 'fetchAvailability',
            src: 'fetchAvailability',
            input: ({ context }) => ({ session: context.session }),
            onDone: { target: 'ready', actions: { type: 'storeAvailability', params: ({ event }) => ({ availability: event.output }) } },
            onError: { target: 'failed', actions: { type: 'storeAvailabilityFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        ready: {
          after: { availabilityInterval: { target: 'loading' } },
        },
        failed: {
          tags: ['error'],
          after: { availabilityInterval: { target: 'loading' } },
          on: { 'availability.refresh': { target: 'loading' } },
        },
      },
    },
    confirming: {
      initial: 'reviewing',
      states: {
        reviewing: {
          on: {
            'line.edit': {
              guard: { type: 'hasLine', params: ({ event }) => ({ num: event.num }) },
              target: 'editing',
              actions: { type: 'startEdit', params: ({ event }) => ({ num: event.num }) },
            },
            'line.delete': {
              guard: { type: 'hasLine', params: ({ event }) => ({ num: event.num }) },
              actions: [{ type: 'deleteLine', params: ({ event }) => ({ num: event.num }) }, persist],
            },
            'selection.more': {
              target: '#twoDBet.picking',
              actions: ['leaveConfirm', { type: 'goToBet', params: ({ context }) => ({ session: context.session }) }],
            },
            'bet.submit': { guard: 'hasLines', target: 'submitting', actions: 'confirmSubmit' },
            'draft.load': [{ guard: hasDraft, actions: storeDraft }, { target: '#twoDBet.picking', actions: ['forgetLines', 'goHome'] }],
          },
        },
        editing: {
          on: {
            'line.amount': { actions: { type: 'changeEdit', params: ({ event }) => ({ value: event.value }) } },
            'line.save': [{ guard: 'editValid', target: 'reviewing', actions: ['saveEdit', persist] }, { actions: 'refuseEdit' }],
            'line.cancel': { target: 'reviewing', actions: 'stopEdit' },
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            id: 'submitBet',
            src: 'submitBet',
            input: ({ context }) => ({ ...toDraft(context.lines), session: context.session, key: context.key ?? '' }),
            onDone: {
              target: '#twoDBet.done',
              actions: [
                'settle',
                'clearDraft',
                { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message || BET_PLACED }) },
                'refreshBalance',
                { type: 'goToSlip', params: ({ context }) => ({ session: context.session }) },
              ],
            },
            onError: [
              {
                guard: { type: 'isOverLimit', params: ({ event }) => ({ error: event.error }) },
                target: 'reviewing',
                actions: [{ type: 'storeOverLimit', params: ({ event }) => ({ nums: overLimitNums(event.error) ?? [] }) }, notifyFailure],
              },
              { target: 'reviewing', actions: [{ type: 'storeFailure', params: ({ event }) => ({ error: event.error }) }, notifyFailure] },
            ],
          },
        },
      },
    },
    done: {
      on: {
        'draft.load': [{ guard: hasDraft, target: 'confirming', actions: storeDraft }, { actions: 'goHome' }],
      },
    },
  },
});
