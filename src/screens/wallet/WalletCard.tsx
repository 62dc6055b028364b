import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useTranslation } from '../../i18n/react';
import { selectUser } from '../../machines/auth/auth.selectors';
import { connectBalance } from '../../machines/balance/balance.connect';
import { useAuth, useBalancePoller } from '../../app/session';
import { useView } from '../../app/use-view';
import { Icon } from '../../../shared/components/Icon';
import { Money } from '../../components/Money';

export const INTERNAL_TRANSFER_HREF = '/wallet/internal-transfer';
export const BANK_DEPOSIT_HREF = '/top-up/bank';

/**
 * Main and game balances, a refresh button, and two actions named for what they do: Deposit (the
 * bank deposit page) and Move between wallets (the internal transfer; the spec's "top-up link",
 * decision 0032).
 */
export function WalletCard({ showGame = true }: { showGame?: boolean }) {
  const { t } = useTranslation();
  const user = useAuth(selectUser);
  return (
    <section className="card overflow-hidden" aria-labelledby="wallet-card-title">
      <div className="flex items-start justify-between gap-3 bg-raised p-5">
        <div className="min-w-0">
          <h2 id="wallet-card-title" className="text-sm font-medium text-muted">
            {t('wallet.mainBalance')}
          </h2>
          <p className="mt-1 text-3xl">
            <Money value={user?.main_balance} />
          </p>
        </div>
        <RefreshButton />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 p-5">
        {showGame ? (
          <div>
            <p className="text-sm text-muted">{t('wallet.gameBalance')}</p>
            <p className="mt-0.5 text-xl">
              <Money value={user?.balance} />
            </p>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Link href={BANK_DEPOSIT_HREF} className="btn-primary px-5">
            <Icon name="plus" size={20} />
            {t('wallet.deposit')}
          </Link>
          <Link href={INTERNAL_TRANSFER_HREF} className="btn-outline px-4">
            <Icon name="exchange" size={20} />
            {t('wallet.topUp')}
          </Link>
        </div>
      </div>
    </section>
  );
}

function RefreshButton() {
  const { t } = useTranslation();
  const poller = useBalancePoller();
  if (!poller) {
    return (
      <button type="button" className="icon-btn shrink-0 border border-line" disabled aria-label={t('wallet.refresh')}>
        <Icon name="refresh" size={20} />
      </button>
    );
  }
  return <LiveRefreshButton poller={poller} />;
}

type Poller = NonNullable<ReturnType<typeof useBalancePoller>>;

/** Spins from the press until the fetch it asked for has finished (not on every background poll). */
function LiveRefreshButton({ poller }: { poller: Poller }) {
  const { t } = useTranslation();
  const { fetching, refresh } = useView(poller, connectBalance);
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (!fetching) setAsked(false);
  }, [fetching]);
  const spinning = asked && fetching;
  return (
    <button
      type="button"
      className="icon-btn shrink-0 border border-line"
      aria-label={t('wallet.refresh')}
      aria-busy={spinning || undefined}
      onClick={() => {
        setAsked(true);
        refresh();
      }}
    >
      <Icon name="refresh" size={20} className={spinning ? 'kp-spin' : undefined} />
    </button>
  );
}
