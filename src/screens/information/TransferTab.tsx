import { useSearch } from 'wouter';
import { useTranslation } from '../../i18n/react';
import { SubTabs } from '../../components/SubTabs';
import { DepositForm } from '../cashier/DepositForm';
import { WithdrawForm } from '../cashier/WithdrawForm';

/** /information?tab=transfer&type=deposit|withdraw (deposit by default). */
export function TransferTab() {
  const { t } = useTranslation();
  const type = new URLSearchParams(useSearch()).get('type') === 'withdraw' ? 'withdraw' : 'deposit';
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <SubTabs
        label={t('wallet.transferType')}
        tabs={[
          { href: '/information?tab=transfer&type=deposit', label: t('wallet.deposit'), active: type === 'deposit' },
          { href: '/information?tab=transfer&type=withdraw', label: t('wallet.withdraw'), active: type === 'withdraw' },
        ]}
      />
      {type === 'deposit' ? <DepositForm /> : <WithdrawForm />}
    </div>
  );
}
