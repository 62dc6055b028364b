import type { FormEvent } from 'react';
import { useActorRef } from '@xstate/react';
import { useTranslation } from '../../i18n/react';
import { connectAuth } from '../../machines/auth/auth.connect';
import type { WithdrawField } from '../../machines/withdraw-form/withdraw-form.machine';
import { connectWithdrawForm, type WithdrawFormView } from '../../machines/withdraw-form/withdraw-form.connect';
import { translateMessage } from '../../app/messages';
import { noticeText } from '../../app/notice-text';
import { useAuthActor, useMoneyMachines } from '../../app/session';
import { useView } from '../../app/use-view';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { AmountField } from '../../components/AmountField';
import { Field } from '../../components/Field';
import { Money } from '../../components/Money';
import { FormSkeleton } from '../../components/Skeleton';
import { PaymentTypePicker } from './PaymentTypePicker';
import { useMainButton } from '../../telegram/use-main-button';

/** Withdraw: to one of the payment types on offer, held from the game balance until approved. */
export function WithdrawForm() {
  const { t } = useTranslation();
  const actor = useActorRef(useMoneyMachines().withdrawForm, { input: {} });
  const view = useView(actor, connectWithdrawForm);

  if (view.loading) return <FormSkeleton label={t('common.loading')} />;
  if (view.loadFailed) return <ErrorState message={translateMessage(t, view.message) ?? t('cashier.loadFailed')} onRetry={view.retry} />;
  if (!view.paymentTypes.length) return <EmptyState icon="bank" title={t('no_data.noDataFound')} hint={t('cashier.noPaymentTypes')} />;
  return <WithdrawFields view={view} />;
}

function WithdrawFields({ view }: { view: WithdrawFormView }) {
  const { t } = useTranslation();
  const { user } = useView(useAuthActor(), connectAuth);
  const { fieldErrors: errors, busy, message } = view;
  // The game balance goes with the submit: an amount above it is refused before sending.
  const submit = () => view.submit(user?.balance);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit();
  };
  useMainButton({ text: t('cashier.submitWithdraw'), enabled: true, busy, onClick: submit });

  return (
    <form className="card flex flex-col gap-4 p-5" onSubmit={onSubmit} noValidate>
      <GameBalance />
      <PaymentTypePicker
        types={view.paymentTypes}
        chosenId={view.paymentTypeId}
        disabled={busy}
        error={errors.payment_type_id ? translateMessage(t, errors.payment_type_id) : undefined}
        onChoose={view.choosePaymentType}
      />
      <PayoutFields view={view} />
      {message ? <Alert>{translateMessage(t, message)}</Alert> : null}
      {view.notice ? <Alert>{noticeText(t, view.notice)}</Alert> : null}
      <Button type="submit" busy={busy} className="tg-web-only w-full">
        {t('cashier.submitWithdraw')}
      </Button>
    </form>
  );
}

/** The game balance the amount is held from (the session's, kept fresh by its poller). */
function GameBalance() {
  const { t } = useTranslation();
  const { user } = useView(useAuthActor(), connectAuth);
  return (
    <div className="rounded-2xl border border-line bg-raised p-4">
      <p className="text-sm text-muted">{t('wallet.gameBalance')}</p>
      <p className="mt-0.5 text-2xl">
        <Money value={user?.balance} />
      </p>
      <p className="mt-2 text-xs text-muted">{t('cashier.heldNote')}</p>
    </div>
  );
}

/** The payout account, the amount and the player's password. */
function PayoutFields({ view }: { view: WithdrawFormView }) {
  const { t } = useTranslation();
  const field = (name: WithdrawField) => ({
    name,
    value: view.values[name],
    error: view.fieldErrors[name],
    disabled: view.busy,
    onChange: (e: { currentTarget: HTMLInputElement }) => view.setField(name, e.currentTarget.value),
  });
  return (
    <>
      <Field label={t('cashier.accountName')} autoComplete="name" {...field('account_name')} />
      <Field label={t('cashier.accountNumber')} numeric autoComplete="off" {...field('account_number')} />
      <AmountField
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
    </>
  );
}
