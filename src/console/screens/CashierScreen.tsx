import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { Money } from '../../components/Money';
import { Segmented } from '../../components/Segmented';
import { Spinner } from '../../components/Spinner';
import type { QueueKind } from '../../api/admin';
import {
  selectListError,
  selectQueueItems,
  selectQueueKind,
  selectQueueLoading,
  selectSelectedItem,
} from '../../machines/cashier-queue/cashier-queue.selectors';
import { useConsole, useShortcuts, useVisibility } from '../context';
import { OutcomeNote, RequestDetail, type QueueActor } from './RequestDetail';

/** The cashier's queue: pending requests on the left, the selected one (receipt large) on the right. */
export function CashierScreen() {
  const { t } = useTranslation();
  const live = useConsole();
  const actor: QueueActor = useActorRef(live.queue);
  useVisibility(actor);
  const kind = useSelector(actor, selectQueueKind);
  const items = useSelector(actor, selectQueueItems);
  const selected = useSelector(actor, selectSelectedItem);
  const loading = useSelector(actor, selectQueueLoading);
  const listError = useSelector(actor, selectListError);
  const keys = useMemo(
    () => ({
      a: () => actor.send({ type: 'request.approve' }),
      r: () => actor.send({ type: 'reject.open' }),
      j: () => actor.send({ type: 'item.next' }),
      k: () => actor.send({ type: 'item.prev' }),
      escape: () => actor.send({ type: 'reject.cancel' }),
    }),
    [actor],
  );
  useShortcuts(keys);

  return (
    <div className="kc-page">
      <div className="kc-page-head">
        <h1 className="kc-h1">{t('admin.navCashier')}</h1>
        <Segmented<QueueKind>
          label={t('admin.navCashier')}
          value={kind}
          onChange={(value) => actor.send({ type: 'kind.choose', kind: value })}
          options={[
            { value: 'deposits', label: t('admin.deposits') },
            { value: 'withdrawals', label: t('admin.withdrawals') },
          ]}
        />
        <p className="kc-muted kc-small">{t('admin.shortcuts')}</p>
      </div>
      {listError ? <Alert tone="error">{t('admin.listFailed')}</Alert> : null}
      <OutcomeNote actor={actor} />
      <div className="kc-queue">
        <section aria-label={t('admin.waitingList', { count: items.length })} className="card kc-list">
          <h2 className="kc-h2">{t('admin.waitingList', { count: items.length })}</h2>
          {loading ? (
            <div className="kc-center">
              <Spinner size={28} label={t('admin.loading')} />
            </div>
          ) : items.length === 0 ? (
            <p className="kc-empty">{t('admin.queueEmpty')}</p>
          ) : (
            <ul className="kc-rows" role="listbox" aria-label={t(kind === 'deposits' ? 'admin.deposits' : 'admin.withdrawals')}>
              {items.map((item) => (
                <li key={item.id} role="option" aria-selected={item.id === selected?.id}>
                  <button type="button" className={`kc-row${item.id === selected?.id ? ' kc-active' : ''}`} onClick={() => actor.send({ type: 'item.select', id: item.id })}>
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
        {selected ? <RequestDetail actor={actor} item={selected} kind={kind} /> : <div className="card kc-detail kc-empty">{t('admin.pickRequest')}</div>}
      </div>
    </div>
  );
}
