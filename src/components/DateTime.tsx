import { useTranslation } from '../i18n/react';
import { intlLocale } from '../i18n';
import { formatApiTime, parseApiTime } from '../../shared/date-format';

/**
 * A timestamp from the API in the reader's language and Yangon time (shared/date-format): ISO
 * instants and the API's Yangon display strings ("2026-11-21 14:05:00") alike. `<time>` carries
 * the instant for machines.
 */
export function DateTime({ value, className }: { value: string | null | undefined; className?: string }) {
  useTranslation(); // re-render when the language changes
  if (!value) return <span className={className}>—</span>;
  const instant = parseApiTime(value);
  return (
    <time dateTime={instant ? instant.toISOString() : value} className={`tabular-nums ${className ?? ''}`}>
      {formatApiTime(value, intlLocale())}
    </time>
  );
}
