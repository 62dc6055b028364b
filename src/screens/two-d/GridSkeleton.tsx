import { useTranslation } from '../../i18n/react';
import { Skeleton } from '../../components/Skeleton';

/** The grid's shape while the availability loads. */
export function GridSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')} className="grid grid-cols-5 gap-1.5 md:grid-cols-10 md:gap-2">
      {Array.from({ length: 30 }, (_, i) => (
        <Skeleton key={i} className="h-13 rounded-xl" />
      ))}
    </div>
  );
}
