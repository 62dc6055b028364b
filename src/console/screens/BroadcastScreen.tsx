import { useActorRef } from '@xstate/react';
import { useTranslation } from '../../i18n/react';
import type { Broadcast } from '../../api/admin-broadcast';
import { useView } from '../../app/use-view';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { connectBroadcast, type BroadcastView } from '../../machines/broadcast/broadcast.connect';
import { ConfirmDialog } from '../ConfirmDialog';
import { useConsole, useVisibility } from '../context';
import { BroadcastForm } from './BroadcastForm';
import { BroadcastList } from './BroadcastList';
import './ops.css';
import './broadcast.css';

/** After the preview: what was sent where, and the send (asked first). */
function PreviewedCard({ view, broadcast }: { view: BroadcastView; broadcast: Broadcast }) {
  const { t } = useTranslation();
  return (
    <section className="card kc-pad kc-stack" aria-label={t('admin.broadcastPreviewedTitle')} data-testid="broadcast-previewed">
      <h2 className="kc-h2">{t('admin.broadcastPreviewedTitle')}</h2>
      <p>{t('admin.broadcastPreviewed', { id: broadcast.id })}</p>
      <div className="kc-actions">
        <Button onClick={view.send} busy={view.busy}>
          {t('admin.broadcastSend')}
        </Button>
      </div>
    </section>
  );
}

function Counts({ queued, sent, failed }: { queued: number; sent: number; failed: number }) {
  const { t } = useTranslation();
  const items = [
    ['queued', t('admin.broadcastQueued'), queued],
    ['sent', t('admin.broadcastSent'), sent],
    ['failed', t('admin.broadcastFailed'), failed],
  ] as const;
  return (
    <dl className="kc-bc-counts">
      {items.map(([key, label, n]) => (
        <div key={key}>
          <dt>{label}</dt>
          <dd data-testid={`broadcast-${key}`}>{n}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The send's progress, read live until every message was handed to Telegram; the failures listed. */
function ProgressCard({ view, broadcast }: { view: BroadcastView; broadcast: Broadcast }) {
  const { t } = useTranslation();
  const { total, queued, sent, failed, failures } = broadcast.progress;
  return (
    <section className="card kc-pad kc-stack" aria-label={t('admin.broadcastProgress')} data-testid="broadcast-progress" aria-live="polite">
      <h2 className="kc-h2">{t('admin.broadcastProgress')}</h2>
      {total === 0 ? <p>{t('admin.broadcastNobody')}</p> : <progress className="kc-bc-bar" max={total} value={sent + failed} aria-label={t('admin.broadcastProgress')} />}
      <Counts queued={queued} sent={sent} failed={failed} />
      {view.readError ? <Alert tone="error">{t('admin.broadcastReadFailed')}</Alert> : null}
      {failures.length ? (
        <ul className="kc-plain kc-scroll-list" aria-label={t('admin.broadcastFailures')}>
          {failures.map((f, i) => (
            <li key={`${f.user_id}-${i}`} className="kc-line">
              <span className="kc-mono">{f.user_name ?? '—'}</span>
              <span className="kc-grow kc-small">{f.error ?? f.status}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {view.step === 'done' ? (
        <>
          <p role="status">{t('admin.broadcastDone')}</p>
          <div className="kc-actions">
            <Button variant="outline" onClick={view.startNew}>
              {t('admin.broadcastNew')}
            </Button>
          </div>
        </>
      ) : null}
    </section>
  );
}

/** Telegram broadcasts: write in four languages, preview to your own chat, send, watch it go; the past ones listed under. */
export function BroadcastScreen() {
  const { t } = useTranslation();
  const live = useConsole();
  const actor = useActorRef(live.broadcast);
  const view = useView(actor, connectBroadcast);
  useVisibility(view.setPageHidden);
  const { broadcast, step } = view;
  const sent = step === 'sent' || step === 'done';
  return (
    <div className="kc-page kc-stack">
      <div className="kc-page-head">
        <h1 className="kc-h1">{t('admin.navBroadcasts')}</h1>
        <p className="kc-muted kc-small">{t('admin.broadcastIntro')}</p>
      </div>
      {view.error ? <Alert tone="error">{view.error.message}</Alert> : null}
      {sent ? null : <BroadcastForm view={view} />}
      {broadcast && (step === 'previewed' || step === 'confirming') ? <PreviewedCard view={view} broadcast={broadcast} /> : null}
      {broadcast && sent ? <ProgressCard view={view} broadcast={broadcast} /> : null}
      {/* Read again (a new list) when a broadcast is saved or sent, so it shows at the top. */}
      <BroadcastList key={`${broadcast?.id ?? 0}-${sent}`} />
      {broadcast && step === 'confirming' ? (
        <ConfirmDialog
          title={t('admin.broadcastConfirmTitle')}
          message={broadcast.agent_id === null ? t('admin.broadcastConfirmAll') : t('admin.broadcastConfirmAgent', { agent: broadcast.agent_code ?? broadcast.agent_id })}
          confirm={t('admin.broadcastSend')}
          onConfirm={view.confirm}
          onCancel={view.cancel}
        />
      ) : null}
    </div>
  );
}
