import { useTranslation } from '../../i18n/react';
import { PageHeader } from '../../components/PageHeader';
import { RequireLogin } from '../auth/RequireLogin';
import { DepositForm } from './DepositForm';
import { WithdrawForm } from './WithdrawForm';

/** /top-up/bank: the deposit form as a page of the wallet. */
export function DepositPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <PageHeader title={t('cashier.depositTitle')} backHref="/wallet" />
      <RequireLogin>
        <DepositForm />
      </RequireLogin>
    </div>
  );
}

/** /with-draw: the withdraw form as a page of the wallet. */
export function WithdrawPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <PageHeader title={t('cashier.withdrawTitle')} backHref="/wallet" />
      <RequireLogin>
        <WithdrawForm />
      </RequireLogin>
    </div>
  );
}
