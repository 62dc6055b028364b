/**
 * The bot (grammY, decision 0038): one `Bot` per app, fed the updates the webhook accepted
 * (`bot.handleUpdate`). Every update first learns who sent it — the linked player, their
 * preferences, the language to answer in — then the commands (commands.ts) answer in private
 * chats. Nothing an update does throws to the webhook: a failure is logged and the update is
 * acknowledged, so Telegram does not retry it.
 */
import { Bot, type Composer } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import type { Deps } from '../../types/app';
import { linkedPlayer } from '../../domain/telegram/bot-reads';
import { readPreferences, setTelegramLanguage } from '../../domain/telegram/preferences';
import { botLangOf } from '../../domain/telegram/words';
import { errFields, log } from '../../lib/log';
import { registerCommands, type BotContext } from './commands';

export interface TelegramBot {
  /** Handles one update; never throws. */
  handle(update: unknown): Promise<void>;
}

/**
 * What grammY knows of the bot without asking Telegram (getMe) on every start: its id (the
 * token's first part) and, when TELEGRAM_BOT_USERNAME is set, its @username (so `/start@bot` in a
 * group is recognised as ours; in a private chat commands come without it).
 */
export function botInfoOf(token: string, username?: string): UserFromGetMe {
  return {
    id: Number(token.split(':')[0]) || 0,
    is_bot: true,
    first_name: 'KyatPlay',
    username: username ?? '',
    can_join_groups: false,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
    can_connect_to_business: false,
    has_main_web_app: true,
  } as UserFromGetMe;
}

/** Resolves the caller before any handler runs (commands.ts `Caller`). */
function identify(deps: Deps) {
  const db = deps.database.db;
  return async (ctx: BotContext, next: () => Promise<void>) => {
    const from = ctx.from;
    if (!from || from.is_bot) return;
    const player = await linkedPlayer(db, from.id);
    const prefs = player ? await readPreferences(db, player.id) : null;
    // Telegram's language as it is now, remembered for the messages the player gets later.
    const telegramLang = botLangOf(from.language_code);
    if (player && prefs && from.language_code && prefs.telegramLanguage !== telegramLang) await setTelegramLanguage(db, player.id, from.language_code);
    ctx.caller = { player, prefs, lang: prefs?.language ?? telegramLang };
    await next();
  };
}

/**
 * Telegram marks a command with a `bot_command` entity, and grammY matches commands by it. An
 * update whose text starts with a command but carries no entities (hand-made updates, the webhook's
 * older callers) gets the one Telegram would have sent, so it is answered as before.
 */
export function withCommandEntity(update: Record<string, any>): Record<string, any> {
  const message = update.message;
  const text: unknown = message?.text;
  if (typeof text !== 'string' || message.entities) return update;
  const command = /^\/[A-Za-z0-9_]{1,32}(?:@[A-Za-z0-9_]{1,32})?/.exec(text);
  if (!command) return update;
  return { ...update, message: { ...message, entities: [{ type: 'bot_command', offset: 0, length: command[0].length }] } };
}

export function createTelegramBot(deps: Deps): TelegramBot | null {
  const { env } = deps;
  const token = env.TELEGRAM_BOT_TOKEN;
  // The Mini App where it is hosted: TELEGRAM_MINI_APP_URL (a CDN), else the site itself.
  const appUrl = env.TELEGRAM_MINI_APP_URL ?? env.PUBLIC_URL;
  if (!token || !appUrl) return null;
  const bot = new Bot<BotContext>(token, {
    botInfo: botInfoOf(token, env.TELEGRAM_BOT_USERNAME),
    client: { apiRoot: env.TELEGRAM_API_BASE, timeoutSeconds: 5 },
  });
  bot.use(identify(deps));
  registerCommands(bot.chatType('private') as unknown as Composer<BotContext>, deps, appUrl);
  return {
    async handle(update) {
      try {
        await bot.handleUpdate(withCommandEntity(update as Record<string, any>) as Parameters<typeof bot.handleUpdate>[0]);
      } catch (err) {
        log.warn({ err: errFields(err) }, 'telegram: an update failed');
      }
    },
  };
}
