/** The site's own language codes (stored under 'lan'), their standard BCP 47 tags and names. */
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

export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}
