import type { FormEvent } from 'react';
import { Redirect } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectIsLoggedIn, selectUser } from '../../machines/auth/auth.selectors';
import {
  selectTransferAmount,
  selectTransferBusy,
  selectTransferCanSubmit,
  selectTransferDirection,
  selectTransferError,
} from '../../machines/internal-transfer/internal-transfer.selectors';
import { translateMessage } from '../../app/messages';
import { useAuth, useMoneyMachines } from '../../app/session';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { Icon } from '../../components/Icon';
import { Money } from '../../components/Money';
import { PageHeader } from '../../components/PageHeader';
import { normaliseDigits } from '../../lib/money';
import { useMainButton } from '../../telegram/use-main-button';

/** /wallet/internal-transfer: move money between the main and the game wallet. */
export function InternalTransferScreen() {
  const { t } = useTranslation();
  const loggedIn = useAuth(selectIsLoggedIn);
  if (!loggedIn) return <Redirect to="/login" replace />;
  return (
    <div className="mx-auto flex max-w-lg flex-col gap-4">
      <PageHeader title={t('wallet.internalTransfer')} backHref="/wallet" />
      <p className="text-sm text-muted">{t('wallet.internalTransferHint')}</p>
      <TransferForm />
    </div>
  );
}

function TransferForm() {
  const { t } = useTranslation();
  const user = useAuth(selectUser);
  const actor = useActorRef(useMoneyMachines().internalTransfer, { input: {} });
  const direction = useSelector(actor, selectTransferDirection);
  const amount = useSelector(actor, selectTransferAmount);
  const error = useSelector(actor, selectTransferError);
  const busy = useSelector(actor, selectTransferBusy);
  const canSubmit = useSelector(actor, selectTransferCanSubmit);
  const main = { label: t('wallet.mainWallet'), value: user?.main_balance };
  const game = { label: t('wallet.gameWallet'), value: user?.balance };
  const [from, to] = direction === 'mainToGame' ? [main, game] : [game, main];

  const submit = () => actor.send({ type: 'exchange.submit' });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit();
  };
  useMainButton({ text: t('wallet.transferNow'), enabled: canSubmit, busy, onClick: submit });

  return (
    <form className="card flex flex-col gap-4 p-5" onSubmit={onSubmit} noValidate>
      <div className="flex flex-col items-stretch gap-2">
        <WalletTile role={t('wallet.from')} {...from} />
        <button
          type="button"
          className="icon-btn self-center rounded-full border border-line bg-raised text-primary"
          onClick={() => actor.send({ type: 'direction.toggle' })}
          disabled={busy}
          aria-label={`${t('wallet.swap')}: ${t(direction === 'mainToGame' ? 'wallet.mainToGame' : 'wallet.gameToMain')}`}
        >
          <Icon name="swap" />
        </button>
        <WalletTile role={t('wallet.to')} {...to} />
      </div>
      <Field
        label={t('wallet.amount')}
        name="amount"
        numeric
        autoComplete="off"
        placeholder={t('wallet.amountPlaceholder')}
        value={amount}
        disabled={busy}
        onChange={(e) => actor.send({ type: 'amount.change', value: normaliseDigits(e.currentTarget.value) })}
      />
      {error ? <Alert>{translateMessage(t, error)}</Alert> : null}
      <Button type="submit" busy={busy} disabled={!canSubmit} className="tg-web-only w-full">
        {t('wallet.transferNow')}
      </Button>
    </form>
  );
}

function WalletTile({ role, label, value }: { role: string; label: string; value: string | undefined }) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-2xl border border-line bg-raised p-4">
      <div className="min-w-0">
        <p className="text-xs uppercase tracking-wide text-muted">{role}</p>
        <p className="font-semibold">{label}</p>
      </div>
      <Money value={value} className="text-lg" />
    </div>
  );
}
