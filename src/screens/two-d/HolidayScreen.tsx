import { useActorRef } from '@xstate/react';
import { useTranslation } from '../../i18n/react';
import { useTwoDMachines, type TwoDHoliday } from '../../app/session';
import { EmptyState } from '../../components/EmptyState';
import { Icon } from '../../../shared/components/Icon';
import { PageHeader } from '../../components/PageHeader';
import { SkeletonCards } from '../../components/Skeleton';
import { holidayLabel } from '../../../shared/labels';
import { ResourceError } from '../shared/ResourceError';
import { useResource } from '../shared/use-resource';
import { formatDay, weekdayKey } from './draw-times';

/** /2d/holiday: the coming days without draws besides weekends (date, weekday, name). */
export function HolidayScreen() {
  const { t } = useTranslation();
  const actor = useActorRef(useTwoDMachines().holidays);
  const { data: holidays, failed } = useResource<TwoDHoliday[]>(actor);

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <PageHeader title={t('two_d.holidaysTitle')} backHref="/2d" />
      <p className="text-sm text-muted">{t('two_d.holidaysIntro')}</p>
      {failed ? (
        <ResourceError actor={actor} />
      ) : !holidays ? (
        <SkeletonCards label={t('common.loading')} count={5} lines={2} />
      ) : holidays.length === 0 ? (
        <EmptyState icon="calendar" title={t('two_d.noHolidays')} />
      ) : (
        <ul aria-label={t('two_d.holidaysTitle')} className="flex flex-col gap-2">
          {holidays.map((h) => (
            <li key={h.date} className="card flex items-center gap-3 px-4 py-3">
              <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-raised text-primary">
                <Icon name="calendar" size={20} />
              </span>
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{holidayLabel(t, h)}</p>
                <p className="text-sm text-muted">
                  <time dateTime={h.date}>{formatDay(h.date)}</time>
                  {weekdayKey(h.date) ? ` · ${t(weekdayKey(h.date)!)}` : null}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
