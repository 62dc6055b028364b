/**
 * Path model of pagedListMachine: a three-page log, paging within bounds, failures and retries;
 * and the console's past broadcasts, whose page is read again every 2 seconds while a broadcast
 * on it is still sending and the browser page shows.
 */
import type { SnapshotFrom } from 'xstate';
import { isSending, type BroadcastSummary } from '../../src/api/admin-broadcast';
import type { PageOf } from '../../src/api/types';
import { pagedListMachine } from '../../src/machines/paged-list/paged-list.machine';
import { after, apiError, definePathModel, done, failed, type PhrasedEvent } from '../support/paths';
import { logPage, networkDown } from './money-fixtures';

/**
 * The guard as the console provides it for its broadcasts (src/console/live.ts); a log's rows
 * are no broadcasts, so a log is never read again (as with the default guard).
 */
const machine = pagedListMachine.provide({
  guards: { hasLiveRows: ({ context }) => context.items.some((row) => typeof row === 'object' && row !== null && 'progress' in row && isSending(row as BroadcastSummary)) },
});

type PagedListSnapshot = SnapshotFrom<typeof machine>;

const counts = (queued: number, sent: number, failed: number) => ({ total: queued + sent + failed, queued, sent, failed });
const broadcast = (id: number, progress: BroadcastSummary['progress']): BroadcastSummary => ({
  id,
  texts: { en: `Offer ${id}`, mm: `ကမ်းလှမ်းချက် ${id}`, zh: `优惠 ${id}`, th: `ข้อเสนอ ${id}` },
  image: null,
  button: null,
  agent_code: null,
  agent_id: null,
  status: 'sent',
  queued: progress.total,
  created_by: 'nandar',
  created_at: '2026-11-29T09:00:00.000Z',
  previewed_at: '2026-11-29T09:00:01.000Z',
  sent_at: '2026-11-29T09:01:00.000Z',
  progress,
});
/** The broadcasts' page: #12 with 2 messages still waiting, or all of them handed to Telegram. */
export const sendingPage = (page: number): PageOf<BroadcastSummary> => ({ items: [broadcast(12, counts(2, 1, 0)), broadcast(11, counts(0, 2, 1))], page, lastPage: 3, total: 6 });
export const sentPage = (page: number): PageOf<BroadcastSummary> => ({ items: [broadcast(12, counts(0, 3, 0)), broadcast(11, counts(0, 2, 1))], page, lastPage: 3, total: 6 });

const sendingIds = (items: unknown[]) =>
  items.filter((row) => (row as Partial<BroadcastSummary>).progress?.queued).map((row) => `#${(row as BroadcastSummary).id}`);

function answers(src: 'fetchPage' | 'rereadPage', page: number): PhrasedEvent[] {
  const again = src === 'rereadPage' ? ' again' : '';
  const log: PhrasedEvent[] =
    src === 'fetchPage' ? [[`the server returns page ${page} of 3`, done(src, logPage(page))]] : [];
  // The broadcasts: their first two pages come with one still sending; read again, it is still sending or done.
  const broadcasts: PhrasedEvent[] =
    src === 'fetchPage' && page > 2
      ? []
      : [
          [`the server returns page ${page} of the broadcasts${again}, #12 still sending`, done(src, sendingPage(page))],
          ...(src === 'rereadPage' ? [[`the server returns page ${page} of the broadcasts again, #12 all sent`, done(src, sentPage(page))] as const] : []),
        ];
  return [
    // The page number is in the phrase: each page answered is its own node, so paging is explored.
    ...log,
    ...broadcasts,
    [`the server returns page ${page}${again} with no rows`, done(src, { items: [], page, lastPage: page, total: 0 })],
    [`the network fails${src === 'rereadPage' ? ' while it is read again' : ''}`, failed(src, networkDown)],
    [`the server fails (500)${src === 'rereadPage' ? ' while it is read again' : ''}`, failed(src, apiError(500, 'Something Went Wrong!'))],
  ];
}

function events(snapshot: PagedListSnapshot): PhrasedEvent[] {
  const { page, items, hidden } = snapshot.context;
  if (snapshot.matches('loading')) return answers('fetchPage', page);
  // Hiding matters only to a list read live; it is offered where one is shown.
  const visibility: PhrasedEvent[] = hidden
    ? [['the browser page shows again', { type: 'page.visible' }]]
    : sendingIds(items).length
      ? [['the browser page is hidden (another tab)', { type: 'page.hidden' }]]
      : [];
  const intents: PhrasedEvent[] = [
    ['they go to the next page', { type: 'list.next' }],
    ['they go to the previous page', { type: 'list.prev' }],
    ['they jump to page 3', { type: 'list.goto', page: 3 }],
    ['they jump to page 1', { type: 'list.goto', page: 1 }],
    ['they jump to page 9, past the end', { type: 'list.goto', page: 9 }],
    ['they refresh', { type: 'list.refresh' }],
    ['they retry', { type: 'list.retry' }],
  ];
  if (snapshot.matches('rereading')) return [...answers('rereadPage', page), ...intents, ...visibility];
  const timer: PhrasedEvent[] = snapshot.matches('ready') ? [['2 seconds pass', after('pollInterval', 'pagedList.ready')]] : [];
  return [...intents, ...timer, ...visibility];
}

function describeState(snapshot: PagedListSnapshot): string {
  const { page, lastPage, items, error, readError, hidden } = snapshot.context;
  if (snapshot.matches('loading')) return `page ${page} is loading (spinner)`;
  if (snapshot.matches('failed')) return `loading page ${page} failed, showing "${error?.message}" with a retry button`;
  const sending = sendingIds(items);
  const where = snapshot.matches('empty')
    ? `page ${page} shows the empty text`
    : `page ${page} of ${lastPage} shows ${items.length} rows${sending.length ? `, ${sending.join(', ')} “Sending…”` : ''}${snapshot.matches('rereading') ? ', the same rows while the page is read again' : ''}`;
  const failedRead = readError ? '; above them “The latest counts could not be read; trying again.”' : '';
  return `${where}${failedRead}${hidden ? ' (browser page hidden: not read again)' : ''}`;
}

export const pagedListPaths = definePathModel({
  name: 'paged-list',
  title: 'Paginated lists (exchange log, transactions, request logs, the console\'s past broadcasts read live while one is sending)',
  source: 'src/machines/paged-list/paged-list.machine.ts',
  machine,
  starts: [
    { name: 'a log opened at page 1', input: { page: 1 } },
    // A link to a later page (?page=2) starts there; two steps show it, three going back from a re-read.
    { name: 'a log opened at page 2', input: { page: 2 }, maxSteps: 3 },
  ],
  events,
  describeState,
});
