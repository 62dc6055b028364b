/**
 * The site's own language codes (stored under 'lan'), their standard BCP 47 tags and names: the
 * site's language picker and the server's first screens (html lang, dates) read the same list.
 */
export const LANGUAGES = ['en', 'mm', 'zh', 'th'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'lan';

/** `mm` is the site's key; the standard tag for Burmese is `my` (html lang, Intl). */
export const BCP47: Record<Language, string> = { en: 'en', mm: 'my', zh: 'zh-Hans', th: 'th' };

/** Each language named in itself, so a reader finds their own. */
export const NATIVE_NAMES: Record<Language, string> = { en: 'English', mm: 'မြန်မာ', zh: '简体中文', th: 'ไทย' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * A first-run language from Telegram's `language_code` (IETF: `my`, `zh-hans`, `th`, `en-GB`…):
 * `my` → mm, `zh*` → zh, `th` → th, anything else English.
 */
export function languageFromTelegram(code: string | null | undefined): Language {
  const primary = (code ?? '').trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'my') return 'mm';
  if (primary === 'zh') return 'zh';
  if (primary === 'th') return 'th';
  return 'en';
}
