import { createHash } from 'node:crypto';

/**
 * The seamless wallet protocol our aggregators speak (docs/seamless.md): result codes, the
 * action words that sign each call, currencies and exact amounts. Pure functions, shared by the
 * callbacks (server/routes/seamless), the real launch adapter and the demo aggregator.
 */

export const SeamlessCode = {
  Success: 0,
  /** Internal error, or a request we cannot accept (stale request_time, malformed, refused bet). */
  InternalError: 999,
  MemberNotExist: 1000,
  InsufficientBalance: 1001,
  DuplicateTransaction: 1003,
  InvalidSignature: 1004,
  BetNotExist: 1006,
  InvalidCurrency: 2001,
} as const;
export type SeamlessCode = (typeof SeamlessCode)[keyof typeof SeamlessCode];

/** The callbacks, and the word each one's signature is made with. */
export const ACTION_WORDS = {
  balance: 'getbalance',
  withdraw: 'withdraw',
  deposit: 'deposit',
  pushbetdata: 'pushbetdata',
} as const;
export type SeamlessEndpoint = keyof typeof ACTION_WORDS;
export const LAUNCH_WORD = 'launchgame';

export function isSeamlessEndpoint(value: string): value is SeamlessEndpoint {
  return Object.hasOwn(ACTION_WORDS, value);
}

/** sign = md5(operator_code + request_time + action word + secret_key), lowercase hex. */
export function seamlessSign(operatorCode: string, requestTime: string, word: string, secretKey: string): string {
  return createHash('md5').update(`${operatorCode}${requestTime}${word}${secretKey}`, 'utf8').digest('hex');
}

/**
 * request_time as sent (a JSON number or a digit string), in unix seconds or milliseconds.
 * Returns the text the signature covers and the instant, or undefined when it is neither.
 */
export function parseRequestTime(value: unknown): { text: string; ms: number } | undefined {
  let text: string;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) text = String(value);
  else if (typeof value === 'string' && /^\d{1,16}$/.test(value)) text = value;
  else return undefined;
  const n = Number(text);
  // Seconds until the year 5138; anything larger is milliseconds.
  const ms = n >= 1e11 ? n : n * 1000;
  return { text, ms };
}

/** Currencies we accept: MMK counts Kyat; MMK2 counts thousands of Kyat. Amounts end up in pya. */
export const CURRENCIES = {
  MMK: { pyaPerUnit: 100n, decimals: 2 },
  MMK2: { pyaPerUnit: 100_000n, decimals: 5 },
} as const;
export type Currency = keyof typeof CURRENCIES;

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && Object.hasOwn(CURRENCIES, value);
}

/** Up to 15 significant digits survive a JSON number's trip through a double exactly. */
const MAX_NUMBER_DIGITS = 15;
const DECIMAL_TEXT = /^([+-])?(\d+)?(?:\.(\d+))?(?:[eE]([+-]?\d{1,3}))?$/;

/**
 * An amount in `currency` units, as a JSON number or a numeric string, to exact signed pya.
 * Numbers are read back through their shortest decimal text (what the sender wrote, for up to 15
 * significant digits), so 0.1 is 10 pya, never 0.1000000000000000055…; more precision than the
 * currency has (a third decimal of MMK) or than a double carries is refused (undefined).
 */
export function parseAmount(value: unknown, currency: Currency): bigint | undefined {
  let text: string;
  let fromNumber = false;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    text = String(value);
    fromNumber = true;
  } else if (typeof value === 'string' && value.trim().length > 0 && value.length <= 40) {
    text = value.trim();
  } else {
    return undefined;
  }
  const m = DECIMAL_TEXT.exec(text);
  if (!m || (m[2] === undefined && m[3] === undefined)) return undefined;
  const [, sign, whole = '', fraction = '', exponent = '0'] = m;
  // digits × 10^-scale
  let digits = (whole + fraction).replace(/^0+/, '');
  let scale = fraction.length - Number(exponent);
  // Drop trailing zeros of the fraction (1.50 is 1.5).
  while (scale > 0 && digits.endsWith('0')) {
    digits = digits.slice(0, -1);
    scale -= 1;
  }
  if (digits === '') return 0n;
  if (fromNumber && digits.length > MAX_NUMBER_DIGITS) return undefined;
  const { pyaPerUnit, decimals } = CURRENCIES[currency];
  if (scale > decimals) return undefined;
  let units = BigInt(digits);
  let pya: bigint;
  if (scale >= 0) {
    pya = (units * pyaPerUnit) / 10n ** BigInt(scale);
  } else {
    if (-scale > 30) return undefined;
    units *= 10n ** BigInt(-scale);
    pya = units * pyaPerUnit;
  }
  // pya per unit is 10^(decimals), so any scale ≤ decimals divides exactly.
  if (pya > MAX_PYA) return undefined;
  return sign === '-' ? -pya : pya;
}

/** Larger than any balance the bigint columns should see from one call (10^15 Kyat). */
const MAX_PYA = 10n ** 17n;

/**
 * A balance in the request's currency as a JSON number with at most two decimals. MMK2 (thousands
 * of Kyat) is truncated to two decimals, i.e. to 10 Ks, so we never report more than the player
 * has: 1,234.56 Ks is 1.23 MMK2.
 */
export function formatUnits(pya: bigint, currency: Currency): number {
  const hundredths = (pya * 100n) / CURRENCIES[currency].pyaPerUnit; // truncates towards zero
  const neg = hundredths < 0n;
  const abs = neg ? -hundredths : hundredths;
  const text = `${neg ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
  return Number(text);
}
