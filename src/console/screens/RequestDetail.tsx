import { useActorRef } from '@xstate/react';
import { useTranslation } from '../../i18n/react';
import type { LedgerRow, QueueItem, QueueKind } from '../../api/admin';
import { useView } from '../../app/use-view';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Money } from '../../components/Money';
import { Spinner } from '../../components/Spinner';
import type { CashierQueueView } from '../../machines/cashier-queue/cashier-queue.connect';
import type { QueueOutcome } from '../../machines/cashier-queue/cashier-queue.machine';
import { connectResource } from '../../machines/resource/resource.connect';
import { useConsole } from '../context';
import { useReceipt } from '../receipt';
import { Loaded } from './Loaded';
import { useYangonTime } from './ops-shared';
import { RecentLedger } from './PlayerActivity';

/** What just happened to a request: decided here, by another cashier, or refused. */
export function OutcomeNote({ outcome }: { outcome: QueueOutcome | null }) {
  const { t } = useTranslation();
  if (!outcome) return <div role="status" aria-live="polite" />;
  const text =
    outcome.what === 'approved'
      ? t('admin.decidedApproved', { id: outcome.id })
      : outcome.what === 'firstApproval'
        ? t('admin.decidedFirstApproval', { id: outcome.id })
      : outcome.what === 'rejected'
        ? t('admin.decidedRejected', { id: outcome.id })
        : outcome.what === 'decidedElsewhere'
          ? outcome.status
            ? t('admin.decidedElsewhereAs', { id: outcome.id, status: outcome.status === 'approved' ? t('admin.statusApproved') : t('admin.statusRejected') })
            : t('admin.decidedElsewhere', { id: outcome.id })
          : outcome.what === 'failed'
            ? outcome.message
            : '';
  return (
    <div role="status" aria-live="polite" className={`kc-outcome ${outcome.what === 'failed' ? 'kc-bad' : outcome.what === 'decidedElsewhere' ? 'kc-warn' : 'kc-good'}`}>
      {text}
    </div>
  );
}

function Receipt({ item }: { item: QueueItem }) {
  const { t } = useTranslation();
  const receipt = useReceipt(item.id, !!item.has_receipt);
  if (receipt.state === 'none') return <p className="kc-receipt kc-empty">{t('admin.noReceipt')}</p>;
  if (receipt.state === 'failed') return <p className="kc-receipt kc-empty">{t('admin.receiptFailed')}</p>;
  if (receipt.state === 'loading')
    return (
      <div className="kc-receipt kc-center">
        <Spinner size={28} label={t('admin.receiptLoading')} />
      </div>
    );
  return (
    <a className="kc-receipt" href={receipt.url} target="_blank" rel="noreferrer">
      <img src={receipt.url} alt={t('admin.receiptOf', { id: item.id })} />
    </a>
  );
}

/** The request's player: their last ledger rows, so the cashier sees what they did before asking. */
function PlayerHistory({ playerId }: { playerId: number }) {
  const { admin, resource } = useConsole();
  const actor = useActorRef(resource(() => admin.recentLedger(playerId)));
  const history = useView(actor, connectResource<LedgerRow[]>);
  return (
    <Loaded view={history}>
      <RecentLedger rows={history.data ?? []} />
    </Loaded>
  );
}

function Facts({ item, kind }: { item: QueueItem; kind: QueueKind }) {
  const { t } = useTranslation();
  const time = useYangonTime();
  const account = [item.payment_type, item.account_name, item.account_number].filter(Boolean).join(' · ');
  return (
    <dl className="kc-facts">
      <dt>{kind === 'deposits' ? t('admin.amount') : t('admin.heldAmount')}</dt>
      <dd className="kc-big">
        <Money value={item.amount} />
      </dd>
      <dt>{t('admin.player')}</dt>
      <dd>
        {item.user.user_name}
        {item.user.name ? ` (${item.user.name})` : ''}
      </dd>
      <dt>{kind === 'deposits' ? t('admin.agentAccount') : t('admin.payoutAccount')}</dt>
      <dd>{account || '—'}</dd>
      {kind === 'deposits' ? (
        <>
          <dt>{t('admin.reference')}</dt>
          <dd className="kc-mono">{item.refrence_no || '—'}</dd>
        </>
      ) : null}
      <dt>{t('admin.requestedAt')}</dt>
      <dd>{time(item.datetime)}</dd>
    </dl>
  );
}

/** R opened it: the reason (required) and Reject, or Cancel. */
function RejectForm({ queue }: { queue: CashierQueueView }) {
  const { t } = useTranslation();
  return (
    <form
      className="kc-stack"
      onSubmit={(e) => {
        e.preventDefault();
        queue.confirmReject();
      }}
    >
      <label className="label" htmlFor="kc-reason">
        {t('admin.rejectReason')}
      </label>
      <textarea id="kc-reason" className="field kc-textarea" value={queue.note} maxLength={500} autoFocus onChange={(e) => queue.changeNote(e.target.value)} />
      <div className="kc-actions">
        <Button type="submit" disabled={!queue.canConfirmReject}>
          {t('admin.rejectConfirm')}
        </Button>
        <Button variant="ghost" onClick={queue.cancelReject}>
          {t('admin.cancel')}
        </Button>
      </div>
    </form>
  );
}

function DecisionButtons({ queue, onApprove }: { queue: CashierQueueView; onApprove: () => void }) {
  const { t } = useTranslation();
  const { deciding, pendingDecision: pending } = queue;
  return (
    <div className="kc-actions">
      <Button busy={deciding && pending === 'approve'} disabled={deciding} onClick={onApprove} aria-keyshortcuts="A">
        {t('admin.approve')}
      </Button>
      <Button variant="outline" busy={deciding && pending === 'reject'} disabled={deciding} onClick={queue.openReject} aria-keyshortcuts="R">
        {t('admin.reject')}
      </Button>
    </div>
  );
}

/** The selected request; Approve (A) calls `onApprove`, which asks before anything is sent. */
export function RequestDetail({ queue, item, onApprove }: { queue: CashierQueueView; item: QueueItem; onApprove: () => void }) {
  const { t } = useTranslation();
  const { kind } = queue;
  return (
    <section className="card kc-detail" aria-label={t('admin.requestTitle', { id: item.id })}>
      <h2 className="kc-h2">{t('admin.requestTitle', { id: item.id })}</h2>
      <div className="kc-detail-grid">
        {kind === 'deposits' ? <Receipt item={item} /> : null}
        <div className="kc-stack">
          <Facts item={item} kind={kind} />
          <PlayerHistory key={item.user.id} playerId={item.user.id} />
          {kind === 'withdrawals' ? <Alert tone="info">{t('admin.withdrawHint')}</Alert> : null}
          {item.first_approval ? <Alert tone="info">{t('admin.secondApprovalWaiting', { by: item.first_approval.by ?? '' })}</Alert> : null}
          {queue.rejecting ? <RejectForm queue={queue} /> : <DecisionButtons queue={queue} onApprove={onApprove} />}
        </div>
      </div>
    </section>
  );
}
