import { intlLocale } from '../i18n';
import { formatDate } from '../lib/date-format';

/** Business time is Yangon time, whatever the device's zone (domain notes). */
const ZONE = 'Asia/Yangon';

/**
 * A timestamp in the reader's language. ISO timestamps are formatted in Yangon time; the API's
 * ready-made display strings ("2026-11-21 14:05:00", already Yangon) are shown as they are.
 */
export function DateTime({ value, className, compact = false }: { value: string | null | undefined; className?: string; compact?: boolean }) {
  if (!value) return <span className={className}>—</span>;
  return (
    <time dateTime={value} className={`tabular-nums ${className ?? ''}`}>
      {formatDateTime(value, compact)}
    </time>
  );
}

/** `compact` (narrow table cells): a short numeric date. */
export function formatDateTime(value: string, compact = false): string {
  if (!/T/.test(value)) return value;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return formatDate(date, intlLocale(), { timeZone: ZONE, date: compact ? 'short' : 'medium', time: true });
}
