import { useActorRef } from '@xstate/react';
import { useTranslation } from '../../i18n/react';
import { isSending, type BroadcastLang, type BroadcastSummary } from '../../api/admin-broadcast';
import { useView } from '../../app/use-view';
import { LoadFailed } from './Loaded';
import { Alert } from '../../components/Alert';
import { Pager } from '../../components/Pager';
import { Spinner } from '../../components/Spinner';
import { connectPagedList } from '../../machines/paged-list/paged-list.connect';
import { isLanguage } from '../../../shared/languages';
import { useConsole, useVisibility } from '../context';
import { useYangonTime } from './ops-shared';

/** The message's first line in the console's language (English if it has none). */
function firstLine(b: BroadcastSummary, lang: string): string {
  const text = b.texts[(isLanguage(lang) ? lang : 'en') as BroadcastLang] || b.texts.en;
  return text.split('\n').find((line) => line.trim())?.trim() ?? '';
}

function Status({ b }: { b: BroadcastSummary }) {
  const { t } = useTranslation();
  const { sent, failed, queued } = b.progress;
  if (b.status === 'draft') return <span className="kc-muted">{t('admin.broadcastStatusDraft')}</span>;
  return (
    <>
      <strong className={isSending(b) ? 'kc-bc-sending' : undefined}>{isSending(b) ? t('admin.broadcastStatusSending') : t('admin.broadcastStatusSent')}</strong>{' '}
      <span className="kc-small kc-nowrap" data-testid="broadcast-row-counts">
        {t('admin.broadcastCounts', { sent, failed, waiting: queued })}
      </span>
    </>
  );
}

function Row({ b }: { b: BroadcastSummary }) {
  const { t, i18n } = useTranslation();
  const time = useYangonTime();
  return (
    <tr data-testid="broadcast-row" data-id={b.id}>
      <td data-label={t('admin.broadcastColWhen')} className="kc-small kc-nowrap">
        {time(b.sent_at ?? b.created_at)}
      </td>
      <td data-label={t('admin.broadcastColBy')}>{b.created_by}</td>
      <td data-label={t('admin.broadcastColAudience')}>{b.agent_id === null ? t('admin.broadcastAudienceAll') : t('admin.broadcastAudienceAgent', { agent: b.agent_code ?? b.agent_id })}</td>
      <td data-label={t('admin.broadcastColMessage')} className="kc-bc-first">
        {firstLine(b, i18n.language)}
      </td>
      <td data-label={t('admin.broadcastColProgress')}>
        <Status b={b} />
      </td>
    </tr>
  );
}

/** The page's broadcasts; read out as they change while one is sending. */
function Table({ rows, live }: { rows: BroadcastSummary[]; live: boolean }) {
  const { t } = useTranslation();
  return (
    <table className="kc-table kc-bc-list" aria-label={t('admin.broadcastHistory')} aria-live={live ? 'polite' : undefined}>
      <thead>
        <tr>
          <th>{t('admin.broadcastColWhen')}</th>
          <th>{t('admin.broadcastColBy')}</th>
          <th>{t('admin.broadcastColAudience')}</th>
          <th>{t('admin.broadcastColMessage')}</th>
          <th>{t('admin.broadcastColProgress')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((b) => (
          <Row key={b.id} b={b} />
        ))}
      </tbody>
    </table>
  );
}

/** Past broadcasts, newest first, ten a page: when, who, to whom, the first line, and how far it got (live while sending). */
export function BroadcastList() {
  const { t } = useTranslation();
  const live = useConsole();
  const actor = useActorRef(live.broadcastList);
  const list = useView(actor, connectPagedList);
  const rows = list.items as BroadcastSummary[];
  useVisibility(list.setPageHidden);
  let body;
  if (list.failed && list.error)
    body = <LoadFailed message={list.error.message} onRetry={list.retry} />;
  else if (list.loading && !rows.length) body = <div className="kc-center"><Spinner size={32} label={t('admin.loading')} /></div>;
  else if (list.empty) body = <p className="kc-empty">{t('admin.broadcastHistoryEmpty')}</p>;
  else
    body = (
      <>
        <p className="kc-muted kc-small">{t('admin.broadcastHistoryCount', { count: list.total })}</p>
        {list.readError ? <Alert tone="error">{t('admin.broadcastHistoryReadFailed')}</Alert> : null}
        <Table rows={rows} live={rows.some(isSending)} />
        <Pager page={list.page} lastPage={list.lastPage} hasPrev={list.hasPrev} hasNext={list.hasNext} busy={list.loading} onPrev={list.prev} onNext={list.next} />
      </>
    );
  return (
    <section className="card kc-pad kc-stack" aria-label={t('admin.broadcastHistory')} data-testid="broadcast-list">
      <h2 className="kc-h2">{t('admin.broadcastHistory')}</h2>
      {body}
    </section>
  );
}
