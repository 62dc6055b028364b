/**
 * The words of the bot's messages (docs/telegram.md § Messages), from locales/telegram/*.json:
 * server-only words, so they never weigh on the site's bundles. A message is rendered once, when
 * it is queued, in the player's language: their chosen site language, else Telegram's
 * language_code, else English.
 */
import en from '../../../locales/telegram/en.json' with { type: 'json' };
import mm from '../../../locales/telegram/mm.json' with { type: 'json' };
import th from '../../../locales/telegram/th.json' with { type: 'json' };
import zh from '../../../locales/telegram/zh.json' with { type: 'json' };
import { formatMoney } from '../../lib/money';
import { yangonDateTime } from '../../lib/time';

export const BOT_LANGS = ['en', 'mm', 'zh', 'th'] as const;
export type BotLang = (typeof BOT_LANGS)[number];

type Words = typeof en;
const WORDS: Record<BotLang, Words> = { en, mm, zh, th };

export type MessageKey = keyof Words['message'];
export type ButtonKey = keyof Words['button'];

export const isBotLang = (value: unknown): value is BotLang => typeof value === 'string' && (BOT_LANGS as readonly string[]).includes(value);

/** Telegram's language_code (or any language tag) as a bot language: my → mm, zh* → zh, th → th, else en. */
export function botLangOf(code: string | null | undefined): BotLang {
  const primary = code?.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'my' || primary === 'mm') return 'mm';
  if (primary === 'zh' || primary === 'th' || primary === 'en') return primary;
  return 'en';
}

/** The words of one language. */
export function wordsOf(lang: BotLang): Words {
  return WORDS[lang];
}

/** `{{name}}` replaced by its value; an unknown name is left as it is (the parity test forbids that). */
export function fill(template: string, params: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => params[name] ?? whole);
}

/** One message's text in `lang`. */
export function messageText(lang: BotLang, key: MessageKey, params: Record<string, string>): string {
  return fill(WORDS[lang].message[key], params);
}

/** "1,000.00 Ks" / "1,000.00 ကျပ်": grouped digits, two decimals, the language's currency word (decision 0010). */
export function kyatText(pya: bigint, lang: BotLang): string {
  const [whole, frac] = formatMoney(pya < 0n ? -pya : pya).split('.');
  return `${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac} ${WORDS[lang].currency}`;
}

/** "2026-11-29 15:30" in Yangon time (the messages say so). */
export function yangonMinute(at: Date): string {
  return yangonDateTime(at).slice(0, 16);
}

/** The same words in every language, for a message queued before the player's language is known (SQL picks one). */
export function inEveryLanguage(render: (lang: BotLang) => string): Record<BotLang, string> {
  return { en: render('en'), mm: render('mm'), zh: render('zh'), th: render('th') };
}
