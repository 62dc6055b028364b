import { useSearch } from 'wouter';
import { useTranslation } from '../../i18n/react';
import { SubTabs } from '../../components/SubTabs';
import { CashierLogList } from './CashierLogList';
import { GameLogs, isPeriod } from './GameLogs';

const TYPES = ['deposit', 'withdraw', 'game_logs'] as const;
type LogType = (typeof TYPES)[number];

const LABELS: Record<LogType, 'log.depositLog' | 'log.withdrawLog' | 'log.gameLog'> = {
  deposit: 'log.depositLog',
  withdraw: 'log.withdrawLog',
  game_logs: 'log.gameLog',
};

/** /information?tab=logs&type=deposit|withdraw|game_logs */
export function LogsTab() {
  const { t } = useTranslation();
  const query = new URLSearchParams(useSearch());
  const raw = query.get('type');
  const type: LogType = (TYPES as readonly string[]).includes(raw ?? '') ? (raw as LogType) : 'deposit';
  const period = query.get('period');

  return (
    <div className="flex flex-col gap-4">
      <SubTabs
        label={t('log.logType')}
        tabs={TYPES.map((ty) => ({ href: `/information?tab=logs&type=${ty}`, label: t(LABELS[ty]), active: ty === type }))}
      />
      {type === 'game_logs' ? <GameLogs period={isPeriod(period) ? period : 'today'} /> : <CashierLogList key={type} kind={type} />}
    </div>
  );
}
