/**
 * The bot's words, from the locale files (locales/extra/*.json, `telegram_bot`), in the language
 * Telegram reports for the user: my → Burmese, zh* → Chinese, th → Thai, else English.
 */
import en from '../../../locales/extra/en.json' with { type: 'json' };
import mm from '../../../locales/extra/mm.json' with { type: 'json' };
import th from '../../../locales/extra/th.json' with { type: 'json' };
import zh from '../../../locales/extra/zh.json' with { type: 'json' };

export type BotLanguage = 'en' | 'mm' | 'zh' | 'th';

export function botLanguage(code: unknown): BotLanguage {
  if (typeof code !== 'string') return 'en';
  const c = code.toLowerCase();
  if (c === 'my' || c.startsWith('my-')) return 'mm';
  if (c.startsWith('zh')) return 'zh';
  if (c === 'th' || c.startsWith('th-')) return 'th';
  return 'en';
}

const BY_LANGUAGE = { en, mm, zh, th } as const;

export function botText(language: BotLanguage): { welcome: string; open: string; menu: string } {
  return BY_LANGUAGE[language].telegram_bot;
}
