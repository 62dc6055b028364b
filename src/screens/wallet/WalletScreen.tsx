import { Link } from 'wouter';
import { useTranslation } from '../../i18n/react';
import { selectUser } from '../../machines/auth/auth.selectors';
import { useAuth } from '../../app/session';
import { Icon, type IconName } from '../../../shared/components/Icon';
import { RequireLogin } from '../auth/RequireLogin';
import { DepositSteps } from './DepositSteps';
import { WalletCard } from './WalletCard';

type ShortcutLabel = 'wallet.topUpBank' | 'wallet.withdraw' | 'wallet.internalTransfer' | 'wallet.history' | 'wallet.transactions' | 'wallet.exchangeLog';

const SHORTCUTS: Array<{ href: string; icon: IconName; label: ShortcutLabel }> = [
  { href: '/top-up/bank', icon: 'bank', label: 'wallet.topUpBank' },
  { href: '/with-draw', icon: 'download', label: 'wallet.withdraw' },
  { href: '/wallet/internal-transfer', icon: 'swap', label: 'wallet.internalTransfer' },
  { href: '/wallet-history', icon: 'history', label: 'wallet.history' },
  { href: '/transactions', icon: 'list', label: 'wallet.transactions' },
  { href: '/exchange-log', icon: 'exchange', label: 'wallet.exchangeLog' },
];

/** /wallet: who you are, both balances, the cashier shortcuts and how a deposit works. */
export function WalletScreen() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <h1 className="sr-only">{t('wallet.title')}</h1>
      <RequireLogin>
        <ProfileHeader />
        <WalletCard />
        <nav aria-label={t('wallet.shortcuts')}>
          <ul className="grid grid-cols-3 gap-2 md:grid-cols-6 md:gap-3">
            {SHORTCUTS.map((s) => (
              <li key={s.href} className="flex">
                <Link
                  href={s.href}
                  className="flex min-h-22 flex-1 flex-col items-center justify-center gap-2 rounded-2xl border border-line bg-surface p-2 text-center text-sm font-medium hover:bg-raised"
                >
                  <span className="flex h-10 w-10 items-center justify-center rounded-full bg-raised text-primary">
                    <Icon name={s.icon} size={22} />
                  </span>
                  <span className="leading-tight">{t(s.label)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <DepositSteps />
      </RequireLogin>
    </div>
  );
}

function ProfileHeader() {
  const { t } = useTranslation();
  const user = useAuth(selectUser);
  return (
    <div className="flex items-center gap-3">
      <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-raised text-primary">
        <Icon name="user" size={24} />
      </span>
      <div className="min-w-0">
        <p className="truncate text-lg font-bold">{user?.name || user?.user_name}</p>
        <p className="truncate text-sm text-muted">
          {t('wallet.userId')}: <span className="tabular-nums text-fg">{user?.user_name}</span>
        </p>
      </div>
    </div>
  );
}
