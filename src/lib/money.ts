/**
 * Display of money strings from the API ("1000.00"). No floating point: the string is
 * split and grouped as text, so "12345678901234.56" prints exactly.
 */
export function formatAmount(value: string | number | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || value === '') return decimals ? '0.' + '0'.repeat(decimals) : '0';
  const text = typeof value === 'number' ? String(value) : value.trim();
  const m = /^(-)?(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m) return text;
  const sign = m[1] ?? '';
  const whole = (m[2] || '0').replace(/^0+(?=\d)/, '');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  if (!decimals) return sign + grouped;
  const frac = (m[3] ?? '').padEnd(decimals, '0').slice(0, decimals);
  return `${sign}${grouped}.${frac}`;
}

/**
 * The one way an amount is written: grouped digits, two decimals, then the currency word of the
 * reader's language (`common.currency`: Ks, ကျပ်, 缅元, จ๊าด — docs/decisions/0010-currency-word.md).
 * "1,000.00 Ks". Screens use components/Money, which passes the word.
 */
export function formatMoney(value: string | number | null | undefined, currency: string): string {
  return `${formatAmount(value)} ${currency}`;
}

/** Burmese digits ၀-၉ (U+1040–1049) typed anywhere become ASCII digits. */
export function normaliseDigits(text: string): string {
  return text.replace(/[\u1040-\u1049]/g, (d) => String(d.charCodeAt(0) - 0x1040));
}
