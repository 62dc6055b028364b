import { memo, useCallback } from 'react';
import { useTranslation } from '../../i18n/react';
import { ALL_NUMBERS } from '../../lib/two-d/shortcuts';
import type { NumberAvailability } from '../../app/session';
import { levelOf, remainingPercent, type Level } from './availability';
import { useBetView } from './bet-view';
import { FillBar } from './FillBar';
import { haptic } from '../../telegram/effects';

/** The 100 numbers: 5 columns on phones, 10 from tablets; each a toggle with its fill bar. */
export function NumberGrid() {
  const { t } = useTranslation();
  const { picked, availabilityByNum: byNum, closed, toggleNumber } = useBetView();
  const open = !closed;
  // The same callback on every render: a cell redraws only when its own number changes.
  const toggle = useCallback(
    (num: string) => {
      haptic('selection');
      toggleNumber(num);
    },
    [toggleNumber],
  );

  return (
    <ul aria-label={t('two_d.grid')} className="grid grid-cols-5 gap-1.5 md:grid-cols-10 md:gap-2">
      {ALL_NUMBERS.map((num) => (
        <Cell key={num} num={num} row={byNum[num]} open={open} selected={picked.includes(num)} onToggle={toggle} />
      ))}
    </ul>
  );
}

const CELL: Record<Level, string> = {
  plenty: 'border-line bg-surface hover:border-win',
  some: 'border-line bg-surface hover:border-pending',
  few: 'border-line bg-surface hover:border-loss',
  full: 'border-line bg-bg text-muted',
};

interface CellProps {
  num: string;
  row: NumberAvailability | undefined;
  open: boolean;
  selected: boolean;
  onToggle: (num: string) => void;
}

const Cell = memo(function Cell({ num, row, open, selected, onToggle }: CellProps) {
  const { t } = useTranslation();
  const level = levelOf(row, open);
  const percent = remainingPercent(row);
  const unavailable = level === 'full' && !selected;
  const state = level === 'full' ? t('two_d.cellFull') : t('two_d.cellRemaining', { percent });
  return (
    <li className="flex">
      <button
        type="button"
        aria-pressed={selected}
        disabled={unavailable}
        aria-label={`${num}, ${state}`}
        onClick={() => onToggle(num)}
        className={`relative flex min-h-13 flex-1 flex-col items-center justify-center overflow-hidden rounded-xl border pb-1.5 text-lg font-bold tabular-nums transition-colors duration-150 disabled:cursor-not-allowed ${selected ? 'border-primary bg-primary text-on-primary' : CELL[level]}`}
      >
        {num}
        <FillBar level={level} percent={percent} className="absolute inset-x-1.5 bottom-1.5" />
      </button>
    </li>
  );
});
