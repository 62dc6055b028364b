import type { FormEvent } from 'react';
import { useActorRef } from '@xstate/react';
import { useTranslation } from '../../i18n/react';
import { connectDepositForm, type DepositFormView } from '../../machines/deposit-form/deposit-form.connect';
import { translateMessage } from '../../app/messages';
import { useMoneyMachines } from '../../app/session';
import { useView } from '../../app/use-view';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { AmountField } from '../../components/AmountField';
import { Field } from '../../components/Field';
import { FormSkeleton } from '../../components/Skeleton';
import { BankCard } from './BankCard';
import { BankChooser } from './BankChooser';
import { ReceiptPicker } from './ReceiptPicker';
import { useMainButton } from '../../telegram/use-main-button';

/** Deposit: pay into the agent's account shown, then report the amount and transaction id. */
export function DepositForm() {
  const { t } = useTranslation();
  const actor = useActorRef(useMoneyMachines().depositForm, { input: {} });
  const view = useView(actor, connectDepositForm);

  if (view.loading) return <FormSkeleton label={t('common.loading')} />;
  if (view.loadFailed) return <ErrorState message={translateMessage(t, view.message) ?? t('cashier.loadFailed')} onRetry={view.retry} />;
  if (!view.banks.length) return <EmptyState icon="bank" title={t('no_data.noDataFound')} hint={t('cashier.noBanks')} />;
  return <DepositFields view={view} />;
}

function DepositFields({ view }: { view: DepositFormView }) {
  const { t } = useTranslation();
  const { bank, fieldErrors: errors, busy, message } = view;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    view.submit();
  };
  // Not while the bank chooser covers the form (as the page's button is then out of reach).
  useMainButton({ text: t('cashier.submitDeposit'), enabled: !view.chooserOpen, busy, onClick: view.submit });

  return (
    <>
      <form className="card flex flex-col gap-4 p-5" onSubmit={onSubmit} noValidate>
        {bank ? <BankCard bank={bank} canChange={view.canChangeBank} canCopy={view.canCopy} onCopy={view.copyAccount} onChange={view.openChooser} /> : null}
        {errors.agent_payment_type_id ? <p className="field-error -mt-2">*{errors.agent_payment_type_id}</p> : null}
        <EntryFields view={view} />
        <ReceiptPicker file={view.receipt} error={errors.receipt} disabled={busy} onChoose={view.chooseReceipt} />
        {message ? <Alert>{translateMessage(t, message)}</Alert> : null}
        <Button type="submit" busy={busy} className="tg-web-only w-full">
          {t('cashier.submitDeposit')}
        </Button>
      </form>
      {view.chooserOpen ? <BankChooser banks={view.banks} chosenId={bank?.id ?? null} onChoose={view.chooseBank} onClose={view.closeChooser} /> : null}
    </>
  );
}

/** The amount paid and the transaction id of the payment. */
function EntryFields({ view }: { view: DepositFormView }) {
  const { t } = useTranslation();
  const { fieldErrors: errors, busy } = view;
  return (
    <>
      <AmountField
        value={view.amount}
        disabled={busy}
        error={errors.amount}
        note={<p className="mt-1 text-xs text-muted">{t('cashier.amountDepositHint')}</p>}
        onChange={(e) => view.setAmount(e.currentTarget.value)}
      />
      <Field
        label={t('cashier.transactionId')}
        name="refrence_no"
        numeric
        autoComplete="off"
        maxLength={6}
        placeholder="123456"
        value={view.refrenceNo}
        disabled={busy}
        error={errors.refrence_no}
        note={<p className="mt-1 text-xs text-muted">{t('cashier.transactionIdHint')}</p>}
        onChange={(e) => view.setReference(e.currentTarget.value)}
      />
    </>
  );
}
