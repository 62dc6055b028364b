import type { TopWithdrawRow } from '../../app/session';
import { Money } from '../../components/Money';

/** The first three places: gold, silver, bronze. */
const MEDALS = ['border-primary text-primary', 'border-silver text-silver', 'border-bronze text-bronze'] as const;

export function RankList({ rows }: { rows: TopWithdrawRow[] }) {
  return (
    <ol className="flex flex-col gap-2">
      {rows.map((row, i) => {
        const medal = MEDALS[i];
        return (
          <li
            key={`${row.playerId}-${i}`}
            className={`flex min-h-14 items-center gap-3 rounded-2xl border px-3 py-2 ${medal ? `${medal} bg-raised` : 'border-line bg-surface'}`}
          >
            <span
              className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-full border-2 text-sm font-extrabold tabular-nums ${medal ?? 'border-line text-muted'}`}
            >
              {i + 1}
            </span>
            <span className="min-w-0 flex-1 truncate font-semibold text-fg">{row.playerId}</span>
            <Money value={row.amount} />
          </li>
        );
      })}
    </ol>
  );
}
