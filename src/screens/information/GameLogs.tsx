import { useEffect } from 'react';
import { Link } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  selectGameLogs,
  selectGameLogsEmpty,
  selectGameLogsError,
  selectGameLogsFailed,
  selectGameLogsLoading,
} from '../../machines/game-logs/game-logs.selectors';
import { useGameMachines } from '../../app/session';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { SkeletonCards } from '../../components/Skeleton';
import { SubTabs } from '../../components/SubTabs';
import { GAME_LOG_PERIOD_LABELS as LABELS } from '../../lib/labels';
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
  // The address is the truth (links, back, forward); the machine follows it and refetches.
  useEffect(() => {
    actor.send({ type: 'period.change', period });
  }, [actor, period]);
  const rows = useSelector(actor, selectGameLogs);
  const loading = useSelector(actor, selectGameLogsLoading);
  const empty = useSelector(actor, selectGameLogsEmpty);
  const failed = useSelector(actor, selectGameLogsFailed);
  const error = useSelector(actor, selectGameLogsError);

  if (failed) {
    const message = error?.status === 0 ? t('log.networkError') : t('log.fetchFailed');
    return <ErrorState message={message} onRetry={() => actor.send({ type: 'logs.retry' })} />;
  }
  if (loading) return <SkeletonCards label={t('common.loading')} count={4} />;
  if (empty) {
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
  return <GameLogTable rows={rows} />;
}
