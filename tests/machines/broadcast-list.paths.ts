/** Path model of broadcastListMachine: the console's past broadcasts, paged, read live while one is sending. */
import type { SnapshotFrom } from 'xstate';
import type { BroadcastSummary } from '../../src/api/admin-broadcast';
import type { PageOf } from '../../src/api/types';
import { broadcastListMachine } from '../../src/machines/broadcast-list/broadcast-list.machine';
import { after, apiError, definePathModel, done, failed, type PhrasedEvent } from '../support/paths';
import { networkDown } from './money-fixtures';

type BroadcastListSnapshot = SnapshotFrom<typeof broadcastListMachine>;

const counts = (queued: number, sent: number, failed: number) => ({ total: queued + sent + failed, queued, sent, failed });
const row = (id: number, over: Partial<BroadcastSummary> = {}): BroadcastSummary => ({
  id,
  texts: { en: `Offer ${id}`, mm: `ကမ်းလှမ်းချက် ${id}`, zh: `优惠 ${id}`, th: `ข้อเสนอ ${id}` },
  image: null,
  button: null,
  agent_code: null,
  agent_id: null,
  status: 'sent',
  queued: 3,
  created_by: 'nandar',
  created_at: '2026-11-29T09:00:00.000Z',
  previewed_at: '2026-11-29T09:00:01.000Z',
  sent_at: '2026-11-29T09:01:00.000Z',
  progress: counts(0, 2, 1),
  ...over,
});
const pageOf = (page: number, items: BroadcastSummary[]): PageOf<BroadcastSummary> => ({ items, page, lastPage: 2, total: 12 });
/** Page 1 with the newest broadcast still sending; then the same page with it all handed over; page 2 all done. */
export const sendingPage = pageOf(1, [row(12, { progress: counts(2, 1, 0) }), row(11)]);
export const settledPage = pageOf(1, [row(12, { progress: counts(0, 2, 1) }), row(11)]);
export const olderPage = pageOf(2, [row(2), row(1, { status: 'draft', sent_at: null, queued: null, progress: counts(0, 0, 0) })]);

function events(snapshot: BroadcastListSnapshot): PhrasedEvent[] {
  const { page, hidden } = snapshot.context;
  const visibility: PhrasedEvent[] = hidden ? [['the page shows again', { type: 'page.visible' }]] : [['the page is hidden', { type: 'page.hidden' }]];
  if (snapshot.matches('loading') || snapshot.matches('rereading')) {
    const src = snapshot.matches('loading') ? 'fetchPage' : 'rereadPage';
    const answers: PhrasedEvent[] =
      page === 1
        ? [
            [`the server returns page 1, #12 still sending`, done(src, sendingPage)],
            [`the server returns page 1, everything handed over`, done(src, settledPage)],
          ]
        : [[`the server returns page 2`, done(src, olderPage)]];
    return [
      ...answers,
      [`the server returns page ${page} with no rows`, done(src, { items: [], page, lastPage: page, total: 0 })],
      ['the network fails', failed(src, networkDown)],
      ['the server fails (500)', failed(src, apiError(500, 'Something Went Wrong!'))],
    ];
  }
  if (snapshot.matches('failed')) return [['they retry', { type: 'list.retry' }]];
  const turning: PhrasedEvent[] = [
    ['they go to the next page', { type: 'list.next' }],
    ['they go to the previous page', { type: 'list.prev' }],
    ['they refresh', { type: 'list.refresh' }],
  ];
  if (snapshot.matches('ready')) return [['2 seconds pass', after('pollInterval', 'broadcastList.ready')], ...turning, ...visibility];
  return [...turning, ...visibility];
}

function describeState(snapshot: BroadcastListSnapshot): string {
  const { page, lastPage, items, error, readError, hidden } = snapshot.context;
  const sending = items.filter((b) => b.status === 'sent' && b.progress.queued > 0).map((b) => `#${b.id}`);
  const where = snapshot.matches('loading')
    ? `page ${page} is loading`
    : snapshot.matches('failed')
      ? `loading page ${page} failed, "${error?.message}" with a retry button`
      : snapshot.matches('empty')
        ? `page ${page} shows the empty text`
        : `page ${page} of ${lastPage}: ${items.length} broadcasts${sending.length ? `, ${sending.join(', ')} sending` : ''}${snapshot.matches('rereading') ? ' (reading again)' : ''}`;
  return `${where}${readError ? '; the last re-read failed' : ''}${hidden ? ' (page hidden)' : ''}`;
}

export const broadcastListPaths = definePathModel({
  name: 'broadcast-list',
  title: 'The console\'s past broadcasts (/admin/broadcasts list)',
  source: 'src/machines/broadcast-list/broadcast-list.machine.ts',
  machine: broadcastListMachine,
  starts: [{ name: 'the broadcasts page', input: undefined, maxSteps: 6 }],
  events,
  describeState,
});
