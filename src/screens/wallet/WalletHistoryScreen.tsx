import { useActorRef } from '@xstate/react';
import { useRefreshOnBalanceChange } from '../../app/use-balance-refresh';
import { useSearch } from 'wouter';
import { useTranslation } from '../../i18n/react';
import { useMoneyMachines } from '../../app/session';
import { DateTime } from '../../components/DateTime';
import { Money } from '../../components/Money';
import { PageHeader } from '../../components/PageHeader';
import { StatusBadge } from '../../components/StatusBadge';
import { SubTabs } from '../../components/SubTabs';
import { RequireLogin } from '../auth/RequireLogin';
import { requestStatus } from '../information/log-status';
import { PagedListView } from '../shared/PagedListView';

/** A deposit or withdraw request (GET /transaction/deposit-requestlog, …/withdraw-requestlog). */
export interface RequestRow {
  id: number;
  status: number;
  createdAt: string;
  amount: string;
  refrenceNo?: string;
  paymentType?: string;
  accountName?: string;
  accountNumber?: string;
}

type Kind = 'deposits' | 'withdrawals';

/** /wallet-history?tab=deposits|withdrawals: the player's requests, page by page. */
export function WalletHistoryScreen() {
  const { t } = useTranslation();
  const kind: Kind = new URLSearchParams(useSearch()).get('tab') === 'withdrawals' ? 'withdrawals' : 'deposits';
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <PageHeader title={t('wallet.history')} backHref="/wallet" />
      <RequireLogin>
        <SubTabs
          label={t('wallet.history')}
          tabs={[
            { href: '/wallet-history?tab=deposits', label: t('log.deposits'), active: kind === 'deposits' },
            { href: '/wallet-history?tab=withdrawals', label: t('log.withdrawals'), active: kind === 'withdrawals' },
          ]}
        />
        <RequestList key={kind} kind={kind} />
      </RequireLogin>
    </div>
  );
}

function RequestList({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const machines = useMoneyMachines();
  const actor = useActorRef(kind === 'deposits' ? machines.depositRequests : machines.withdrawRequests, { input: {} });
  useRefreshOnBalanceChange(actor);
  return (
    <PagedListView<RequestRow>
      actor={actor}
      failedMessage={t('log.fetchFailed')}
      empty={{ title: t('no_data.noDataFound'), hint: kind === 'deposits' ? t('log.noDepositsHint') : t('log.noWithdrawalsHint'), icon: 'receipt' }}
      render={(rows) => (
        <ul className="flex flex-col gap-3">
          {rows.map((row) => (
            <RequestCard key={row.id} row={row} deposit={kind === 'deposits'} />
          ))}
        </ul>
      )}
    />
  );
}

function RequestCard({ row, deposit }: { row: RequestRow; deposit: boolean }) {
  const { t } = useTranslation();
  const status = requestStatus(row.status);
  const account = [row.paymentType, row.accountName, row.accountNumber].filter(Boolean).join(' · ');
  return (
    <li className="card flex flex-col gap-2 p-4">
      <div className="flex items-start justify-between gap-3">
        <Money value={row.amount} className="text-lg" />
        <StatusBadge tone={status.tone} label={t(status.label)} />
      </div>
      {account ? <p className="break-words text-sm text-muted">{account}</p> : null}
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm text-muted">
        <DateTime value={row.createdAt} />
        {deposit && row.refrenceNo ? (
          <span>
            {t('log.reference')}: <span className="tabular-nums text-fg">{row.refrenceNo}</span>
          </span>
        ) : null}
      </div>
    </li>
  );
}
