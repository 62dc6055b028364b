/**
 * The bot's commands (docs/telegram.md § Commands), as grammY handlers on a private chat. Each reads
 * or changes through the domain (domain/telegram/*) and answers in the caller's language: the
 * player's chosen one, else Telegram's language_code. A command that needs a player, from a
 * Telegram user linked to none, answers with the sign-in/referral button (the Mini App).
 */
import { InlineKeyboard, type Composer, type Context } from 'grammy';
import type { Deps } from '../../types/app';
import { isStartPayload } from '../../../shared/start-param';
import { miniAppUrl } from '../../domain/telegram/bot-api';
import { resultsDay, type LinkedPlayer, type ResultsDay } from '../../domain/telegram/bot-reads';
import { BOT_COMMANDS, LANGUAGE_NAMES, commandWords, fill } from '../../domain/telegram/command-words';
import {
  PREFERENCE_KINDS,
  setLanguage,
  setStopped,
  unblockChat,
  writePreferences,
  type PreferenceKind,
  type Preferences,
} from '../../domain/telegram/preferences';
import { grouped } from '../../domain/telegram/results-digest';
import { kyatText, type BotLang } from '../../domain/telegram/words';
import { botText } from './bot-text';

/** Who sent the update, resolved once per update (bot.ts). */
export interface Caller {
  player: LinkedPlayer | null;
  prefs: Preferences | null;
  lang: BotLang;
}
export type BotContext = Context & { caller: Caller };

type Linked = Caller & { player: LinkedPlayer; prefs: Preferences };
const isLinked = (caller: Caller): caller is Linked => caller.player !== null && caller.prefs !== null;

const LANGS: BotLang[] = ['en', 'mm', 'zh', 'th'];

// Long because it is the bot's route table: every command and button answer registered in one place, like a Hono router.
export function registerCommands(dm: Composer<BotContext>, deps: Deps, appUrl: string): void {
  const db = deps.database.db;
  const app = (page?: string) => miniAppUrl(appUrl, page);
  /** The answer to an unlinked user: sign in or join, landing on `page` afterwards. */
  const signIn = (ctx: BotContext, page?: string) => {
    const words = commandWords(ctx.caller.lang);
    return ctx.reply(words.unlinked, { reply_markup: new InlineKeyboard().webApp(words.signIn, app(page)) });
  };
  /** Runs `handle` for a linked player; anyone else gets the sign-in button. */
  const linked = (page: string | undefined, handle: (ctx: BotContext, caller: Linked) => Promise<unknown>) => async (ctx: BotContext) => {
    const { caller } = ctx;
    return isLinked(caller) ? handle(ctx, caller) : signIn(ctx, page);
  };

  dm.command('start', async (ctx) => {
    const payload = ctx.match && isStartPayload(ctx.match) ? ctx.match : undefined;
    const { caller } = ctx;
    await unblockChat(db, ctx.chat.id);
    const resumed = isLinked(caller) && caller.prefs.stopped;
    if (resumed) await setStopped(db, caller.player.id, false);
    const words = botText(caller.lang);
    const text = resumed ? `${words.welcome}\n\n${commandWords(caller.lang).resumed}` : words.welcome;
    await ctx.reply(text, { reply_markup: new InlineKeyboard().webApp(words.open, app(payload)) });
  });

  dm.command(
    'balance',
    linked(undefined, (ctx, { player, lang }) => {
      const words = commandWords(lang);
      const text = fill(words.balance, { main: kyatText(player.mainBalance, lang), game: kyatText(player.balance, lang) });
      return ctx.reply(text, { reply_markup: new InlineKeyboard().webApp(words.openWallet, app()) });
    }),
  );

  dm.command('results', async (ctx) => {
    const words = commandWords(ctx.caller.lang);
    const day = await resultsDay(db, deps.clock.now());
    const button = ctx.caller.player ? words.play2d : words.signIn;
    await ctx.reply(resultsText(day, ctx.caller.lang), { reply_markup: new InlineKeyboard().webApp(button, app('2d')) });
  });

  dm.command(
    'deposit',
    linked('deposit', (ctx, { lang }) => {
      const words = commandWords(lang);
      return ctx.reply(words.deposit, { reply_markup: new InlineKeyboard().webApp(words.depositButton, app('deposit')) });
    }),
  );

  dm.command(
    'language',
    linked(undefined, (ctx, { lang }) => ctx.reply(commandWords(lang).languagePick, { reply_markup: languageKeyboard() })),
  );

  dm.command(
    'settings',
    linked(undefined, (ctx, { prefs, lang }) => ctx.reply(settingsText(prefs, lang), { reply_markup: settingsKeyboard(prefs, lang) })),
  );

  dm.command('help', async (ctx) => {
    const words = commandWords(ctx.caller.lang);
    const button = ctx.caller.player ? botText(ctx.caller.lang).open : words.signIn;
    await ctx.reply(helpText(ctx.caller.lang), { reply_markup: new InlineKeyboard().webApp(button, app()) });
  });

  dm.command(
    'stop',
    linked(undefined, async (ctx, { player, lang }) => {
      await setStopped(db, player.id, true);
      return ctx.reply(commandWords(lang).stopped);
    }),
  );

  // Not in the menu: the chat's id, for an operator's broadcast previews (docs/telegram.md § Broadcasts).
  dm.command('id', (ctx) => ctx.reply(String(ctx.chat.id)));

  dm.callbackQuery(/^lang:(en|mm|zh|th)$/, async (ctx) => {
    if (!isLinked(ctx.caller)) return ctx.answerCallbackQuery({ text: commandWords(ctx.caller.lang).unlinked, show_alert: true });
    const lang = ctx.match[1] as BotLang;
    await setLanguage(db, ctx.caller.player.id, lang);
    await ctx.answerCallbackQuery({ text: commandWords(lang).saved });
    await ctx.editMessageText(commandWords(lang).languageSet);
  });

  dm.callbackQuery(/^pref:(\w+)$/, async (ctx) => {
    const { caller } = ctx;
    const kind = ctx.match[1] as PreferenceKind;
    if (!isLinked(caller)) return ctx.answerCallbackQuery({ text: commandWords(caller.lang).unlinked, show_alert: true });
    if (!PREFERENCE_KINDS.includes(kind)) return ctx.answerCallbackQuery();
    const prefs = await writePreferences(db, caller.player.id, { [kind]: !caller.prefs[kind] });
    await ctx.answerCallbackQuery({ text: commandWords(caller.lang).saved });
    await ctx.editMessageReplyMarkup({ reply_markup: settingsKeyboard(prefs, caller.lang) });
  });
}

/** Today's draws (or the last day's) one a line: the number with its SET figures, or "not out yet". */
export function resultsText(day: ResultsDay | null, lang: BotLang): string {
  const words = commandWords(lang);
  if (!day) return words.resultsNone;
  const lines = day.draws.map(({ session, result }) =>
    result
      ? fill(words.resultsLine, { time: words[session], number: result.twod, set: grouped(result.setIndex), value: grouped(result.value) })
      : fill(words.resultsWaiting, { time: words[session] }),
  );
  return [fill(words.results, { date: day.date }), ...lines].join('\n');
}

export function helpText(lang: BotLang): string {
  const words = commandWords(lang);
  const menu = BOT_COMMANDS.map((command) => `/${command} – ${words[`menu${command[0]!.toUpperCase()}${command.slice(1)}` as keyof typeof words]}`);
  return [words.helpIntro, ...menu].join('\n');
}

function languageKeyboard(): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  LANGS.forEach((lang, i) => {
    keyboard.text(LANGUAGE_NAMES[lang], `lang:${lang}`);
    if (i % 2 === 1) keyboard.row();
  });
  return keyboard;
}

function settingsText(prefs: Preferences, lang: BotLang): string {
  const words = commandWords(lang);
  return prefs.stopped ? `${words.settings}\n\n${words.settingsStopped}` : words.settings;
}

/** One toggle a row: ✅ on, ⬜ off. Security notices have none: they cannot be turned off. */
export function settingsKeyboard(prefs: Preferences, lang: BotLang): InlineKeyboard {
  const words = commandWords(lang);
  const keyboard = new InlineKeyboard();
  for (const kind of PREFERENCE_KINDS) keyboard.text(`${prefs[kind] ? '✅' : '⬜'} ${words[`kind_${kind}`]}`, `pref:${kind}`).row();
  return keyboard;
}
