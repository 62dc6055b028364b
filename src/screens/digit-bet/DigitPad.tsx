import { useTranslation } from '../../i18n/react';
import type { DigitSide } from '../../api/types';
import { useDigitView } from './digit-view';
import { DigitArtButton } from './DigitArtButton';
import { haptic } from '../../telegram/effects';

const ROWS = [
  [0, 1, 2, 3, 4],
  [5, 6, 7, 8, 9],
] as const;

/** Two rows of digit images (0–4, 5–9) and the Big/Small buttons; a digit choice disables Big/Small. */
export function DigitPad() {
  const { t } = useTranslation();
  const { digit, canChooseDigit: canChoose, chooseDigit } = useDigitView();
  const choose = (d: number) => {
    haptic('selection');
    chooseDigit(d);
  };

  return (
    <section className="card flex flex-col gap-3 p-3 sm:p-4" aria-labelledby="digit-pick">
      <div>
        <h2 id="digit-pick" className="text-base font-bold">
          {t('digit.pickDigit')}
        </h2>
        <p className="text-xs text-muted">{t('digit.choose')}</p>
      </div>
      {ROWS.map((row) => (
        <div key={row[0]} className="grid grid-cols-5 gap-2 sm:gap-3">
          {row.map((d) => (
            <DigitArtButton key={d} digit={d} selected={digit === d} disabled={!canChoose} label={t('digit.digitLabel', { n: d })} onChoose={choose} />
          ))}
        </div>
      ))}
      <SideButtons />
    </section>
  );
}

function SideButtons() {
  const { t } = useTranslation();
  const { side, canChooseSide: canChoose, chooseSide } = useDigitView();
  const options: Array<{ value: DigitSide; label: string; range: string }> = [
    { value: 'big', label: t('digit.big'), range: '5-9' },
    { value: 'small', label: t('digit.small'), range: '0-4' },
  ];
  return (
    <div className="grid grid-cols-2 gap-2 sm:gap-3">
      {options.map((o) => {
        const on = side === o.value;
        return (
          <button
            key={o.value}
            type="button"
            aria-pressed={on}
            disabled={!canChoose}
            data-testid={`side-${o.value}`}
            onClick={() => {
              haptic('selection');
              chooseSide(o.value);
            }}
            className={`btn min-h-14 flex-col gap-0 rounded-2xl border text-base ${
              on ? 'border-primary bg-primary text-on-primary' : o.value === 'big' ? 'border-primary bg-surface text-primary hover:bg-raised' : 'border-link bg-surface text-link hover:bg-raised'
            }`}
          >
            <span className="font-extrabold tracking-wide">{o.label}</span>
            <span className="text-xs font-semibold tabular-nums opacity-80">({o.range})</span>
          </button>
        );
      })}
    </div>
  );
}
