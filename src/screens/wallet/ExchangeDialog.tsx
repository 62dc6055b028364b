import type { FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useTranslation } from 'react-i18next';
import type { exchangeMachine } from '../../machines/exchange/exchange.machine';
import {
  selectAmount,
  selectCanSubmit,
  selectDirection,
  selectExchangeBusy,
  selectExchangeError,
  selectExchangeOpen,
} from '../../machines/exchange/exchange.selectors';
import { selectUser } from '../../machines/auth/auth.selectors';
import { translateMessage } from '../../app/messages';
import { useAuth } from '../../app/session';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Field } from '../../components/Field';
import { Money } from '../../components/Money';
import { normaliseDigits } from '../../lib/money';
import { DirectionToggle } from './DirectionToggle';
import { useMainButton } from '../../telegram/use-main-button';

export type ExchangeActor = ActorRefFrom<typeof exchangeMachine>;

/** The Exchange Balance dialog (spec): moves money between the main and the game balance. */
export function ExchangeDialog({ actor }: { actor: ExchangeActor }) {
  const open = useSelector(actor, selectExchangeOpen);
  return open ? <ExchangeForm actor={actor} /> : null;
}

function ExchangeForm({ actor }: { actor: ExchangeActor }) {
  const { t } = useTranslation();
  const user = useAuth(selectUser);
  const direction = useSelector(actor, selectDirection);
  const amount = useSelector(actor, selectAmount);
  const error = useSelector(actor, selectExchangeError);
  const busy = useSelector(actor, selectExchangeBusy);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const close = () => actor.send({ type: 'exchange.close' });

  const submit = () => actor.send({ type: 'exchange.submit' });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit();
  };
  useMainButton({ text: t('wallet.exchange'), enabled: canSubmit, busy, onClick: submit });

  return (
    <Dialog title={t('wallet.exchangeBalance')} onClose={close}>
      <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
        <dl className="grid grid-cols-2 gap-2">
          <BalanceTile label={t('wallet.mainBalance')} value={user?.main_balance} from={direction === 'mainToGame'} />
          <BalanceTile label={t('wallet.gameBalance')} value={user?.balance} from={direction === 'gameToMain'} />
        </dl>
        <DirectionToggle direction={direction} onToggle={() => actor.send({ type: 'direction.toggle' })} disabled={busy} />
        <Field
          label={t('wallet.amount')}
          name="amount"
          numeric
          autoComplete="off"
          placeholder={t('wallet.amountPlaceholder')}
          data-autofocus
          value={amount}
          min={1}
          disabled={busy}
          onChange={(e) => actor.send({ type: 'amount.change', value: normaliseDigits(e.currentTarget.value) })}
        />
        {error ? <Alert>{translateMessage(t, error)}</Alert> : null}
        {/* Equal columns for the buttons shown: Cancel alone fills the row inside Telegram. */}
        <div className="grid auto-cols-fr grid-flow-col gap-3 pt-1">
          <Button variant="outline" onClick={close}>
            {t('btn.cancel')}
          </Button>
          <Button type="submit" busy={busy} disabled={!canSubmit} className="tg-web-only">
            {t('wallet.exchange')}
          </Button>
        </div>
      </form>
    </Dialog>
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
