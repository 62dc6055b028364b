/**
 * The console's list of broadcasts (newest first, ten a page): loading → ready | empty | failed.
 * While a broadcast on the page still has messages waiting, the page is read again every
 * `pollInterval` (paused while the browser page is hidden), rows staying on screen; a failed
 * re-read keeps the rows and says so. Host provides: `fetchPage` (a PageOf<BroadcastSummary>).
 */
import { assign, setup } from 'xstate';
import type { BroadcastSummary } from '../../api/admin-broadcast';
import type { ApiErrorInfo, PageOf } from '../../api/types';
import { toErrorInfo } from '../shared/error-info';
import { ioActor } from '../shared/placeholders';

export interface BroadcastListContext {
  items: BroadcastSummary[];
  page: number;
  lastPage: number;
  total: number;
  error: ApiErrorInfo | null;
  /** The last re-read failed: the counts shown are the previous ones; reading goes on. */
  readError: ApiErrorInfo | null;
  hidden: boolean;
}

export type BroadcastListEvent =
  | { type: 'list.next' }
  | { type: 'list.prev' }
  | { type: 'list.retry' }
  | { type: 'list.refresh' }
  | { type: 'page.hidden' }
  | { type: 'page.visible' };

/** A sent broadcast with messages still waiting to be handed to Telegram. */
export const isSending = (b: BroadcastSummary) => b.status === 'sent' && b.progress.queued > 0;

export const broadcastListMachine = setup({
  types: {
    context: {} as BroadcastListContext,
    events: {} as BroadcastListEvent,
  },
  actors: {
    fetchPage: ioActor<PageOf<BroadcastSummary>, { page: number }>('fetchPage'),
  },
  delays: {
    pollInterval: 2000,
  },
  actions: {
    turnBy: assign(({ context }, params: { by: number }) => ({ page: context.page + params.by })),
    storePage: assign((_, params: { page: PageOf<BroadcastSummary> }) => ({
      items: params.page.items,
      page: params.page.page,
      lastPage: Math.max(params.page.page, params.page.lastPage),
      total: params.page.total,
      error: null,
      readError: null,
    })),
    storeError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    storeReadError: assign((_, params: { error: unknown }) => ({ readError: toErrorInfo(params.error) })),
    hide: assign({ hidden: true }),
    show: assign({ hidden: false }),
  },
  guards: {
    hasNext: ({ context }) => context.page < context.lastPage,
    hasPrev: ({ context }) => context.page > 1,
    isEmpty: (_, params: { page: PageOf<BroadcastSummary> }) => params.page.items.length === 0,
    isLive: ({ context }) => !context.hidden && context.items.some(isSending),
    hasSending: ({ context }) => context.items.some(isSending),
  },
}).createMachine({
  id: 'broadcastList',
  context: { items: [], page: 1, lastPage: 1, total: 0, error: null, readError: null, hidden: false },
  initial: 'loading',
  on: {
    'page.hidden': { actions: 'hide' },
    'page.visible': { actions: 'show' },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({ page: context.page }),
        onDone: [
          { guard: { type: 'isEmpty', params: ({ event }) => ({ page: event.output }) }, target: 'empty', actions: { type: 'storePage', params: ({ event }) => ({ page: event.output }) } },
          { target: 'ready', actions: { type: 'storePage', params: ({ event }) => ({ page: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: {
      after: { pollInterval: { guard: 'isLive', target: 'rereading' } },
      on: {
        'list.next': { guard: 'hasNext', target: 'loading', actions: { type: 'turnBy', params: { by: 1 } } },
        'list.prev': { guard: 'hasPrev', target: 'loading', actions: { type: 'turnBy', params: { by: -1 } } },
        'list.refresh': { target: 'rereading' },
        'page.visible': { guard: 'hasSending', target: 'rereading', actions: 'show' },
      },
    },
    // The same page read again: its rows stay on screen meanwhile.
    rereading: {
      invoke: {
        id: 'rereadPage',
        src: 'fetchPage',
        input: ({ context }) => ({ page: context.page }),
        onDone: [
          { guard: { type: 'isEmpty', params: ({ event }) => ({ page: event.output }) }, target: 'empty', actions: { type: 'storePage', params: ({ event }) => ({ page: event.output }) } },
          { target: 'ready', actions: { type: 'storePage', params: ({ event }) => ({ page: event.output }) } },
        ],
        onError: { target: 'ready', actions: { type: 'storeReadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    empty: {
      on: {
        'list.prev': { guard: 'hasPrev', target: 'loading', actions: { type: 'turnBy', params: { by: -1 } } },
        'list.refresh': { target: 'loading' },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'list.retry': { target: 'loading' } },
    },
  },
});
