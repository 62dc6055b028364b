import type { FormEvent } from 'react';
import { Redirect } from 'wouter';
import { useActorRef } from '@xstate/react';
import { useTranslation } from '../../i18n/react';
import { selectIsLoggedIn, selectUser } from '../../machines/auth/auth.selectors';
import { connectTransfer, type TransferView, type Wallet } from '../../machines/transfer/transfer.connect';
import { translateMessage } from '../../app/messages';
import { useAuth, useMoneyMachines } from '../../app/session';
import { useView } from '../../app/use-view';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { AmountField } from '../../components/AmountField';
import { Icon } from '../../../shared/components/Icon';
import { Money } from '../../components/Money';
import { PageHeader } from '../../components/PageHeader';
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
  const actor = useActorRef(useMoneyMachines().transfer, { input: { use: 'internalTransfer' } });
  const view = useView(actor, connectTransfer);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    view.submit();
  };
  useMainButton({ text: t('wallet.transferNow'), enabled: view.canSubmit, busy: view.busy, onClick: view.submit });

  return (
    <form className="card flex flex-col gap-4 p-5" onSubmit={onSubmit} noValidate>
      <WalletSwap view={view} />
      <AmountField
        value={view.amount}
        disabled={view.busy}
        onChange={(e) => view.setAmount(e.currentTarget.value)}
      />
      {view.error ? <Alert>{translateMessage(t, view.error)}</Alert> : null}
      <Button type="submit" busy={view.busy} disabled={!view.canSubmit} className="tg-web-only w-full">
        {t('wallet.transferNow')}
      </Button>
    </form>
  );
}

/** From-wallet, the swap button, to-wallet. */
function WalletSwap({ view }: { view: TransferView }) {
  const { t } = useTranslation();
  const user = useAuth(selectUser);
  const wallets: Record<Wallet, { label: string; value: string | undefined }> = {
    main: { label: t('wallet.mainWallet'), value: user?.main_balance },
    game: { label: t('wallet.gameWallet'), value: user?.balance },
  };
  return (
    <div className="flex flex-col items-stretch gap-2">
      <WalletTile role={t('wallet.from')} {...wallets[view.from]} />
      <button
        type="button"
        className="icon-btn self-center rounded-full border border-line bg-raised text-primary"
        onClick={view.toggleDirection}
        disabled={view.busy}
        aria-label={`${t('wallet.swap')}: ${t(view.direction === 'mainToGame' ? 'wallet.mainToGame' : 'wallet.gameToMain')}`}
      >
        <Icon name="swap" />
      </button>
      <WalletTile role={t('wallet.to')} {...wallets[view.to]} />
    </div>
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
