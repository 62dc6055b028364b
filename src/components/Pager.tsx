import { useTranslation } from '../i18n/react';
import { Icon } from '../../shared/components/Icon';

interface Props {
  page: number;
  lastPage: number;
  hasPrev: boolean;
  hasNext: boolean;
  onPrev: () => void;
  onNext: () => void;
  busy?: boolean;
}

/** Prev / page N of M / Next. Hidden when everything fits on one page. */
export function Pager({ page, lastPage, hasPrev, hasNext, onPrev, onNext, busy = false }: Props) {
  const { t } = useTranslation();
  if (lastPage <= 1 && !hasPrev && !hasNext) return null;
  return (
    <nav aria-label={t('pager.label')} className="mt-4 flex items-center justify-between gap-2">
      <button type="button" className="btn-ghost border border-line px-3" onClick={onPrev} disabled={!hasPrev || busy}>
        <Icon name="chevronLeft" size={18} />
        {t('pager.prev')}
      </button>
      <p className="text-center text-sm text-muted tabular-nums" aria-live="polite">
        {t('pager.pageOf', { page, last: Math.max(lastPage, page) })}
      </p>
      <button type="button" className="btn-ghost border border-line px-3" onClick={onNext} disabled={!hasNext || busy}>
        {t('pager.next')}
        <Icon name="chevronRight" size={18} />
      </button>
    </nav>
  );
}
