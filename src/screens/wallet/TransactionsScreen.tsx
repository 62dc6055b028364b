import { useActorRef } from '@xstate/react';
import { useTranslation } from '../../i18n/react';
import { useMoneyMachines } from '../../app/session';
import { DateTime } from '../../components/DateTime';
import { Money } from '../../components/Money';
import { PageHeader } from '../../components/PageHeader';
import { SignedMoney } from '../../components/SignedMoney';
import { RequireLogin } from '../auth/RequireLogin';
import { PagedListView } from '../shared/PagedListView';
import { kindLabel, walletLabel } from './ledger-labels';

/** A ledger movement (GET /transactions). */
export interface LedgerRow {
  id: number;
  wallet?: string;
  kind?: string;
  amount: string;
  balance_after?: string;
  created_at?: string;
  datetime?: string;
}

/** /transactions: every movement of the player's money, newest first. */
export function TransactionsScreen() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <PageHeader title={t('wallet.transactions')} backHref="/wallet" />
      <RequireLogin>
        <LedgerList />
      </RequireLogin>
    </div>
  );
}

function LedgerList() {
  const { t } = useTranslation();
  const actor = useActorRef(useMoneyMachines().transactions, { input: {} });
  return (
    <PagedListView<LedgerRow>
      actor={actor}
      failedMessage={t('log.fetchFailed')}
      empty={{ title: t('log.noTransactions'), icon: 'list' }}
      render={(rows) => (
        <ul className="flex flex-col gap-3">
          {rows.map((row) => (
            <li key={row.id} className="card flex flex-col gap-1 p-4">
              <div className="flex items-start justify-between gap-3">
                <p className="min-w-0 font-semibold">{kindLabel(t, row.kind)}</p>
                <SignedMoney value={row.amount} className="shrink-0" />
              </div>
              <div className="flex flex-wrap items-end justify-between gap-x-3 gap-y-0.5 text-sm text-muted">
                <p>
                  {walletLabel(t, row.wallet)} · <DateTime value={row.created_at ?? row.datetime} />
                </p>
                {row.balance_after ? (
                  <p className="text-xs">
                    {t('log.balanceAfter')} <Money value={row.balance_after} className="text-muted" />
                  </p>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    />
  );
}
