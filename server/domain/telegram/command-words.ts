/**
 * The bot's command words (locales/bot/*.json § bot_commands: server-only, never in the site's
 * bundles) in the four languages, and the command menu Telegram shows (setMyCommands) in each.
 */
import en from '../../../locales/bot/en.json' with { type: 'json' };
import mm from '../../../locales/bot/mm.json' with { type: 'json' };
import th from '../../../locales/bot/th.json' with { type: 'json' };
import zh from '../../../locales/bot/zh.json' with { type: 'json' };
import type { BotLang } from './words';

export type CommandWords = typeof en.bot_commands;
const BY_LANG: Record<BotLang, CommandWords> = { en: en.bot_commands, mm: mm.bot_commands, zh: zh.bot_commands, th: th.bot_commands };

export function commandWords(lang: BotLang): CommandWords {
  return BY_LANG[lang];
}

/** `{{name}}` placeholders filled from `vars` (missing ones stay visible, so a test notices). */
export function fill(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** The commands in the menu, in the order shown; each one's description is `menu<Name>`. */
export const BOT_COMMANDS = ['start', 'balance', 'results', 'deposit', 'language', 'settings', 'help', 'stop'] as const;
export type BotCommandName = (typeof BOT_COMMANDS)[number];

const menuKey = (command: BotCommandName) => `menu${command[0]!.toUpperCase()}${command.slice(1)}` as keyof CommandWords;

export function commandMenu(lang: BotLang): { command: string; description: string }[] {
  const words = commandWords(lang);
  return BOT_COMMANDS.map((command) => ({ command, description: words[menuKey(command)] }));
}

/**
 * The menus registered with Telegram: English as the default (no language_code), and one per
 * language Telegram names by its ISO 639-1 code — Burmese is `my`, our site's `mm`.
 */
export const MENU_LANGUAGES: { languageCode?: string; lang: BotLang }[] = [
  { lang: 'en' },
  { languageCode: 'my', lang: 'mm' },
  { languageCode: 'zh', lang: 'zh' },
  { languageCode: 'th', lang: 'th' },
];

/** The names of the four languages, each in itself (the /language keyboard). */
export const LANGUAGE_NAMES: Record<BotLang, string> = { en: en.bot_commands.languageName, mm: mm.bot_commands.languageName, zh: zh.bot_commands.languageName, th: th.bot_commands.languageName };
