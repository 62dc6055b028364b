import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { QueueItem, QueueKind } from '../../api/admin';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Money } from '../../components/Money';
import { Spinner } from '../../components/Spinner';
import type { cashierQueueMachine } from '../../machines/cashier-queue/cashier-queue.machine';
import {
  selectCanConfirmReject,
  selectDeciding,
  selectNote,
  selectOutcome,
  selectPendingDecision,
  selectRejecting,
} from '../../machines/cashier-queue/cashier-queue.selectors';
import { useReceipt } from '../receipt';
import { useActorRef } from '@xstate/react';
import type { LedgerRow } from '../../api/admin';
import { useConsole } from '../context';
import { Loaded, type ResourceActor } from './Loaded';
import { RecentLedger } from './PlayerActivity';

export type QueueActor = ActorRefFrom<typeof cashierQueueMachine>;

/** What just happened to a request: decided here, by another cashier, or refused. */
export function OutcomeNote({ actor }: { actor: QueueActor }) {
  const { t } = useTranslation();
  const outcome = useSelector(actor, selectOutcome);
  if (!outcome) return <div role="status" aria-live="polite" />;
  const text =
    outcome.what === 'approved'
      ? t('admin.decidedApproved', { id: outcome.id })
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
  const actor: ResourceActor = useActorRef(resource(() => admin.recentLedger(playerId)));
  const rows = useSelector(actor, (s) => (s.context.data as LedgerRow[] | null) ?? []);
  return (
    <Loaded actor={actor}>
      <RecentLedger rows={rows} />
    </Loaded>
  );
}

function Facts({ item, kind }: { item: QueueItem; kind: QueueKind }) {
  const { t } = useTranslation();
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
      <dd>{item.datetime}</dd>
    </dl>
  );
}

export function RequestDetail({ actor, item, kind }: { actor: QueueActor; item: QueueItem; kind: QueueKind }) {
  const { t } = useTranslation();
  const rejecting = useSelector(actor, selectRejecting);
  const deciding = useSelector(actor, selectDeciding);
  const pending = useSelector(actor, selectPendingDecision);
  const note = useSelector(actor, selectNote);
  const canReject = useSelector(actor, selectCanConfirmReject);
  return (
    <section className="card kc-detail" aria-label={t('admin.requestTitle', { id: item.id })}>
      <h2 className="kc-h2">{t('admin.requestTitle', { id: item.id })}</h2>
      <div className="kc-detail-grid">
        {kind === 'deposits' ? <Receipt item={item} /> : null}
        <div className="kc-stack">
          <Facts item={item} kind={kind} />
          <PlayerHistory key={item.user.id} playerId={item.user.id} />
          {kind === 'withdrawals' ? <Alert tone="info">{t('admin.withdrawHint')}</Alert> : null}
          {rejecting ? (
            <form
              className="kc-stack"
              onSubmit={(e) => {
                e.preventDefault();
                actor.send({ type: 'reject.confirm' });
              }}
            >
              <label className="label" htmlFor="kc-reason">
                {t('admin.rejectReason')}
              </label>
              <textarea
                id="kc-reason"
                className="field kc-textarea"
                value={note}
                maxLength={500}
                autoFocus
                onChange={(e) => actor.send({ type: 'note.change', value: e.target.value })}
              />
              <div className="kc-actions">
                <Button type="submit" disabled={!canReject}>
                  {t('admin.rejectConfirm')}
                </Button>
                <Button variant="ghost" onClick={() => actor.send({ type: 'reject.cancel' })}>
                  {t('admin.cancel')}
                </Button>
              </div>
            </form>
          ) : (
            <div className="kc-actions">
              <Button busy={deciding && pending === 'approve'} disabled={deciding} onClick={() => actor.send({ type: 'request.approve' })} aria-keyshortcuts="A">
                {t('admin.approve')}
              </Button>
              <Button variant="outline" busy={deciding && pending === 'reject'} disabled={deciding} onClick={() => actor.send({ type: 'reject.open' })} aria-keyshortcuts="R">
                {t('admin.reject')}
              </Button>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
