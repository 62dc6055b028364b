import { useTranslation } from '../../i18n/react';
import { connectLiveFeed } from '../../machines/live-feed/live-feed.connect';
import { useView } from '../../app/use-view';
import { SkeletonCards } from '../../components/Skeleton';
import type { LiveResult } from '../../app/session';
import { formatClock } from './draw-times';
import type { LiveFeedActor } from './live-feed';

/** Today's result rows from the feed: open time, SET index, value and the 2D number. */
export function ResultRows({ feed }: { feed: LiveFeedActor }) {
  const { t } = useTranslation();
  // `unavailable`: nothing arrived and the feed failed; the board says so, "no results yet" would be wrong.
  const { results: rows, loading, unavailable: failed } = useView(feed, connectLiveFeed);

  return (
    <section aria-labelledby="results-title" className="flex flex-col gap-2">
      <h2 id="results-title" className="text-lg font-bold">
        {t('two_d.results')}
      </h2>
      {loading ? (
        <SkeletonCards label={t('two_d.loading')} count={2} lines={1} />
      ) : failed ? (
        <p className="card px-4 py-6 text-center text-sm text-muted">—</p>
      ) : rows.length ? (
        <ResultTable rows={rows} />
      ) : (
        <p className="card px-4 py-6 text-center text-sm text-muted">{t('two_d.noResults')}</p>
      )}
    </section>
  );
}

const CELL = 'px-3 py-3';

function ResultTable({ rows }: { rows: LiveResult[] }) {
  const { t } = useTranslation();
  return (
    <div className="card overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <thead className="bg-raised text-muted">
          <tr>
            <th scope="col" className={`${CELL} font-medium`}>{t('two_d.openTime')}</th>
            <th scope="col" className={`${CELL} text-right font-medium`}>{t('two_d.set')}</th>
            <th scope="col" className={`${CELL} text-right font-medium`}>{t('two_d.value')}</th>
            <th scope="col" className={`${CELL} text-center font-medium`}>{t('two_d.twoD')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.openTime} className="border-t border-line">
              <td className={`${CELL} whitespace-nowrap tabular-nums`}>{/^\d{2}:\d{2}/.test(row.openTime) ? formatClock(row.openTime.slice(0, 5)) : row.openTime}</td>
              <td className={`${CELL} text-right tabular-nums`}>{row.set || '--'}</td>
              <td className={`${CELL} text-right tabular-nums`}>{row.value || '--'}</td>
              <td className={`${CELL} text-center text-lg font-bold text-money tabular-nums`}>{row.twod || '--'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
