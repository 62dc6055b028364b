import { useTranslation } from '../../i18n/react';
import { Icon } from '../../../shared/components/Icon';
import { BankLogo } from './BankLogo';
import type { BankView } from './types';

/** The account to pay into: logo, type, name and number with Copy, and Change to pick another. */
interface Props {
  bank: BankView;
  onCopy: () => void;
  onChange: () => void;
  canChange: boolean;
  /** Copy works only when the account has a number (spec). */
  canCopy: boolean;
}

export function BankCard({ bank, onCopy, onChange, canChange, canCopy }: Props) {
  const { t } = useTranslation();
  return (
    <section className="rounded-2xl border border-primary bg-raised p-4" aria-labelledby="pay-to-title">
      <div className="flex items-center justify-between gap-3">
        <h2 id="pay-to-title" className="text-sm font-medium text-muted">
          {t('cashier.payTo')}
        </h2>
        {canChange ? (
          <button type="button" className="btn-ghost -mr-2 px-3 text-primary" onClick={onChange} aria-haspopup="dialog">
            {t('cashier.change')}
            <Icon name="chevronRight" size={18} />
          </button>
        ) : null}
      </div>
      <div className="mt-2 flex items-center gap-3">
        <BankLogo src={bank.img} />
        <div className="min-w-0">
          <p className="font-bold">{bank.paymentTypeName}</p>
          <p className="truncate text-sm text-muted">{bank.accountName}</p>
        </div>
      </div>
      <div className="mt-3 flex items-center justify-between gap-2 rounded-xl border border-line bg-bg py-1 pl-3 pr-1">
        <div className="min-w-0">
          <p className="text-xs text-muted">{t('cashier.accountNumber')}</p>
          <p className="truncate text-lg font-semibold tabular-nums tracking-wide">{bank.accountNumber || '—'}</p>
        </div>
        {/* Named by its visible word plus what it copies: "Copy · Account number". */}
        <button type="button" className="btn-outline shrink-0 px-3" onClick={onCopy} disabled={!canCopy}>
          <Icon name="copy" size={18} />
          {t('cashier.copy')}
          <span className="sr-only"> · {t('cashier.accountNumber')}</span>
        </button>
      </div>
    </section>
  );
}
