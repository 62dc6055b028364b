import { useTranslation } from '../i18n/react';
import { formatAmount } from '../lib/money';

/** A movement: green with "+" when it adds, red with "−" when it takes (no arithmetic, text only). */
export function SignedMoney({ value, className = '' }: { value: string | number; className?: string }) {
  const { t } = useTranslation();
  const text = String(value).trim();
  const negative = text.startsWith('-');
  const magnitude = negative ? text.slice(1) : text.replace(/^\+/, '');
  return (
    <span className={`whitespace-nowrap tabular-nums font-semibold ${negative ? 'text-loss' : 'text-win'} ${className}`}>
      {negative ? '−' : '+'}
      {/* No opacity on the unit: it keeps the amount's contrast (4.5:1, a loss was 3.67:1 with it). */}
      {formatAmount(magnitude)} <span className="text-[0.8em] font-medium">{t('common.currency')}</span>
    </span>
  );
}
