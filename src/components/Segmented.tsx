import { onRadioArrows } from './radio-keys';

export interface SegmentOption<T extends string> {
  value: T;
  label: string;
}

/**
 * A row of mutually exclusive choices (a radio group of buttons, arrow keys move the choice).
 * For a handful of short options where a select would hide them.
 */
export function Segmented<T extends string>({
  label,
  options,
  value,
  onChange,
  disabled = false,
}: {
  label: string;
  options: ReadonlyArray<SegmentOption<T>>;
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
}) {
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className="flex gap-1 rounded-2xl border border-line bg-surface p-1"
      onKeyDown={(e) => onRadioArrows(e, (i) => onChange(options[i]!.value))}
    >
      {options.map((option) => {
        const active = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={active}
            tabIndex={active ? 0 : -1}
            disabled={disabled}
            onClick={() => onChange(option.value)}
            className={`flex min-h-11 flex-1 items-center justify-center rounded-xl px-2 text-center text-sm font-semibold leading-tight transition-colors duration-150 disabled:opacity-60 ${active ? 'bg-primary text-on-primary' : 'text-muted hover:bg-raised hover:text-fg'}`}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
