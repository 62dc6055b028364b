/**
 * A list loaded page by page (exchange log, transactions, deposit and withdraw request logs) or
 * all at once (deposit and withdraw logs: one page). loading → ready | empty | failed.
 * Host provides: `fetchPage` (resolves a PageOf; the server's page and last page are kept).
 * Paging stays within 1..lastPage; items stay on screen while the next page loads.
 * A list whose host provides `hasLiveRows` (the console's broadcasts: one still sending) reads the
 * same page again every `pollInterval` while the browser page shows (`rereading`: rows stay, a
 * failed re-read keeps them and sets `readError`); by default no list is read again.
 */
import { and, assign, setup } from 'xstate';
import type { ApiErrorInfo, PageOf } from '../../api/types';
import { toErrorInfo } from '../shared/error-info';
import { ioActor } from '../shared/placeholders';

/** Optional (`void`, see KeyInput): a list opens at page 1 unless told otherwise. */
export type PagedListInput = { page?: number } | void;

export interface PagedListContext {
  items: unknown[];
  page: number;
  lastPage: number;
  total: number;
  error: ApiErrorInfo | null;
  /** The last re-read failed: the rows shown are the previous ones; reading goes on. */
  readError: ApiErrorInfo | null;
  hidden: boolean;
}

export type PagedListEvent =
  | { type: 'list.goto'; page: number }
  | { type: 'list.next' }
  | { type: 'list.prev' }
  | { type: 'list.retry' }
  | { type: 'list.refresh' }
  | { type: 'page.hidden' }
  | { type: 'page.visible' };

const firstPage = (page: number | undefined) => (page !== undefined && Number.isSafeInteger(page) && page > 1 ? page : 1);

/** Back and jumps work from a page with rows and from an empty later page alike. */
const turning = {
  'list.goto': {
    guard: { type: 'isOtherPage', params: ({ event }: { event: { page: number } }) => ({ page: event.page }) },
    target: 'loading',
    actions: { type: 'turnTo', params: ({ event }: { event: { page: number } }) => ({ page: event.page }) },
  },
  'list.prev': { guard: 'hasPrev', target: 'loading', actions: { type: 'turnBy', params: { by: -1 } } },
  'list.refresh': { target: 'loading' },
} as const;

/** Paging from a page with rows (also while it is read again: the re-read is dropped). */
const paging = {
  ...turning,
  'list.next': { guard: 'hasNext', target: 'loading', actions: { type: 'turnBy', params: { by: 1 } } },
} as const;

const storeServed = { type: 'storePage', params: ({ event }: { event: { output: PageOf<unknown> } }) => ({ page: event.output }) } as const;
const emptyServed = { guard: { type: 'isEmpty', params: ({ event }: { event: { output: PageOf<unknown> } }) => ({ page: event.output }) }, target: 'empty', actions: storeServed } as const;

export const pagedListMachine = setup({
  types: {
    input: {} as PagedListInput,
    context: {} as PagedListContext,
    events: {} as PagedListEvent,
  },
  actors: {
    fetchPage: ioActor<PageOf<unknown>, { page: number }>('fetchPage'),
  },
  delays: {
    pollInterval: 2000,
  },
  actions: {
    turnTo: assign((_, params: { page: number }) => ({ page: params.page })),
    turnBy: assign(({ context }, params: { by: number }) => ({ page: context.page + params.by })),
    storePage: assign((_, params: { page: PageOf<unknown> }) => ({
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
    isOtherPage: ({ context }, params: { page: number }) =>
      Number.isSafeInteger(params.page) && params.page >= 1 && params.page <= context.lastPage && params.page !== context.page,
    hasNext: ({ context }) => context.page < context.lastPage,
    hasPrev: ({ context }) => context.page > 1,
    isEmpty: (_, params: { page: PageOf<unknown> }) => params.page.items.length === 0,
    /** Rows the host wants read again while they show (none by default). */
    hasLiveRows: () => false,
    isVisible: ({ context }) => !context.hidden,
    isLive: and(['isVisible', 'hasLiveRows']),
  },
}).createMachine({
  id: 'pagedList',
  context: ({ input }) => {
    const page = firstPage((input || {}).page);
    return { items: [], page, lastPage: page, total: 0, error: null, readError: null, hidden: false };
  },
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
        onDone: [emptyServed, { target: 'ready', actions: storeServed }],
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: {
      after: { pollInterval: { guard: 'isLive', target: 'rereading' } },
      // Back on a page whose rows were not read while hidden: read them now.
      on: { ...paging, 'page.visible': { guard: 'hasLiveRows', target: 'rereading', actions: 'show' } },
    },
    // The same page read again: its rows stay on screen meanwhile.
    rereading: {
      invoke: {
        id: 'rereadPage',
        src: 'fetchPage',
        input: ({ context }) => ({ page: context.page }),
        onDone: [emptyServed, { target: 'ready', actions: storeServed }],
        onError: { target: 'ready', actions: { type: 'storeReadError', params: ({ event }) => ({ error: event.error }) } },
      },
      on: paging,
    },
    // A later page can come back empty (rows gone since); going on from there makes no sense.
    empty: { on: turning },
    failed: {
      tags: ['error'],
      on: { 'list.retry': { target: 'loading' } },
    },
  },
});
