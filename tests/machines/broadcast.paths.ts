/** Path model of broadcastMachine: write, preview to one's own chat, send (asked first), watch the progress. */
import type { SnapshotFrom } from 'xstate';
import type { Broadcast, BroadcastPreviewInput } from '../../src/api/admin-broadcast';
import { broadcastMachine } from '../../src/machines/broadcast/broadcast.machine';
import { after, apiError, definePathModel, done, failed, type PhrasedEvent } from '../support/paths';
import { networkDown } from './money-fixtures';

type BroadcastSnapshot = SnapshotFrom<typeof broadcastMachine>;

export const request: BroadcastPreviewInput = {
  draft: { text_en: 'Weekend bonus', text_mm: 'စနေ ဘောနပ်စ်', text_zh: '周末奖金', text_th: 'โบนัสสุดสัปดาห์' },
  file: null,
  chatId: '123456789',
};
const progress = (queued: number, sent: number, failed: number) => ({ total: queued + sent + failed, queued, sent, failed, failures: [] });
const base: Broadcast = {
  id: 5,
  texts: { en: 'Weekend bonus', mm: 'စနေ ဘောနပ်စ်', zh: '周末奖金', th: 'โบนัสสุดสัปดาห์' },
  image: null,
  button: null,
  agent_code: null,
  agent_id: null,
  status: 'draft',
  queued: null,
  created_by: 'op_content',
  created_at: '2026-11-29T09:00:00.000Z',
  previewed_at: '2026-11-29T09:00:01.000Z',
  sent_at: null,
  progress: progress(0, 0, 0),
};
export const previewed = base;
export const sentNow: Broadcast = { ...base, status: 'sent', queued: 3, sent_at: '2026-11-29T09:01:00.000Z', progress: progress(3, 0, 0) };
export const halfway: Broadcast = { ...sentNow, progress: progress(1, 1, 1) };
export const allOut: Broadcast = { ...sentNow, progress: progress(0, 2, 1) };
export const missingBurmese = apiError(422, 'The Burmese message field is required.', { text_mm: 'The Burmese message field is required.' });
export const notPreviewed = apiError(400, 'Send yourself a preview first, then send the broadcast.');

function events(snapshot: BroadcastSnapshot): PhrasedEvent[] {
  const visibility: PhrasedEvent[] = snapshot.context.hidden ? [['the page shows again', { type: 'page.visible' }]] : [['the page is hidden', { type: 'page.hidden' }]];
  if (snapshot.matches('previewing')) {
    return [
      ['the draft is saved and its preview queued', done('previewDraft', previewed)],
      ['the server refuses it: no Burmese text (422)', failed('previewDraft', missingBurmese)],
      ['the network fails', failed('previewDraft', networkDown)],
    ];
  }
  if (snapshot.matches('previewed')) {
    return [
      ['they press "Send to players"', { type: 'broadcast.send' }],
      ['they change the form', { type: 'draft.edit' }],
      ['they ask for another preview', { type: 'preview.send', request }],
    ];
  }
  if (snapshot.matches('confirming')) {
    return [
      ['they confirm the send', { type: 'broadcast.confirm' }],
      ['they cancel', { type: 'broadcast.cancel' }],
    ];
  }
  if (snapshot.matches('sending')) {
    return [
      ['the server queues it for 3 players', done('sendBroadcast', sentNow)],
      ['the server refuses: not previewed (400)', failed('sendBroadcast', notPreviewed)],
      ['the network fails', failed('sendBroadcast', networkDown)],
    ];
  }
  if (snapshot.matches('tracking')) return [['2 seconds pass', after('pollInterval', 'broadcast.tracking')], ...visibility];
  if (snapshot.matches('reading')) {
    return [
      ['the read shows 1 sent, 1 failed, 1 waiting', done('fetchBroadcast', halfway)],
      ['the read shows everything handed over', done('fetchBroadcast', allOut)],
      ['the read fails (network)', failed('fetchBroadcast', networkDown)],
      ...visibility,
    ];
  }
  if (snapshot.matches('done')) return [['they press "Write another"', { type: 'broadcast.new' }]];
  return [['they fill the form and press "Send me a preview"', { type: 'preview.send', request }], ...visibility];
}

function describeState(snapshot: BroadcastSnapshot): string {
  const { broadcast, error, readError, hidden } = snapshot.context;
  const p = broadcast?.progress;
  const counts = p ? ` (${p.queued} waiting, ${p.sent} sent, ${p.failed} failed)` : '';
  const where = snapshot.matches('previewing')
    ? 'saving the draft and queueing its preview'
    : snapshot.matches('previewed')
      ? `broadcast #${broadcast?.id} previewed, "Send to players" offered`
      : snapshot.matches('confirming')
        ? 'the "Send this broadcast?" dialog is open'
        : snapshot.matches('sending')
          ? 'the send is on its way'
          : snapshot.matches('tracking') || snapshot.matches('reading')
            ? `progress shown${counts}`
            : snapshot.matches('done')
              ? `every message handed to Telegram${counts}`
              : 'the form';
  return `${where}${error ? `; "${error.message}"` : ''}${readError ? `; the last read failed` : ''}${hidden ? ' (page hidden)' : ''}`;
}

export const broadcastPaths = definePathModel({
  name: 'broadcast',
  title: 'A Telegram broadcast from the console (/admin/broadcasts)',
  source: 'src/machines/broadcast/broadcast.machine.ts',
  machine: broadcastMachine,
  starts: [{ name: 'the broadcasts page', input: undefined, maxSteps: 8 }],
  events,
  describeState,
});
