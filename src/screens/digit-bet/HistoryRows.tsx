import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import type { DigitBetRow } from '../../api/types';
import { DateTime } from '../../components/DateTime';
import { Money } from '../../components/Money';
import { SignedMoney } from '../../components/SignedMoney';
import { DIGIT_OUTCOME_LABELS } from '../../../shared/labels';
import { betTypeText } from './digit-text';

function Outcome({ row }: { row: DigitBetRow }) {
  const { t } = useTranslation();
  return <span className={`font-semibold ${row.outcome === 'win' ? 'text-win' : 'text-loss'}`}>{t(DIGIT_OUTCOME_LABELS[row.outcome] ?? 'digit.lose')}</span>;
}

function Rolled({ n }: { n: number }) {
  return (
    <span className={`inline-flex h-7 w-7 items-center justify-center rounded-lg text-sm font-extrabold tabular-nums text-bg ${n >= 5 ? 'bg-primary' : 'bg-link'}`}>{n}</span>
  );
}

const digitText = (row: DigitBetRow) => (row.digit === null ? '-' : String(row.digit));

/** Bet amount × multiplier, the amount in the currency of the page. */
function Stake({ row }: { row: DigitBetRow }) {
  return (
    <span className="whitespace-nowrap tabular-nums">
      <Money value={row.betAmount} className="text-fg" /> × {row.multiplier}
    </span>
  );
}

/** Phones: one card per bet, every figure under its column's name. */
export function HistoryList({ rows }: { rows: DigitBetRow[] }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-col gap-2 md:hidden">
      {rows.map((row) => (
        <li key={row.id} className="card flex flex-col gap-2 px-3 py-3" data-testid="digit-history-row">
          <p className="text-sm font-semibold">
            {betTypeText(t, row.betType)} {row.digit !== null ? <span className="tabular-nums">{row.digit}</span> : null} <span className="text-muted">·</span> <Outcome row={row} />
          </p>
          <dl className="grid grid-cols-[auto_1fr_auto] gap-x-4 gap-y-2 text-sm">
            <Cell label={t('digit.colRolled')}>
              <Rolled n={row.rolledNumber} />
            </Cell>
            <Cell label={`${t('digit.colBet')} × ${t('digit.colMultiplier')}`}>
              <Stake row={row} />
            </Cell>
            <Cell label={t('digit.colWin')} right>
              <Money value={row.winAmount} className="text-fg" />
            </Cell>
            <Cell label={t('digit.colTime')} span>
              <DateTime value={row.timestamp} className="text-muted" />
            </Cell>
            <Cell label={t('digit.colProfit')} right>
              <SignedMoney value={row.profit} />
            </Cell>
          </dl>
        </li>
      ))}
    </ul>
  );
}

function Cell({ label, children, right = false, span = false }: { label: string; children: ReactNode; right?: boolean; span?: boolean }) {
  return (
    <div className={`min-w-0 ${right ? 'text-right' : ''} ${span ? 'col-span-2' : ''}`}>
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

const HEAD = 'px-3 py-3 font-medium whitespace-nowrap';

/** Wider screens: the table of spec §3's columns; amounts carry the currency. */
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
            <HistoryTableRow key={row.id} row={row} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function HistoryTableRow({ row }: { row: DigitBetRow }) {
  const { t } = useTranslation();
  return (
    <tr data-testid="digit-history-row">
      <Td>
        <DateTime value={row.timestamp} />
      </Td>
      <Td>{betTypeText(t, row.betType)}</Td>
      <Td>{digitText(row)}</Td>
      <Td right>
        <Money value={row.betAmount} className="text-fg" />
      </Td>
      <Td right>x{row.multiplier}</Td>
      <Td right>
        <Rolled n={row.rolledNumber} />
      </Td>
      <Td>
        <Outcome row={row} />
      </Td>
      <Td right>
        <Money value={row.winAmount} className="text-fg" />
      </Td>
      <Td right>
        <SignedMoney value={row.profit} />
      </Td>
    </tr>
  );
}

function Td({ children, right = false }: { children: ReactNode; right?: boolean }) {
  return <td className={`px-3 py-2.5 tabular-nums whitespace-nowrap ${right ? 'text-right' : ''}`}>{children}</td>;
}
