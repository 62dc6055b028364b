import { useTranslation } from '../../i18n/react';
import { Link } from 'wouter';
import { translateMessage } from '../../app/messages';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { Icon } from '../../../shared/components/Icon';
import { SkeletonCards } from '../../components/Skeleton';
import { useDigitView } from './digit-view';
import { HistoryList, HistoryTable } from './HistoryRows';

/** The bet history: loaded on entry, replaced by each bet's answer. */
export function HistorySection() {
  const { t } = useTranslation();
  const { history: rows, historyLoading: loading, historyError: error, reloadHistory } = useDigitView();

  let body;
  if (error) body = <ErrorState message={translateMessage(t, error.message)} onRetry={reloadHistory} />;
  else if (loading && !rows.length) body = <SkeletonCards label={t('digit.historyLoading')} count={3} />;
  else if (!rows.length) body = <EmptyState icon="history" title={t('digit.noHistory')} hint={t('digit.noHistoryHint')} />;
  else
    body = (
      <>
        <HistoryList rows={rows} />
        <HistoryTable rows={rows} />
      </>
    );

  return (
    <section className="flex flex-col gap-3" aria-labelledby="digit-history">
      <div className="flex items-center justify-between gap-3">
        <h2 id="digit-history" className="text-lg font-bold">
          {t('digit.history')}
        </h2>
        <Link href="/fairness" className="inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-link" data-testid="fairness-link">
          <Icon name="shield" size={18} />
          {t('digit.fairnessLink')}
        </Link>
      </div>
      {body}
    </section>
  );
}
