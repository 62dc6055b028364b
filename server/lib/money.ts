import { isOverNumericCap } from './numeric-text';

/**
 * Money is a bigint count of pya (1 Ks = 100 pya). Requests carry whole Kyat as JSON numbers;
 * responses carry strings with two decimals ("1000.00"), as the legacy backend does.
 */
export const PYA_PER_KYAT = 100n;

export function kyat(whole: number | bigint): bigint {
  if (typeof whole === 'number' && !Number.isSafeInteger(whole)) {
    throw new RangeError(`not a whole Kyat amount: ${whole}`);
  }
  return BigInt(whole) * PYA_PER_KYAT;
}

export function formatMoney(pya: bigint): string {
  const neg = pya < 0n;
  const abs = neg ? -pya : pya;
  const whole = abs / PYA_PER_KYAT;
  const frac = (abs % PYA_PER_KYAT).toString().padStart(2, '0');
  return `${neg ? '-' : ''}${whole}.${frac}`;
}

const MONEY_TEXT = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** Parses "1000.00" / "1000" / "1000.5" into pya; rejects anything else, and anything over the numeric cap unread. */
export function parseMoney(text: string): bigint {
  const trimmed = text.trim();
  const m = !isOverNumericCap(trimmed) ? MONEY_TEXT.exec(trimmed) : null;
  if (!m) throw new RangeError(`not a money amount: ${trimmed.slice(0, 40)}`);
  const pya = BigInt(m[2]!) * PYA_PER_KYAT + BigInt((m[3] ?? '0').padEnd(2, '0'));
  return m[1] ? -pya : pya;
}
