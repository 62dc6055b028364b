import type { FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useTranslation } from 'react-i18next';
import { selectUser } from '../../machines/auth/auth.selectors';
import type { WithdrawField, withdrawFormMachine } from '../../machines/withdraw-form/withdraw-form.machine';
import {
  selectAccountName,
  selectAccountNumber,
  selectPaymentTypeId,
  selectPaymentTypes,
  selectWithdrawAmount,
  selectWithdrawBusy,
  selectWithdrawFieldErrors,
  selectWithdrawLoadFailed,
  selectWithdrawLoading,
  selectWithdrawMessage,
  selectWithdrawPassword,
} from '../../machines/withdraw-form/withdraw-form.selectors';
import { translateMessage } from '../../app/messages';
import { useAuth, useMoneyMachines } from '../../app/session';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { Field } from '../../components/Field';
import { Money } from '../../components/Money';
import { FormSkeleton } from '../../components/Skeleton';
import { PaymentTypePicker } from './PaymentTypePicker';
import { useMainButton } from '../../telegram/use-main-button';

type WithdrawActor = ActorRefFrom<typeof withdrawFormMachine>;

/** Withdraw: to one of the payment types on offer, held from the game balance until approved. */
export function WithdrawForm() {
  const { t } = useTranslation();
  const actor = useActorRef(useMoneyMachines().withdrawForm, { input: {} });
  const loading = useSelector(actor, selectWithdrawLoading);
  const loadFailed = useSelector(actor, selectWithdrawLoadFailed);
  const message = useSelector(actor, selectWithdrawMessage);
  const types = useSelector(actor, selectPaymentTypes);

  if (loading) return <FormSkeleton label={t('common.loading')} />;
  if (loadFailed) return <ErrorState message={translateMessage(t, message) ?? t('cashier.loadFailed')} onRetry={() => actor.send({ type: 'options.retry' })} />;
  if (!types.length) return <EmptyState icon="bank" title={t('no_data.noDataFound')} hint={t('cashier.noPaymentTypes')} />;
  return <WithdrawFields actor={actor} />;
}

function WithdrawFields({ actor }: { actor: WithdrawActor }) {
  const { t } = useTranslation();
  const user = useAuth(selectUser);
  const types = useSelector(actor, selectPaymentTypes);
  const typeId = useSelector(actor, selectPaymentTypeId);
  const errors = useSelector(actor, selectWithdrawFieldErrors);
  const message = useSelector(actor, selectWithdrawMessage);
  const busy = useSelector(actor, selectWithdrawBusy);
  const values: Record<WithdrawField, string> = {
    account_name: useSelector(actor, selectAccountName),
    account_number: useSelector(actor, selectAccountNumber),
    amount: useSelector(actor, selectWithdrawAmount),
    password: useSelector(actor, selectWithdrawPassword),
  };
  const field = (name: WithdrawField) => ({
    name,
    value: values[name],
    error: errors[name],
    disabled: busy,
    onChange: (e: { currentTarget: HTMLInputElement }) => actor.send({ type: 'field.change', field: name, value: e.currentTarget.value }),
  });

  const submit = () => actor.send({ type: 'withdraw.submit' });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit();
  };
  useMainButton({ text: t('cashier.submitWithdraw'), enabled: true, busy, onClick: submit });

  return (
    <form className="card flex flex-col gap-4 p-5" onSubmit={onSubmit} noValidate>
      <div className="rounded-2xl border border-line bg-raised p-4">
        <p className="text-sm text-muted">{t('wallet.gameBalance')}</p>
        <p className="mt-0.5 text-2xl">
          <Money value={user?.balance} />
        </p>
        <p className="mt-2 text-xs text-muted">{t('cashier.heldNote')}</p>
      </div>
      <PaymentTypePicker
        types={types}
        chosenId={typeId}
        disabled={busy}
        error={errors.payment_type_id ? translateMessage(t, errors.payment_type_id) : undefined}
        onChoose={(id) => actor.send({ type: 'paymentType.choose', id })}
      />
      <Field label={t('cashier.accountName')} autoComplete="name" {...field('account_name')} />
      <Field label={t('cashier.accountNumber')} numeric autoComplete="off" {...field('account_number')} />
      <Field
        label={t('wallet.amount')}
        numeric
        autoComplete="off"
        placeholder={t('wallet.amountPlaceholder')}
        note={<p className="mt-1 text-xs text-muted">{t('cashier.amountWithdrawHint')}</p>}
        {...field('amount')}
      />
      <Field
        label={t('cashier.password')}
        type="password"
        autoComplete="current-password"
        note={<p className="mt-1 text-xs text-muted">{t('cashier.passwordHint')}</p>}
        {...field('password')}
      />
      {message ? <Alert>{translateMessage(t, message)}</Alert> : null}
      <Button type="submit" busy={busy} className="tg-web-only w-full">
        {t('cashier.submitWithdraw')}
      </Button>
    </form>
  );
}
