import { normaliseDigits } from '../../lib/money';

/** Reads named text fields from a submitted form; digit fields get Burmese digits normalised. */
export function readFields<K extends string>(form: HTMLFormElement, names: readonly K[], digits: readonly K[] = []): Record<K, string> {
  const data = new FormData(form);
  const out = {} as Record<K, string>;
  for (const name of names) {
    const value = String(data.get(name) ?? '').trim();
    out[name] = digits.includes(name) ? normaliseDigits(value) : value;
  }
  return out;
}
