/**
 * The English words a QA plan quotes, straight from the locale files (locales/en.json, extra/,
 * admin/ and the refusal catalogue), through i18next as the site uses it: `{{var}}` filled in and
 * `_one`/`_other` keys chosen by English plural rules. Plans never copy a string; they ask here, so
 * a change of wording changes the plan (and the registry test says the plan is stale).
 */
import { createInstance, type TOptions } from 'i18next';
import admin from '../../locales/admin/en.json';
import core from '../../locales/en.json';
import extra from '../../locales/extra/en.json';
import refusals from '../../locales/refusals/en.json';
import { translateMessage } from '../../src/app/messages';

/** What a flow tells the player (the shape of src/lib/notice.ts): a locale key with values, or words already spoken. */
export type Notice = { readonly key: string; readonly values?: Readonly<Record<string, string | number>> } | { readonly text: string };

const i18n = createInstance();
void i18n.init({
  lng: 'en',
  initAsync: false,
  resources: { en: { translation: { ...core, ...extra, ...admin } } },
  interpolation: { escapeValue: false, defaultVariables: { appName: core.common.appName } },
});

/** The English text of `key` (throws when the locale lacks it: a plan must not print a key). */
export function en(key: string, values: TOptions = {}): string {
  if (!i18n.exists(key, values)) throw new Error(`locales/en*: no text for ${key}`);
  return (i18n.t as unknown as (key: string, options: TOptions) => string)(key, values);
}

/**
 * A message a machine holds (the spec's fixed texts, some Burmese; a server's words) as the screen
 * shows it in English: through the site's own translateMessage.
 */
export const onScreen = (message: string): string => translateMessage(i18n.t as never, message);

/** A refusal code in the English words of locales/refusals/en.json (what the site shows for it). */
export function refusalWords(code: string, params: Record<string, string | number> = {}): string {
  const template = (refusals.refusal as Record<string, string>)[code];
  if (template === undefined) throw new Error(`locales/refusals/en.json: no refusal ${code}`);
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** A notice (src/lib/notice.ts) as the player reads it in English; several joined with " / ". */
export function noticeWords(notices: Notice | readonly Notice[]): string {
  const list: readonly Notice[] = Array.isArray(notices) ? notices : [notices as Notice];
  return list.map((n) => ('text' in n ? n.text : en(n.key, n.values ?? {}))).join(' / ');
}

const plural = new Intl.PluralRules('en');

/** "1 bet", "3 bets": a count in the tester's words, the noun chosen by English plural rules. */
export function counted(n: number, one: string, other = `${one}s`): string {
  return `${n} ${plural.select(n) === 'one' ? one : other}`;
}

/** An amount as the site prints it: 1800 → "1,800.00". */
export function amount(value: number | string): string {
  const [whole, frac = ''] = Number(value).toFixed(2).split('.');
  return `${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
}

/** An amount with the currency word of the locale: "100.00 Ks". */
export const ks = (value: number | string) => `${amount(value)} ${en('common.currency')}`;

/**
 * On-screen words as a plan quotes them, in curly quotes (“Bet (2)”), so the words may hold straight
 * ones; the browser journey reads what is between them.
 */
export const q = (words: string) => `“${words}”`;
