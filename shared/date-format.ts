/**
 * The one way the site writes a date or a time: in Yangon time (business time, whatever the
 * device's zone), in the reader's language. Every screen goes through here (components/DateTime,
 * the 2D screens, the date picker), so a date reads the same everywhere:
 *   en  Nov 21, 2026, 2:30 PM        zh  2026年11月21日 14:30
 *   th  21 พ.ย. 2569 14:30            mm  ၂၀၂၆ နိုဝင်ဘာ ၂၁ ၁၄:၃၀
 * Intl writes en, zh and th. Burmese is written here from the CLDR pattern (year, month name, day,
 * 24-hour time, Myanmar digits): browsers disagree about it — Debian's Chromium and trimmed
 * WebViews ship no Burmese data and fall back to English month names, others abbreviate months —
 * and one format per thing means one format on every phone.
 */
export const YANGON = 'Asia/Yangon';

/** Yangon is UTC+06:30 all year (no daylight saving). */
const YANGON_OFFSET_MS = (6 * 60 + 30) * 60_000;

/** A date and time, a calendar date, or a wall-clock time. */
export type DateKind = 'dateTime' | 'date' | 'time';

const MM_MONTHS = ['ဇန်နဝါရီ', 'ဖေဖော်ဝါရီ', 'မတ်', 'ဧပြီ', 'မေ', 'ဇွန်', 'ဇူလိုင်', 'ဩဂုတ်', 'စက်တင်ဘာ', 'အောက်တိုဘာ', 'နိုဝင်ဘာ', 'ဒီဇင်ဘာ'];

/**
 * A formatter per locale and options, made once: building an Intl.DateTimeFormat costs far more
 * than using one (ICU's locale and zone data; at 4× CPU a screen of Burmese dates spent ~60 ms
 * making them, issue 30), and the site formats with a handful of them.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) formatters.set(key, (made = new Intl.DateTimeFormat(locale, options)));
  return made;
}

const isBurmese = (locale: string) => locale === 'my' || locale.startsWith('my-');

export const toMyanmarDigits = (text: string) => text.replace(/[0-9]/g, (d) => String.fromCharCode(0x1040 + Number(d)));

/** Zones at a fixed offset from UTC all year: their wall clock is arithmetic, no ICU zone data. */
const FIXED_OFFSET_MS: Record<string, number> = { [YANGON]: YANGON_OFFSET_MS, UTC: 0 };

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Year, month (1-12), day, hour and minute of `date` on the clock of `timeZone`. */
function wallParts(date: Date, timeZone: string) {
  const offset = FIXED_OFFSET_MS[timeZone];
  if (offset !== undefined) {
    const wall = new Date(date.getTime() + offset);
    return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate(), time: `${pad2(wall.getUTCHours())}:${pad2(wall.getUTCMinutes())}` };
  }
  const parts = Object.fromEntries(
    formatter('en-GB', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), time: `${parts.hour}:${parts.minute}` };
}

/** The formatter: `date` as `kind` in `locale` (a BCP 47 tag: en, my, zh-Hans, th), on the clock of `timeZone`. */
export function formatInstant(date: Date, locale: string, kind: DateKind = 'dateTime', timeZone: string = YANGON): string {
  if (Number.isNaN(date.getTime())) return '';
  if (isBurmese(locale)) {
    const p = wallParts(date, timeZone);
    const day = `${p.year} ${MM_MONTHS[p.month - 1]} ${p.day}`;
    return toMyanmarDigits(kind === 'date' ? day : kind === 'time' ? p.time : `${day} ${p.time}`);
  }
  return formatter(locale, {
    dateStyle: kind === 'time' ? undefined : 'medium',
    timeStyle: kind === 'date' ? undefined : 'short',
    timeZone,
  }).format(date);
}

/**
 * An API time as an instant: ISO with a zone ("2026-11-21T08:00:00.000Z"), or the API's display
 * form without one ("2026-11-21 14:30:00", "2026-11-21T14:30"), which is Yangon wall time
 * (api-contract.md, Time). Null when it is neither.
 */
export function parseApiTime(value: string): Date | null {
  const text = value.trim();
  const wall = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/.exec(text);
  if (wall) {
    const [, y, mo, d, h, mi, s] = wall.map(Number) as number[];
    return new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, Number.isNaN(s) ? 0 : s!) - YANGON_OFFSET_MS);
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}.*(?:Z|[+-]\d{2}:?\d{2})$/i.test(text)) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An API time as a date and time in `locale`; text that is not a time is shown as it came. */
export function formatApiTime(value: string, locale: string): string {
  const date = parseApiTime(value);
  return date ? formatInstant(date, locale, 'dateTime') : value;
}

/** A calendar date 'YYYY-MM-DD' (already a Yangon date) in `locale`; anything else as it came. */
export function formatCalendarDate(value: string, locale: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  if (!m) return value;
  return formatInstant(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))), locale, 'date', 'UTC');
}

/** A Yangon wall-clock time 'HH:mm' in `locale` ("11:55 AM", "၁၁:၅၅", "11:55"); anything else as it came. */
export function formatWallClock(value: string, locale: string): string {
  const m = /^(\d{2}):(\d{2})/.exec(value.trim());
  if (!m) return value;
  return formatInstant(new Date(Date.UTC(2000, 0, 1, Number(m[1]), Number(m[2]))), locale, 'time', 'UTC');
}

export type DateField = 'day' | 'month' | 'year';

/** The order a reader of `locale` writes day, month and year in (the date picker follows it). */
export function dateFieldOrder(locale: string): DateField[] {
  if (isBurmese(locale)) return ['year', 'month', 'day'];
  return formatter(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
    .formatToParts(new Date(Date.UTC(2026, 10, 21)))
    .map((p) => p.type)
    .filter((type): type is DateField => type === 'day' || type === 'month' || type === 'year');
}

/** One field of a date as the reader writes it: day 21, month November (1-12), year 2026 (พ.ศ. 2569 in Thai). */
export function dateFieldText(field: DateField, value: number, locale: string): string {
  if (isBurmese(locale)) return field === 'month' ? (MM_MONTHS[value - 1] ?? '') : toMyanmarDigits(String(value));
  const date = new Date(Date.UTC(field === 'year' ? value : 2000, field === 'month' ? value - 1 : 0, field === 'day' ? value : 1));
  const options: Intl.DateTimeFormatOptions = field === 'month' ? { month: 'long' } : field === 'day' ? { day: 'numeric' } : { year: 'numeric' };
  return formatter(locale, { ...options, timeZone: 'UTC' }).format(date);
}

/** The nearest real date 'YYYY-MM-DD' not after `max`: a 31st in a 30-day month becomes the 30th. */
export function clampDate(year: number, month: number, day: number, max: string): string {
  const [maxYear, maxMonth, maxDay] = max.split('-').map(Number) as [number, number, number];
  const y = Math.min(year, maxYear);
  const m = y === maxYear ? Math.min(month, maxMonth) : month;
  const lastDay = y === maxYear && m === maxMonth ? maxDay : new Date(Date.UTC(y, m, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${y}-${pad(m)}-${pad(Math.min(day, lastDay))}`;
}
