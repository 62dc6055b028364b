import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { selectUser } from '../../machines/auth/auth.selectors';
import { useAuth } from '../../app/session';
import { Icon } from '../../components/Icon';
import { Money } from '../../components/Money';

export function WalletSummary() {
  const { t } = useTranslation();
  const user = useAuth(selectUser);
  return (
    <section className="card overflow-hidden" aria-labelledby="wallet-title">
      <div className="bg-raised p-5 md:p-8">
        <p className="text-sm text-muted">{t('home.hello', { name: user?.name || user?.user_name || '' })}</p>
        <h2 id="wallet-title" className="mt-1 text-xl font-bold md:text-2xl">
          {t('wallet.yourWallet')}
        </h2>
        <dl className="mt-5 grid gap-4 sm:grid-cols-2">
          <div className="rounded-2xl border border-line bg-surface p-4">
            <dt className="text-sm text-muted">{t('wallet.gameBalance')}</dt>
            <dd className="mt-1 text-2xl md:text-3xl">
              <Money value={user?.balance} />
            </dd>
          </div>
          <div className="rounded-2xl border border-line bg-surface p-4">
            <dt className="text-sm text-muted">{t('wallet.mainBalance')}</dt>
            <dd className="mt-1 text-2xl md:text-3xl">
              <Money value={user?.main_balance} />
            </dd>
          </div>
        </dl>
      </div>
      <div className="flex flex-wrap items-center gap-3 p-5 md:px-8">
        <Link href="/information?tab=transfer" className="btn-primary px-6">
          <Icon name="wallet" size={20} />
          {t('wallet.deposit')}
        </Link>
        <Link href="/information?tab=profile" className="btn-ghost border border-line px-5">
          <Icon name="user" size={20} />
          {t('nav.myProfile')}
        </Link>
      </div>
    </section>
  );
}
