import { formatAmount } from '../lib/money';

/** An amount as the spec prints it: "1,000.00 Ks", tabular numerals, the money colour. */
export function Money({ value, className = '', unit = 'Ks' }: { value: string | number | null | undefined; className?: string; unit?: string }) {
  return (
    <span className={`money whitespace-nowrap ${className}`}>
      {formatAmount(value)} <span className="text-[0.8em] font-medium opacity-80">{unit}</span>
    </span>
  );
}
