import { useEffect } from 'react';
import { Link } from 'wouter';
import { useActorRef } from '@xstate/react';
import { useTranslation } from '../../i18n/react';
import { connectGameLogs } from '../../machines/game-logs/game-logs.connect';
import { useGameMachines } from '../../app/session';
import { useView } from '../../app/use-view';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { SkeletonCards } from '../../components/Skeleton';
import { SubTabs } from '../../components/SubTabs';
import { GAME_LOG_PERIOD_LABELS as LABELS } from '../../../shared/labels';
import type { GameLogPeriod } from '../../api/types';
import { GameLogTable } from './GameLogTable';

export type Period = GameLogPeriod;
export const PERIODS = Object.keys(LABELS) as Period[];

export function isPeriod(value: string | null): value is Period {
  return !!value && (PERIODS as readonly string[]).includes(value);
}

/** Game logs over a period: today by default; the period lives in the query (`period`). */
export function GameLogs({ period }: { period: Period }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <SubTabs
        label={t('log.period')}
        tabs={PERIODS.map((p) => ({ href: `/information?tab=logs&type=game_logs&period=${p}`, label: t(LABELS[p]), active: p === period }))}
      />
      <GameLogList period={period} />
    </div>
  );
}

function GameLogList({ period }: { period: Period }) {
  const { t } = useTranslation();
  const actor = useActorRef(useGameMachines().gameLogs, { input: { period } });
  const view = useView(actor, connectGameLogs);
  const { choosePeriod } = view;
  // The address is the truth (links, back, forward); the machine follows it and refetches.
  useEffect(() => {
    choosePeriod(period);
  }, [choosePeriod, period]);

  if (view.failed) return <ErrorState message={view.offline ? t('log.networkError') : t('log.fetchFailed')} onRetry={view.retry} />;
  if (view.loading) return <SkeletonCards label={t('common.loading')} count={4} />;
  if (view.empty) {
    return (
      <EmptyState
        icon="gamepad"
        title={t('log.noGameLogs')}
        hint={t('log.noGameLogsHint')}
        action={
          <Link href="/?type=all" className="btn-primary px-6">
            {t('log.goToLobby')}
          </Link>
        }
      />
    );
  }
  return <GameLogTable rows={view.rows} />;
}
