import { useActorRef } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useMoneyMachines } from '../../app/session';
import { SignedMoney } from '../../components/SignedMoney';
import { SubTabs } from '../../components/SubTabs';
import { formatAmount } from '../../lib/money';
import { PagedListView } from '../shared/PagedListView';

export const PERIODS = ['today', 'yesterday', 'this_week', 'last_week'] as const;
export type Period = (typeof PERIODS)[number];

const LABELS: Record<Period, 'log.today' | 'log.yesterday' | 'log.thisWeek' | 'log.lastWeek'> = {
  today: 'log.today',
  yesterday: 'log.yesterday',
  this_week: 'log.thisWeek',
  last_week: 'log.lastWeek',
};

export function isPeriod(value: string | null): value is Period {
  return !!value && (PERIODS as readonly string[]).includes(value);
}

/** A game log row (GET /player/game-logs). */
export interface GameLogRow {
  game_name: string;
  spin_count: number;
  turnover: string;
  win_loss: string;
}

/**
 * Game logs over a period (today by default; the period lives in the query). Each period is its
 * own list, so choosing another one fetches afresh.
 */
export function GameLogs({ period }: { period: Period }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <SubTabs
        label={t('log.period')}
        tabs={PERIODS.map((p) => ({ href: `/information?tab=logs&type=game_logs&period=${p}`, label: t(LABELS[p]), active: p === period }))}
      />
      <GameLogList key={period} />
    </div>
  );
}

function GameLogList() {
  const { t } = useTranslation();
  const actor = useActorRef(useMoneyMachines().gameLogs, { input: {} });
  return (
    <PagedListView<GameLogRow>
      actor={actor}
      failedMessage={t('log.fetchFailed')}
      empty={{ title: t('log.noGameLogs'), hint: t('log.noGameLogsHint'), icon: 'gamepad' }}
      render={(rows) => (
        <ul className="grid gap-3 lg:grid-cols-2">
          {rows.map((row, i) => (
            <li key={`${row.game_name}-${i}`} className="card flex items-center justify-between gap-3 p-4">
              <div className="min-w-0">
                <p className="truncate font-semibold">{row.game_name}</p>
                <p className="text-sm text-muted tabular-nums">
                  {t('log.spinCount')}: {row.spin_count} · {t('log.turnover')}: {formatAmount(row.turnover)}
                </p>
              </div>
              <SignedMoney value={row.win_loss} />
            </li>
          ))}
        </ul>
      )}
    />
  );
}
