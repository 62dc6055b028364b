import { useTranslation } from '../../i18n/react';
import { onRadioArrows } from '../../components/radio-keys';

export type Direction = 'mainToGame' | 'gameToMain';

const OPTIONS: Array<{ value: Direction; label: 'wallet.mainToGame' | 'wallet.gameToMain' }> = [
  { value: 'mainToGame', label: 'wallet.mainToGame' },
  { value: 'gameToMain', label: 'wallet.gameToMain' },
];

/**
 * Main → Game / Game → Main as a two-option radio group. The machine only knows "toggle", so
 * choosing the other option toggles and choosing the current one does nothing.
 */
export function DirectionToggle({ direction, onToggle, disabled }: { direction: Direction; onToggle: () => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      role="radiogroup"
      aria-label={t('wallet.direction')}
      onKeyDown={(e) => onRadioArrows(e, (i) => (OPTIONS[i]?.value === direction ? undefined : onToggle()))}
      className="grid grid-cols-2 gap-1 rounded-2xl border border-line bg-bg p-1"
    >
      {OPTIONS.map((option) => {
        const checked = option.value === direction;
        return (
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            disabled={disabled}
            onClick={() => (checked ? undefined : onToggle())}
            className={`min-h-11 rounded-xl px-2 text-sm font-semibold transition-colors duration-150 disabled:opacity-60 ${checked ? 'bg-primary text-on-primary' : 'text-muted hover:bg-raised hover:text-fg'}`}
          >
            {t(option.label)}
          </button>
        );
      })}
    </div>
  );
}
