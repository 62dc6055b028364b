import { DigitArt } from '../../components/DigitArt';

interface Props {
  digit: number;
  selected: boolean;
  disabled: boolean;
  label: string;
  onChoose: (digit: number) => void;
}

/** One digit image as a toggle: a gold ring and a lift when chosen. */
export function DigitArtButton({ digit, selected, disabled, label, onChoose }: Props) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      aria-label={label}
      disabled={disabled}
      data-testid={`digit-${digit}`}
      onClick={() => onChoose(digit)}
      className={`kp-digit-tile flex aspect-square w-full items-center justify-center rounded-2xl p-1 transition-transform duration-150 disabled:cursor-not-allowed disabled:opacity-60 ${
        selected ? 'kp-digit-tile-on bg-raised ring-2 ring-primary -translate-y-0.5' : 'hover:-translate-y-0.5'
      }`}
    >
      <DigitArt value={digit} size={96} className="h-auto w-full max-w-22" />
    </button>
  );
}
