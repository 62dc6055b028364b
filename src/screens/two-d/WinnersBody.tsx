import type { TFunction } from 'i18next';
import { useTranslation } from '../../i18n/react';
import type { DailyWinnersView } from '../../machines/daily-winners/daily-winners.connect';
import { translateMessage } from '../../app/messages';
import type { DrawWinners } from '../../app/session';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { Money } from '../../components/Money';
import { SkeletonCards } from '../../components/Skeleton';
import { formatDay } from './draw-times';

type T = TFunction;
const sessionName = (t: T, session: string) => (session === 'morning' ? t('two_d.morning') : session === 'evening' ? t('two_d.evening') : session);

/** What the chosen date and draw show: loading, players only, failure, nothing, or the winners. */
export function WinnersBody({ view }: { view: DailyWinnersView }) {
  const { t } = useTranslation();
  const { loading, forbidden, error, emptyText, draw, latest, refresh } = view;

  if (loading) return <SkeletonCards label={t('common.loading')} count={3} />;
  if (forbidden) return <EmptyState icon="lock" title={translateMessage(t, error) ?? t('two_d_winners.forbidden')} />;
  if (error) return <ErrorState message={translateMessage(t, error)} onRetry={refresh} />;
  return (
    <div className="flex flex-col gap-4">
      {draw ? <DrawCard draw={draw} /> : null}
      {emptyText ? <EmptyState icon="trophy" title={translateMessage(t, emptyText)} hint={t('two_d_winners.emptyHint')} /> : null}
      {latest.length ? <LatestResults rows={latest} /> : null}
    </div>
  );
}

function DrawCard({ draw }: { draw: DrawWinners }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="draw-title" className="card overflow-hidden">
      <div className="flex items-center justify-between gap-3 bg-raised p-4">
        <div>
          <h2 id="draw-title" className="text-base font-bold">
            {sessionName(t, draw.session)}
          </h2>
          <p className="text-sm text-muted">{formatDay(draw.date)}</p>
        </div>
        <div className="text-right">
          <p className="text-xs text-muted">{t('two_d_winners.winningNumber')}</p>
          <p className="money text-4xl font-extrabold leading-none">{draw.winDigit || '--'}</p>
        </div>
      </div>
      {draw.winners.length ? <WinnerTable draw={draw} /> : null}
    </section>
  );
}

function WinnerTable({ draw }: { draw: DrawWinners }) {
  const { t } = useTranslation();
  const cell = 'px-3 py-2.5 sm:px-4';
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{t('two_d_winners.winners')}</caption>
        <thead className="text-muted">
          <tr>
            <th scope="col" className={`${cell} font-medium`}>{t('two_d_winners.name')}</th>
            <th scope="col" className={`${cell} text-right font-medium`}>{t('two_d_winners.betAmount')}</th>
            <th scope="col" className={`${cell} text-right font-medium`}>{t('two_d_winners.winAmount')}</th>
          </tr>
        </thead>
        <tbody>
          {draw.winners.map((w, i) => (
            <tr key={`${w.memberName}-${i}`} className="border-t border-line">
              <td className={`${cell} break-all font-medium`}>{w.memberName}</td>
              <td className={`${cell} text-right`}>
                <Money value={w.betAmount} className="text-fg" />
              </td>
              <td className={`${cell} text-right`}>
                <Money value={w.winAmount} className="text-win" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LatestResults({ rows }: { rows: DrawWinners[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="latest-title" className="flex flex-col gap-2">
      <h2 id="latest-title" className="text-lg font-bold">
        {t('two_d_winners.latestResults')}
      </h2>
      <ul className="flex flex-col gap-2">
        {rows.map((row) => (
          <li key={`${row.date}-${row.session}`} className="card flex items-center gap-3 px-4 py-3">
            <span className="money w-12 shrink-0 text-2xl font-extrabold">{row.winDigit || '--'}</span>
            <div className="min-w-0 flex-1">
              <p className="font-semibold">{sessionName(t, row.session)}</p>
              <p className="text-sm text-muted">{formatDay(row.date)}</p>
            </div>
            <span className="text-sm text-muted">{t('two_d_winners.winnersCount', { count: row.winners.length })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
