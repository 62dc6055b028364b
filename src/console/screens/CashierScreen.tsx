import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useView } from '../../app/use-view';
import { Alert } from '../../components/Alert';
import { Money } from '../../components/Money';
import { Segmented } from '../../components/Segmented';
import { Spinner } from '../../components/Spinner';
import type { QueueKind } from '../../api/admin';
import { connectCashierQueue, type CashierQueueView } from '../../machines/cashier-queue/cashier-queue.connect';
import { formatAmount } from '../../lib/money';
import { ConfirmDialog } from '../ConfirmDialog';
import { useConsole, useShortcuts, useVisibility } from '../context';
import { useYangonTime } from './ops-shared';
import { OutcomeNote, RequestDetail } from './RequestDetail';

/** The pending requests of the chosen kind; a click selects one (J/K also move). */
function QueueList({ queue }: { queue: CashierQueueView }) {
  const { t } = useTranslation();
  const { items, selected, kind } = queue;
  const time = useYangonTime();
  return (
    <section aria-label={t('admin.waitingList', { count: items.length })} className="card kc-list">
      <h2 className="kc-h2">{t('admin.waitingList', { count: items.length })}</h2>
      {queue.loading ? (
        <div className="kc-center">
          <Spinner size={28} label={t('admin.loading')} />
        </div>
      ) : items.length === 0 ? (
        <p className="kc-empty">{t('admin.queueEmpty')}</p>
      ) : (
        <ul className="kc-rows" role="listbox" aria-label={t(kind === 'deposits' ? 'admin.deposits' : 'admin.withdrawals')}>
          {items.map((item) => (
            <li key={item.id} role="none">
              {/* The option is the button itself: an option holding a button nests two controls (axe nested-interactive). */}
              <button type="button" role="option" aria-selected={item.id === selected?.id} className={`kc-row${item.id === selected?.id ? ' kc-active' : ''}`} onClick={() => queue.select(item.id)}>
                <span className="kc-row-main">
                  <span>#{item.id} · {item.user.user_name}</span>
                  <Money value={item.amount} />
                </span>
                <span className="kc-muted kc-small">
                  {item.payment_type} · {time(item.datetime)}
                </span>
                {item.first_approval ? <span className="kc-small kc-warn">{t('admin.secondApprovalShort')}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Approving moves money at once: A (or the Approve button) asks first, naming the request, the
 * amount and the player, as R opens the reason before rejecting. Enter or the dialog's Approve
 * sends it; Escape or Cancel sends nothing. Shortcuts rest while it is open.
 */
function useApproveConfirm(queue: CashierQueueView) {
  const [asked, setAsked] = useState<number | null>(null);
  return {
    open: asked !== null,
    asked,
    ask: () => {
      if (queue.selected && !queue.deciding && !queue.rejecting) setAsked(queue.selected.id);
    },
    confirm: () => {
      setAsked(null);
      // Only the request that was asked about (the list may have moved on meanwhile).
      if (queue.selected?.id === asked) queue.approve();
    },
    cancel: () => setAsked(null),
  };
}

function ApproveDialog({ queue, confirm }: { queue: CashierQueueView; confirm: ReturnType<typeof useApproveConfirm> }) {
  const { t } = useTranslation();
  const item = queue.selected;
  if (!item || confirm.asked !== item.id) return null;
  return (
    <ConfirmDialog
      title={t('admin.approveConfirmTitle', { id: item.id })}
      message={t('admin.approveConfirmPrompt', { amount: formatAmount(item.amount), player: item.user.user_name })}
      confirm={t('admin.approve')}
      onConfirm={confirm.confirm}
      onCancel={confirm.cancel}
    />
  );
}

/** The cashier's queue: pending requests on the left, the selected one (receipt large) on the right. */
export function CashierScreen() {
  const { t } = useTranslation();
  const live = useConsole();
  const actor = useActorRef(live.queue);
  const queue = useView(actor, connectCashierQueue);
  useVisibility(queue.setPageHidden);
  const confirm = useApproveConfirm(queue);
  useShortcuts(confirm.open ? {} : { a: confirm.ask, r: queue.openReject, j: queue.next, k: queue.prev, escape: queue.cancelReject });
  return (
    <div className="kc-page">
      <div className="kc-page-head">
        <h1 className="kc-h1">{t('admin.navCashier')}</h1>
        <Segmented<QueueKind>
          label={t('admin.navCashier')}
          value={queue.kind}
          onChange={queue.chooseKind}
          options={[
            { value: 'deposits', label: t('admin.deposits') },
            { value: 'withdrawals', label: t('admin.withdrawals') },
          ]}
        />
        <p className="kc-muted kc-small">{t('admin.shortcuts')}</p>
      </div>
      {queue.listError ? <Alert tone="error">{t('admin.listFailed')}</Alert> : null}
      <OutcomeNote outcome={queue.outcome} />
      <div className="kc-queue">
        <QueueList queue={queue} />
        {queue.selected ? <RequestDetail queue={queue} item={queue.selected} onApprove={confirm.ask} /> : <div className="card kc-detail kc-empty">{t('admin.pickRequest')}</div>}
      </div>
      <ApproveDialog queue={queue} confirm={confirm} />
    </div>
  );
}
