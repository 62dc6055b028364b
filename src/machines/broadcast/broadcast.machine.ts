/**
 * A Telegram broadcast from the console (/admin/broadcasts): the operator writes it, sends a
 * preview to their own chat (the draft is saved with it), then sends it — asked first, it cannot
 * be taken back — and watches its progress, read every `pollInterval` until nothing is queued
 * (paused while the page is hidden). Editing after a preview needs a new preview.
 * Host provides: `previewDraft` (save + preview), `sendBroadcast`, `fetchBroadcast` (progress).
 */
import { assertEvent, assign, setup } from 'xstate';
import type { Broadcast, BroadcastPreviewInput } from '../../api/admin-broadcast';
import { toErrorInfo } from '../shared/error-info';
import { ioActor } from '../shared/placeholders';

export interface BroadcastContext {
  /** The preview asked for (draft and chat), kept for a retry. */
  request: BroadcastPreviewInput | null;
  /** The saved draft once previewed; then the sent broadcast with its progress. */
  broadcast: Broadcast | null;
  error: { message: string; fieldErrors: Record<string, string> } | null;
  /** The last progress read failed (the numbers shown are the previous ones); reading goes on. */
  readError: string | null;
  hidden: boolean;
}

export type BroadcastEvent =
  | { type: 'preview.send'; request: BroadcastPreviewInput }
  | { type: 'draft.edit' }
  | { type: 'broadcast.send' }
  | { type: 'broadcast.confirm' }
  | { type: 'broadcast.cancel' }
  | { type: 'broadcast.new' }
  | { type: 'page.hidden' }
  | { type: 'page.visible' };

/** Nothing of it waits to be handed to Telegram any more. */
const finished = (b: Broadcast) => b.progress.queued === 0;

export const broadcastMachine = setup({
  types: {
    context: {} as BroadcastContext,
    events: {} as BroadcastEvent,
  },
  actors: {
    previewDraft: ioActor<Broadcast, BroadcastPreviewInput>('previewDraft'),
    sendBroadcast: ioActor<Broadcast, { id: number }>('sendBroadcast'),
    fetchBroadcast: ioActor<Broadcast, { id: number }>('fetchBroadcast'),
  },
  delays: {
    pollInterval: 2000,
  },
  guards: {
    isFinished: (_, params: { broadcast: Broadcast }) => finished(params.broadcast),
    isVisible: ({ context }) => !context.hidden,
  },
  actions: {
    takeRequest: assign(({ event }) => {
      assertEvent(event, 'preview.send');
      return { request: event.request, error: null };
    }),
    storeBroadcast: assign((_, params: { broadcast: Broadcast }) => ({ broadcast: params.broadcast, error: null, readError: null })),
    storeError: assign((_, params: { error: unknown }) => {
      const info = toErrorInfo(params.error);
      return { error: { message: info.message, fieldErrors: info.fieldErrors } };
    }),
    storeReadError: assign((_, params: { error: unknown }) => ({ readError: toErrorInfo(params.error).message })),
    forgetDraft: assign({ broadcast: null, error: null }),
    reset: assign({ request: null, broadcast: null, error: null, readError: null }),
    hide: assign({ hidden: true }),
    show: assign({ hidden: false }),
  },
}).createMachine({
  id: 'broadcast',
  context: { request: null, broadcast: null, error: null, readError: null, hidden: false },
  initial: 'editing',
  on: {
    'page.hidden': { actions: 'hide' },
    'page.visible': { actions: 'show' },
  },
  states: {
    editing: {
      on: { 'preview.send': { target: 'previewing', actions: 'takeRequest' } },
    },
    previewing: {
      tags: ['busy'],
      invoke: {
        id: 'previewDraft',
        src: 'previewDraft',
        input: ({ context }) => context.request!,
        onDone: { target: 'previewed', actions: { type: 'storeBroadcast', params: ({ event }) => ({ broadcast: event.output }) } },
        onError: { target: 'editing', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    previewed: {
      on: {
        'broadcast.send': { target: 'confirming' },
        'draft.edit': { target: 'editing', actions: 'forgetDraft' },
        'preview.send': { target: 'previewing', actions: 'takeRequest' },
      },
    },
    confirming: {
      on: {
        'broadcast.confirm': { target: 'sending' },
        'broadcast.cancel': { target: 'previewed' },
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'sendBroadcast',
        src: 'sendBroadcast',
        input: ({ context }) => ({ id: context.broadcast!.id }),
        onDone: { target: 'tracking', actions: { type: 'storeBroadcast', params: ({ event }) => ({ broadcast: event.output }) } },
        onError: { target: 'previewed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    tracking: {
      always: { target: 'done', guard: { type: 'isFinished', params: ({ context }) => ({ broadcast: context.broadcast! }) } },
      after: { pollInterval: { target: 'reading', guard: 'isVisible' } },
      on: { 'page.visible': { target: 'reading', actions: 'show' } },
    },
    reading: {
      invoke: {
        id: 'fetchBroadcast',
        src: 'fetchBroadcast',
        input: ({ context }) => ({ id: context.broadcast!.id }),
        onDone: { target: 'tracking', actions: { type: 'storeBroadcast', params: ({ event }) => ({ broadcast: event.output }) } },
        onError: { target: 'tracking', actions: { type: 'storeReadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    done: {
      on: { 'broadcast.new': { target: 'editing', actions: 'reset' } },
    },
  },
});
