import type { FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useTranslation } from 'react-i18next';
import type { depositFormMachine } from '../../machines/deposit-form/deposit-form.machine';
import {
  selectBanks,
  selectCanCopyAccount,
  selectChooserOpen,
  selectChosenBank,
  selectDepositAmount,
  selectDepositBusy,
  selectDepositFieldErrors,
  selectDepositLoadFailed,
  selectDepositLoading,
  selectDepositMessage,
  selectReceipt,
  selectRefrenceNo,
} from '../../machines/deposit-form/deposit-form.selectors';
import { translateMessage } from '../../app/messages';
import { useMoneyMachines } from '../../app/session';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { Field } from '../../components/Field';
import { FormSkeleton } from '../../components/Skeleton';
import { BankCard } from './BankCard';
import { BankChooser } from './BankChooser';
import { ReceiptPicker } from './ReceiptPicker';
import { useMainButton } from '../../telegram/use-main-button';

type DepositActor = ActorRefFrom<typeof depositFormMachine>;

/** Deposit: pay into the agent's account shown, then report the amount and transaction id. */
export function DepositForm() {
  const { t } = useTranslation();
  const actor = useActorRef(useMoneyMachines().depositForm, { input: {} });
  const loading = useSelector(actor, selectDepositLoading);
  const loadFailed = useSelector(actor, selectDepositLoadFailed);
  const message = useSelector(actor, selectDepositMessage);
  const banks = useSelector(actor, selectBanks);

  if (loading) return <FormSkeleton label={t('common.loading')} />;
  if (loadFailed) return <ErrorState message={translateMessage(t, message) ?? t('cashier.loadFailed')} onRetry={() => actor.send({ type: 'banks.retry' })} />;
  if (!banks.length) return <EmptyState icon="bank" title={t('no_data.noDataFound')} hint={t('cashier.noBanks')} />;
  return <DepositFields actor={actor} />;
}

function DepositFields({ actor }: { actor: DepositActor }) {
  const { t } = useTranslation();
  const banks = useSelector(actor, selectBanks);
  const bank = useSelector(actor, selectChosenBank);
  const chooserOpen = useSelector(actor, selectChooserOpen);
  const errors = useSelector(actor, selectDepositFieldErrors);
  const message = useSelector(actor, selectDepositMessage);
  const busy = useSelector(actor, selectDepositBusy);
  const amount = useSelector(actor, selectDepositAmount);
  const canCopy = useSelector(actor, selectCanCopyAccount);
  const refrenceNo = useSelector(actor, selectRefrenceNo);
  const receipt = useSelector(actor, selectReceipt);

  const submit = () => actor.send({ type: 'deposit.submit' });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit();
  };
  // Not while the bank chooser covers the form (as the page's button is then out of reach).
  useMainButton({ text: t('cashier.submitDeposit'), enabled: !chooserOpen, busy, onClick: submit });

  return (
    <>
      <form className="card flex flex-col gap-4 p-5" onSubmit={onSubmit} noValidate>
        {bank ? (
          <BankCard
            bank={bank}
            canChange={banks.length > 1}
            canCopy={canCopy}
            onCopy={() => actor.send({ type: 'account.copy' })}
            onChange={() => actor.send({ type: 'chooser.open' })}
          />
        ) : null}
        {errors.agent_payment_type_id ? <p className="field-error -mt-2">*{errors.agent_payment_type_id}</p> : null}
        <Field
          label={t('wallet.amount')}
          name="amount"
          numeric
          autoComplete="off"
          placeholder={t('wallet.amountPlaceholder')}
          value={amount}
          disabled={busy}
          error={errors.amount}
          note={<p className="mt-1 text-xs text-muted">{t('cashier.amountDepositHint')}</p>}
          onChange={(e) => actor.send({ type: 'field.change', field: 'amount', value: e.currentTarget.value })}
        />
        <Field
          label={t('cashier.transactionId')}
          name="refrence_no"
          numeric
          autoComplete="off"
          maxLength={6}
          placeholder="123456"
          value={refrenceNo}
          disabled={busy}
          error={errors.refrence_no}
          note={<p className="mt-1 text-xs text-muted">{t('cashier.transactionIdHint')}</p>}
          onChange={(e) => actor.send({ type: 'field.change', field: 'refrence_no', value: e.currentTarget.value })}
        />
        <ReceiptPicker file={receipt} error={errors.receipt} disabled={busy} onChoose={(file) => actor.send({ type: 'receipt.choose', file })} />
        {message ? <Alert>{translateMessage(t, message)}</Alert> : null}
        <Button type="submit" busy={busy} className="tg-web-only w-full">
          {t('cashier.submitDeposit')}
        </Button>
      </form>
      {chooserOpen ? (
        <BankChooser
          banks={banks}
          chosenId={bank?.id ?? null}
          onChoose={(id) => actor.send({ type: 'bank.choose', id })}
          onClose={() => actor.send({ type: 'chooser.close' })}
        />
      ) : null}
    </>
  );
}
