/**
 * A refusal's words from a locale catalogue (locales/refusals/<lang>.json): `{{name}}` filled from
 * the parameters, and `{{field}}` with the field's label in that language ("reference number" for
 * `refrence_no`; `amounts.3.num` reads as its last named part and line: "number #4"). Pure and dependency-free: the
 * server words its answers with it and the site words the codes it receives (decision 0009's
 * exception for contract modules applies).
 */
import { formatInstant } from './date-format';

export interface RefusalCatalogue {
  refusal: Record<string, string>;
  field: Record<string, string>;
  /**
   * How a wait reads ("about 49 minutes"): `minutes_one/_other`, `hours_one/_other`, the language's
   * `digits` (`mymr`: Myanmar digits) and `locale` (its BCP 47 tag for a date: `{{until}}`).
   */
  wait?: Record<string, string>;
}

export interface CodedRefusal {
  code: string;
  params?: Record<string, string | number>;
}

export function fieldLabelIn(catalogue: RefusalCatalogue, field: string, fallback?: RefusalCatalogue): string {
  const parts = field.split('.');
  const named = parts.filter((part) => !/^\d+$/.test(part)).at(-1) ?? field;
  const label = catalogue.field[named] ?? fallback?.field[named] ?? named.replace(/_/g, ' ');
  // A line of a list (`amounts.2.num`) is counted from 1: "number #3".
  const index = [...parts].reverse().find((part) => /^\d+$/.test(part));
  return index === undefined ? label : `${label} #${Number(index) + 1}`;
}

/** The words, or null when neither catalogue knows the code. */
export function wordRefusal(catalogue: RefusalCatalogue, refusal: CodedRefusal, fallback?: RefusalCatalogue): string | null {
  const template = catalogue.refusal[refusal.code] ?? fallback?.refusal[refusal.code];
  if (template === undefined) return null;
  const params = refusal.params ?? {};
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = params[name];
    if (name === 'field' && typeof value === 'string') return fieldLabelIn(catalogue, value, fallback);
    if (name === 'wait' && value === undefined && typeof params.seconds === 'number') return waitWords(catalogue.wait ?? fallback?.wait, params.seconds);
    // An instant (ISO) reads as a Yangon date and time in the language's words and digits.
    if (name === 'until' && typeof value === 'string') return formatInstant(new Date(value), catalogue.wait?.locale ?? fallback?.wait?.locale ?? 'en');
    return value === undefined ? '' : String(value);
  });
}

const toMyanmarDigits = (text: string) => text.replace(/[0-9]/g, (d) => String.fromCharCode(0x1040 + Number(d)));

/**
 * A wait of `seconds` in the catalogue's words and digits, rounded up to whole minutes ("about 49
 * minutes" for 2923 s; "၄၉ မိနစ်ခန့်" in Burmese), in hours from 90 minutes on.
 */
export function waitWords(words: Record<string, string> | undefined, seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  const [unit, n] = minutes >= 90 ? ['hours', Math.round(minutes / 60)] : ['minutes', minutes];
  const template = words?.[`${unit}_${n === 1 ? 'one' : 'other'}`];
  if (!template) return `${seconds} s`;
  const text = template.replace('{{n}}', String(n));
  return words?.digits === 'mymr' ? toMyanmarDigits(text) : text;
}
