import { useTranslation } from '../../i18n/react';
import { BCP47, type Language } from '../../../shared/languages';
import { formatInstant, parseApiTime } from '../../../shared/date-format';
import type { TradingDayFacts } from '../../api/admin';
import type { ConsoleActionView } from '../../machines/console-action/console-action.connect';

/** A Kyat amount as the 2D pages write it (12,500). */
export const kyat = (amount: string) => Number(amount).toLocaleString('en-US');

/** An instant (ISO, or the API's Yangon wall time "YYYY-MM-DD HH:mm:ss") on the Yangon clock in the console's language. */
export function useYangonTime() {
  const { i18n } = useTranslation();
  const locale = BCP47[(i18n.language as Language) in BCP47 ? (i18n.language as Language) : 'en'];
  return (iso: string | null | undefined, kind: 'dateTime' | 'date' | 'time' = 'dateTime') => {
    const at = iso ? parseApiTime(iso) : null;
    return at ? formatInstant(at, locale, kind) : (iso ?? '');
  };
}

/** The words an action left (done, or the server's refusal), as a status line. */
export function ActionNote({ result }: { result: ConsoleActionView<unknown>['result'] }) {
  return result ? (
    <p role="status" className={result.ok ? 'kc-good' : 'kc-bad'}>
      {result.message}
    </p>
  ) : null;
}

/** A day without 2D draws, said before anyone types a result: a weekend, or the named holiday. */
export function NotTradingDay({ day }: { day: TradingDayFacts }) {
  const { t } = useTranslation();
  if (day.trading_day) return null;
  const why = day.closed_reason === 'holiday' ? t('admin.closedHoliday', { name: day.holiday?.name ?? '' }) : t('admin.closedWeekend');
  return (
    <p className="kc-warn" data-testid="not-trading-day">
      <strong>{t('admin.notTradingDay')}</strong> {why}
    </p>
  );
}
