import type { FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useTranslation } from '../../i18n/react';
import type { transferMachine } from '../../machines/transfer/transfer.machine';
import { connectTransfer, type TransferView } from '../../machines/transfer/transfer.connect';
import { selectUser } from '../../machines/auth/auth.selectors';
import { translateMessage } from '../../app/messages';
import { useAuth } from '../../app/session';
import { useView } from '../../app/use-view';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { AmountField } from '../../components/AmountField';
import { Money } from '../../components/Money';
import { DirectionToggle } from './DirectionToggle';
import { useMainButton } from '../../telegram/use-main-button';

/** A transfer actor started with `{ use: 'exchange' }`. */
export type ExchangeActor = ActorRefFrom<typeof transferMachine>;

/** The Exchange Balance dialog (spec): moves money between the main and the game balance. */
export function ExchangeDialog({ actor }: { actor: ExchangeActor }) {
  const view = useView(actor, connectTransfer);
  return view.isOpen ? <ExchangeForm view={view} /> : null;
}

function ExchangeForm({ view }: { view: TransferView }) {
  const { t } = useTranslation();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    view.submit();
  };
  useMainButton({ text: t('wallet.exchange'), enabled: view.canSubmit, busy: view.busy, onClick: view.submit });

  return (
    <Dialog title={t('wallet.exchangeBalance')} onClose={view.close}>
      <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
        <ExchangeFields view={view} />
        {/* Equal columns for the buttons shown: Cancel alone fills the row inside Telegram. */}
        <div className="grid auto-cols-fr grid-flow-col gap-3 pt-1">
          <Button variant="outline" onClick={view.close}>
            {t('btn.cancel')}
          </Button>
          <Button type="submit" busy={view.busy} disabled={!view.canSubmit} className="tg-web-only">
            {t('wallet.exchange')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Both balances (the one the money leaves marked), the direction, the amount and what went wrong. */
function ExchangeFields({ view }: { view: TransferView }) {
  const { t } = useTranslation();
  const user = useAuth(selectUser);
  return (
    <>
      <dl className="grid grid-cols-2 gap-2">
        <BalanceTile label={t('wallet.mainBalance')} value={user?.main_balance} from={view.from === 'main'} />
        <BalanceTile label={t('wallet.gameBalance')} value={user?.balance} from={view.from === 'game'} />
      </dl>
      <DirectionToggle direction={view.direction} onToggle={view.toggleDirection} disabled={view.busy} />
      <AmountField
        data-autofocus
        value={view.amount}
        min={1}
        disabled={view.busy}
        onChange={(e) => view.setAmount(e.currentTarget.value)}
      />
      {view.error ? <Alert>{translateMessage(t, view.error)}</Alert> : null}
    </>
  );
}

function BalanceTile({ label, value, from }: { label: string; value: string | undefined; from: boolean }) {
  return (
    <div className={`rounded-2xl border p-3 ${from ? 'border-primary bg-raised' : 'border-line bg-bg'}`}>
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="mt-1 text-base">
        <Money value={value} />
      </dd>
    </div>
  );
}
