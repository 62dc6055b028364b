/**
 * Dates and times in the reader's language. Intl does it, except that some browsers ship no
 * Burmese locale data (Debian's Chromium, trimmed WebViews): there `Intl` silently falls back to
 * English month names, so for `my` without data we write the CLDR pattern ourselves — year, month
 * name, day, 24-hour time, in Myanmar digits — the way a browser with the data prints it.
 */
export type DateStyle = 'short' | 'medium';

export interface DateFormat {
  date?: DateStyle;
  time?: boolean;
  timeZone: string;
}

const MM_MONTHS = ['ဇန်နဝါရီ', 'ဖေဖော်ဝါရီ', 'မတ်', 'ဧပြီ', 'မေ', 'ဇွန်', 'ဇူလိုင်', 'ဩဂုတ်', 'စက်တင်ဘာ', 'အောက်တိုဘာ', 'နိုဝင်ဘာ', 'ဒီဇင်ဘာ'];

let burmeseData: boolean | undefined;
function hasBurmeseData(): boolean {
  burmeseData ??= Intl.DateTimeFormat.supportedLocalesOf(['my']).length > 0;
  return burmeseData;
}

export const toMyanmarDigits = (text: string) => text.replace(/[0-9]/g, (d) => String.fromCharCode(0x1040 + Number(d)));

export function formatDate(date: Date, locale: string, format: DateFormat, localeData: (locale: string) => boolean = () => hasBurmeseData()): string {
  if (locale !== 'my' || localeData(locale)) {
    return new Intl.DateTimeFormat(locale, { dateStyle: format.date, timeStyle: format.time ? 'short' : undefined, timeZone: format.timeZone }).format(date);
  }
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: format.timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  const day = Number(parts.day);
  const month = Number(parts.month);
  const dayText = format.date === 'short' ? `${day}/${month}/${parts.year}` : format.date ? `${parts.year} ${MM_MONTHS[month - 1]} ${day}` : '';
  const timeText = format.time ? `${parts.hour}:${parts.minute}` : '';
  return toMyanmarDigits([dayText, timeText].filter(Boolean).join(' '));
}
