import { useActorRef } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useView } from '../../app/use-view';
import { Alert } from '../../components/Alert';
import { Money } from '../../components/Money';
import { Segmented } from '../../components/Segmented';
import { Spinner } from '../../components/Spinner';
import type { QueueKind } from '../../api/admin';
import { connectCashierQueue, type CashierQueueView } from '../../machines/cashier-queue/cashier-queue.connect';
import { useConsole, useShortcuts, useVisibility } from '../context';
import { OutcomeNote, RequestDetail } from './RequestDetail';

/** The pending requests of the chosen kind; a click selects one (J/K also move). */
function QueueList({ queue }: { queue: CashierQueueView }) {
  const { t } = useTranslation();
  const { items, selected, kind } = queue;
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
            <li key={item.id} role="option" aria-selected={item.id === selected?.id}>
              <button type="button" className={`kc-row${item.id === selected?.id ? ' kc-active' : ''}`} onClick={() => queue.select(item.id)}>
                <span className="kc-row-main">
                  <span>#{item.id} · {item.user.user_name}</span>
                  <Money value={item.amount} />
                </span>
                <span className="kc-muted kc-small">
                  {item.payment_type} · {item.datetime}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The cashier's queue: pending requests on the left, the selected one (receipt large) on the right. */
export function CashierScreen() {
  const { t } = useTranslation();
  const live = useConsole();
  const actor = useActorRef(live.queue);
  const queue = useView(actor, connectCashierQueue);
  useVisibility(queue.setPageHidden);
  useShortcuts({ a: queue.approve, r: queue.openReject, j: queue.next, k: queue.prev, escape: queue.cancelReject });
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
        {queue.selected ? <RequestDetail queue={queue} item={queue.selected} /> : <div className="card kc-detail kc-empty">{t('admin.pickRequest')}</div>}
      </div>
    </div>
  );
}
