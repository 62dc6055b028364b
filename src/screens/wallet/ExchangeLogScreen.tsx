import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n/react';
import { selectPage } from '../../machines/paged-list/paged-list.selectors';
import { useMoneyMachines } from '../../app/session';
import { DateTime } from '../../components/DateTime';
import { Money } from '../../components/Money';
import { PageHeader } from '../../components/PageHeader';
import { RequireLogin } from '../auth/RequireLogin';
import { PagedListView } from '../shared/PagedListView';

/** GET /exchange-transactions-log row. */
export interface ExchangeRow {
  id: number;
  amount: string;
  type: string;
  created_at: string;
}

/** /exchange-log: the player's exchanges between the wallets, as a numbered table. */
export function ExchangeLogScreen() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <PageHeader title={t('wallet.exchangeLog')} backHref="/wallet" />
      <RequireLogin>
        <ExchangeTable />
      </RequireLogin>
    </div>
  );
}

const PER_PAGE = 15;

function ExchangeTable() {
  const { t } = useTranslation();
  const actor = useActorRef(useMoneyMachines().exchangeLog, { input: {} });
  const page = useSelector(actor, selectPage);
  return (
    <PagedListView<ExchangeRow>
      actor={actor}
      failedMessage={t('log.fetchFailed')}
      empty={{ title: t('log.noTransactions'), icon: 'exchange' }}
      render={(rows) => <Table rows={rows} offset={(page - 1) * PER_PAGE} />}
    />
  );
}

function Table({ rows, offset }: { rows: ExchangeRow[]; offset: number }) {
  const { t } = useTranslation();
  return (
    <div className="card overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <thead className="bg-raised text-muted">
          <tr>
            <th scope="col" className="px-2 py-3 sm:px-3 font-medium">{t('log.number')}</th>
            <th scope="col" className="px-2 py-3 sm:px-3 text-right font-medium">{t('wallet.amount')}</th>
            <th scope="col" className="px-2 py-3 sm:px-3 font-medium">{t('log.type')}</th>
            <th scope="col" className="px-2 py-3 sm:px-3 font-medium">{t('log.date')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={row.id} className="border-t border-line">
              <td className="px-2 py-3 sm:px-3 tabular-nums text-muted">{offset + i + 1}</td>
              <td className="px-2 py-3 sm:px-3 text-right">
                <Money value={row.amount} />
              </td>
              <td className="whitespace-nowrap px-2 py-3 sm:px-3">{row.type === 'GamingToMainBalance' ? t('wallet.gameToMain') : t('wallet.mainToGame')}</td>
              <td className="px-2 py-3 sm:px-3 text-muted">
                <DateTime value={row.created_at} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
