import { useTranslation } from '../../i18n/react';
import { timeIdOf } from '../../lib/two-d/session';
import { Icon } from '../../../shared/components/Icon';
import { Skeleton } from '../../components/Skeleton';
import { SubTabs } from '../../components/SubTabs';
import { clockText, DRAW_TIMES, formatClock, formatDay, yangonClock } from './draw-times';
import { useBetView } from './bet-view';

/** The draw this bet joins (12:00 PM or 04:30 PM), its date and when betting on it closes. */
export function SessionCard() {
  const { t } = useTranslation();
  const { session, availability } = useBetView();
  const closes = yangonClock(availability?.closesAt);

  return (
    <section aria-label={t('two_d.drawTime')} className="card flex flex-col gap-3 p-4">
      <SubTabs
        label={t('two_d.drawTime')}
        tabs={DRAW_TIMES.map((d) => ({ href: `/2d/bet?time=${timeIdOf(d.session)}`, label: formatClock(d.draw), active: d.session === session }))}
      />
      {!availability ? (
        <Skeleton className="h-5 w-3/4" />
      ) : availability.status === 'open' ? (
        <p className="flex items-start gap-2 text-sm">
          <Icon name="clock" size={18} className="mt-0.5 shrink-0 text-win" />
          <span>
            {t('two_d.sessionOpen', { date: formatDay(availability.date), time: closes ? formatClock(clockText(closes)) : '—' })}
          </span>
        </p>
      ) : (
        <p role="status" className="flex items-start gap-2 rounded-xl border border-pending bg-raised px-3 py-2 text-sm">
          <Icon name="lock" size={18} className="mt-0.5 shrink-0 text-pending" />
          <span>{availability.status === 'holiday' ? t('two_d.sessionHoliday') : t('two_d.sessionClosed', { time: closes ? formatClock(clockText(closes)) : '—' })}</span>
        </p>
      )}
    </section>
  );
}
