import { useTranslation } from 'react-i18next';
import { selectUser } from '../../machines/auth/auth.selectors';
import { useAuth } from '../../app/session';
import { Icon } from '../../components/Icon';
import { Money } from '../../components/Money';
import { ChangePasswordForm } from './ChangePasswordForm';

export function ProfileTab() {
  const { t } = useTranslation();
  const user = useAuth(selectUser);
  const rows = [
    { label: t('profile.userName'), value: user?.user_name },
    { label: t('profile.fullName'), value: user?.name },
    { label: t('profile.phone'), value: user?.phone },
  ];

  return (
    <div className="grid items-start gap-5 lg:grid-cols-2">
      <section className="card p-5" aria-labelledby="profile-title">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="profile-title" className="flex items-center gap-2 text-lg font-bold">
            <Icon name="user" size={20} className="text-primary" />
            {t('profile.title')}
          </h2>
          <GameBalanceBadge balance={user?.balance} label={t('wallet.gameBalance')} />
        </div>
        <dl className="mt-4 divide-y divide-line">
          {rows.map((row) => (
            <div key={row.label} className="flex min-h-12 items-center justify-between gap-4 py-2">
              <dt className="text-sm text-muted">{row.label}</dt>
              <dd className="min-w-0 break-words text-right font-medium">{row.value || '—'}</dd>
            </div>
          ))}
        </dl>
      </section>
      <ChangePasswordForm />
    </div>
  );
}

/** The game balance at a glance (the exchange dialog will open from here). */
function GameBalanceBadge({ balance, label }: { balance: string | undefined; label: string }) {
  return (
    <p className="flex items-center gap-2 rounded-full border border-line bg-raised px-3 py-1.5 text-sm">
      <span className="text-muted">{label}</span>
      <Money value={balance} />
    </p>
  );
}
