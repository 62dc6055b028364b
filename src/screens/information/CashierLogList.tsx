import { useActorRef } from '@xstate/react';
import { useTranslation } from '../../i18n/react';
import { useMoneyMachines } from '../../app/session';
import { useRefreshOnBalanceChange } from '../../app/use-balance-refresh';
import { DateTime } from '../../components/DateTime';
import { Money } from '../../components/Money';
import { StatusBadge } from '../../components/StatusBadge';
import { PagedListView } from '../shared/PagedListView';
import { cashierLogStatus } from './log-status';

/** A deposit or withdraw log row (GET /depositlogfinicial, /withdrawlogfinicial), as the API layer reads it. */
export interface CashierLogRow {
  id: number;
  datetime: string;
  paymentType: string;
  accountName: string;
  accountNumber: string;
  amount: string;
  status: string;
}

export function CashierLogList({ kind }: { kind: 'deposit' | 'withdraw' }) {
  const { t } = useTranslation();
  const machines = useMoneyMachines();
  const actor = useActorRef(kind === 'deposit' ? machines.depositLog : machines.withdrawLog, { input: {} });
  useRefreshOnBalanceChange(actor);
  return (
    <PagedListView<CashierLogRow>
      actor={actor}
      failedMessage={t('log.fetchFailed')}
      empty={{ title: t('no_data.noDataFound'), hint: kind === 'deposit' ? t('log.noDepositsHint') : t('log.noWithdrawalsHint'), icon: 'receipt' }}
      render={(rows) => (
        <ul className="grid gap-3 lg:grid-cols-2">
          {rows.map((row) => (
            <LogCard key={row.id} row={row} />
          ))}
        </ul>
      )}
    />
  );
}

function LogCard({ row }: { row: CashierLogRow }) {
  const { t } = useTranslation();
  const status = cashierLogStatus(row.status);
  return (
    <li className="card flex flex-col gap-2 p-4">
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 font-semibold">{row.paymentType}</p>
        <StatusBadge tone={status.tone} label={t(status.label)} />
      </div>
      <p className="min-w-0 break-words text-sm text-muted">
        {row.accountName} · <span className="tabular-nums">{row.accountNumber}</span>
      </p>
      <div className="flex items-end justify-between gap-3">
        <DateTime value={row.datetime} className="text-sm text-muted" />
        <Money value={row.amount} className="text-lg" />
      </div>
    </li>
  );
}
