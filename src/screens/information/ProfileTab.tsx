import { useActorRef } from '@xstate/react';
import { useTranslation } from '../../i18n/react';
import { connectAuth } from '../../machines/auth/auth.connect';
import { useAuthActor, useMoneyMachines } from '../../app/session';
import { useView } from '../../app/use-view';
import { Icon } from '../../../shared/components/Icon';
import { Money } from '../../components/Money';
import { formatMoney } from '../../lib/money';
import { transferIntents } from '../../machines/transfer/transfer.connect';
import { ExchangeDialog } from '../wallet/ExchangeDialog';
import { ChangePasswordForm } from './ChangePasswordForm';
import { TelegramCard } from './TelegramCard';
import { NotificationsCard } from './NotificationsCard';
import { LanguageCard } from './LanguageCard';

export function ProfileTab() {
  const exchange = useActorRef(useMoneyMachines().transfer, { input: { use: 'exchange' } });
  const openExchange = () => transferIntents(exchange.send).open();
  return (
    <div className="grid items-start gap-5 lg:grid-cols-2">
      <ProfileCard onExchange={openExchange} />
      <ChangePasswordForm />
      <TelegramCard />
      <NotificationsCard />
      <LanguageCard />
      <ExchangeDialog actor={exchange} />
    </div>
  );
}

/** Who the player is, their game balance, and the way to the exchange dialog. */
function ProfileCard({ onExchange }: { onExchange: () => void }) {
  const { t } = useTranslation();
  const { user } = useView(useAuthActor(), connectAuth);
  const rows = [
    { label: t('profile.userName'), value: user?.user_name },
    { label: t('profile.fullName'), value: user?.name },
    { label: t('profile.phone'), value: user?.phone },
  ];
  return (
    <section className="card p-5" aria-labelledby="profile-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="profile-title" className="flex items-center gap-2 text-lg font-bold">
          <Icon name="user" size={20} className="text-primary" />
          {t('profile.title')}
        </h2>
        <GameBalanceBadge balance={user?.balance} label={t('wallet.gameBalance')} onClick={onExchange} />
      </div>
      <dl className="mt-4 divide-y divide-line">
        {rows.map((row) => (
          <div key={row.label} className="flex min-h-12 items-center justify-between gap-4 py-2">
            <dt className="text-sm text-muted">{row.label}</dt>
            <dd className="min-w-0 break-words text-right font-medium">{row.value || '—'}</dd>
          </div>
        ))}
      </dl>
      <button type="button" className="btn-outline mt-4 w-full sm:w-auto sm:px-6" onClick={onExchange}>
        <Icon name="exchange" size={20} />
        {t('wallet.exchangeBalance')}
      </button>
    </section>
  );
}

/** The game balance at a glance; pressing it opens the exchange dialog. */
function GameBalanceBadge({ balance, label, onClick }: { balance: string | undefined; label: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onClick}
      aria-haspopup="dialog"
      aria-label={`${label}: ${formatMoney(balance, t('common.currency'))}. ${t('wallet.exchangeBalance')}`}
      className="flex min-h-11 items-center gap-2 rounded-full border border-line bg-raised px-3 text-sm hover:border-primary"
    >
      <span className="text-muted">{label}</span>
      <Money value={balance} />
      <Icon name="exchange" size={16} className="text-primary" />
    </button>
  );
}
