import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import type { GameLogRow } from '../../app/session';
import { Money } from '../../components/Money';
import { SignedMoney } from '../../components/SignedMoney';

/** Game log rows: cards on phones, a table from tablets up. Money in Ks with thousands separators. */
export function GameLogTable({ rows }: { rows: GameLogRow[] }) {
  return (
    <>
      <GameLogCards rows={rows} />
      <GameLogRows rows={rows} />
    </>
  );
}

function GameLogCards({ rows }: { rows: GameLogRow[] }) {
  const { t } = useTranslation();
  return (
    <ul className="grid gap-3 md:hidden">
      {rows.map((row, i) => (
        <li key={`${row.gameName}-${i}`} className="card flex flex-col gap-3 p-4">
          <div className="flex items-start justify-between gap-3">
            <p className="min-w-0 break-words font-semibold">{row.gameName}</p>
            <SignedMoney value={row.winLoss} />
          </div>
          <dl className="grid grid-cols-3 gap-2 text-sm">
            <Cell label={t('log.spinCount')}>
              <span className="tabular-nums">{row.spinCount}</span>
            </Cell>
            <Cell label={t('log.turnover')}>
              <Money value={row.turnover} className="text-fg" />
            </Cell>
            <Cell label={t('log.payout')}>
              <Money value={row.totalPayout} className="text-fg" />
            </Cell>
          </dl>
        </li>
      ))}
    </ul>
  );
}

const HEAD = 'px-4 py-3 font-medium';
const NUM = 'px-4 py-3 text-right';

function GameLogRows({ rows }: { rows: GameLogRow[] }) {
  const { t } = useTranslation();
  return (
    <div className="card hidden overflow-x-auto md:block">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-line text-muted">
          <tr>
            <th scope="col" className={HEAD}>
              {t('log.game')}
            </th>
            {(['log.spinCount', 'log.turnover', 'log.payout', 'log.winLoss'] as const).map((key) => (
              <th key={key} scope="col" className={`${HEAD} text-right`}>
                {t(key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((row, i) => (
            <tr key={`${row.gameName}-${i}`}>
              <th scope="row" className="px-4 py-3 font-semibold">
                {row.gameName}
              </th>
              <td className={`${NUM} tabular-nums`}>{row.spinCount}</td>
              <td className={NUM}>
                <Money value={row.turnover} className="text-fg" />
              </td>
              <td className={NUM}>
                <Money value={row.totalPayout} className="text-fg" />
              </td>
              <td className={NUM}>
                <SignedMoney value={row.winLoss} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Cell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="mt-0.5 truncate">{children}</dd>
    </div>
  );
}
