import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DigitBetRow } from '../../api/types';
import { DateTime } from '../../components/DateTime';
import { formatAmount } from '../../lib/money';
import { betTypeText } from './digit-text';

/** Profit: green with '+' from zero up, red with '−' below (spec §3), in MMK. */
function Profit({ value }: { value: string }) {
  const negative = value.trim().startsWith('-');
  return (
    <span className={`whitespace-nowrap font-semibold tabular-nums ${negative ? 'text-loss' : 'text-win'}`}>
      {negative ? '−' : '+'}
      {formatAmount(value.replace(/^[-+]/, ''))}
    </span>
  );
}

function Outcome({ row }: { row: DigitBetRow }) {
  const { t } = useTranslation();
  const win = row.outcome === 'win';
  return <span className={`font-semibold ${win ? 'text-win' : 'text-loss'}`}>{win ? t('digit.win') : t('digit.lose')}</span>;
}

function Rolled({ n }: { n: number }) {
  return (
    <span className={`inline-flex h-7 w-7 items-center justify-center rounded-lg text-sm font-extrabold tabular-nums text-bg ${n >= 5 ? 'bg-primary' : 'bg-link'}`}>{n}</span>
  );
}

const digitText = (row: DigitBetRow) => (row.digit === null ? '-' : String(row.digit));

/** Phones: one card per bet. */
export function HistoryList({ rows }: { rows: DigitBetRow[] }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-col gap-2 md:hidden">
      {rows.map((row) => (
        <li key={row.id} className="card flex items-center gap-3 px-3 py-2.5" data-testid="digit-history-row">
          <Rolled n={row.rolledNumber} />
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold">
              {betTypeText(t, row.betType)} {row.digit !== null ? <span className="tabular-nums">{row.digit}</span> : null} <span className="text-muted">·</span> <Outcome row={row} />
            </p>
            <p className="text-xs text-muted tabular-nums">
              {formatAmount(row.betAmount)} × {row.multiplier} · <DateTime value={row.timestamp} compact />
            </p>
          </div>
          <div className="text-right text-sm">
            <Profit value={row.profit} />
            <p className="text-xs text-muted tabular-nums">{formatAmount(row.winAmount)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

const HEAD = 'px-3 py-3 font-medium whitespace-nowrap';

/** Wider screens: the table of spec §3's columns. */
export function HistoryTable({ rows }: { rows: DigitBetRow[] }) {
  const { t } = useTranslation();
  const heads = ['digit.colTime', 'digit.colType', 'digit.colDigit', 'digit.colBet', 'digit.colMultiplier', 'digit.colRolled', 'digit.colOutcome', 'digit.colWin', 'digit.colProfit'] as const;
  return (
    <div className="card hidden overflow-x-auto md:block">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-line text-muted">
          <tr>
            {heads.map((key, i) => (
              <th key={key} scope="col" className={`${HEAD} ${i >= 3 && i !== 6 ? 'text-right' : ''}`}>
                {t(key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((row) => (
            <tr key={row.id} data-testid="digit-history-row">
              <Td>
                <DateTime value={row.timestamp} compact />
              </Td>
              <Td>{betTypeText(t, row.betType)}</Td>
              <Td>{digitText(row)}</Td>
              <Td right>{formatAmount(row.betAmount)}</Td>
              <Td right>x{row.multiplier}</Td>
              <Td right>
                <Rolled n={row.rolledNumber} />
              </Td>
              <Td>
                <Outcome row={row} />
              </Td>
              <Td right>{formatAmount(row.winAmount)}</Td>
              <Td right>
                <Profit value={row.profit} />
              </Td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Td({ children, right = false }: { children: ReactNode; right?: boolean }) {
  return <td className={`px-3 py-2.5 tabular-nums whitespace-nowrap ${right ? 'text-right' : ''}`}>{children}</td>;
}
