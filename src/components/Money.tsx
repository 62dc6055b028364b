import { useTranslation } from '../i18n/react';
import { formatAmount } from '../lib/money';

/**
 * An amount as the site prints every amount (lib/money formatMoney): "1,000.00 Ks", tabular
 * numerals, the money colour, the currency word in the reader's language.
 */
export function Money({ value, className = '' }: { value: string | number | null | undefined; className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`money whitespace-nowrap ${className}`}>
      {formatAmount(value)} <span className="text-[0.8em] font-medium">{t('common.currency')}</span>
    </span>
  );
}
