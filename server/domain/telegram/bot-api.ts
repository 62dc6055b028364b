/**
 * The Bot API calls made outside an update (https://core.telegram.org/bots/api): setWebhook,
 * setChatMenuButton and the command menus at start-up, through grammY's API client (decision
 * 0038). TELEGRAM_API_BASE lets tests use a stand-in on 127.0.0.1. Every call has a timeout and
 * never throws: a failure is returned and logged.
 */
import { Api } from 'grammy';
import { log } from '../../lib/log';
import { MENU_LANGUAGES, commandMenu } from './command-words';

export interface BotApi {
  /** grammY's client, for typed calls. */
  api: Api;
  call(method: string, body: Record<string, unknown>): Promise<{ ok: boolean; description?: string; result?: unknown }>;
}

export function botApi(opts: { base: string; token: string; timeoutMs?: number }): BotApi {
  const api = new Api(opts.token, { apiRoot: opts.base.replace(/\/+$/, ''), timeoutSeconds: (opts.timeoutMs ?? 5000) / 1000 });
  return {
    api,
    async call(method, body) {
      try {
        const raw = api.raw as unknown as Record<string, (payload: Record<string, unknown>) => Promise<unknown>>;
        return { ok: true, result: await raw[method]!(body) };
      } catch (err) {
        return { ok: false, description: (err as { description?: string }).description ?? (err as Error).message };
      }
    },
  };
}

/** The Mini App's URL for a start payload: PUBLIC_URL with ?startapp=<payload> (the web reads it too). */
export function miniAppUrl(publicUrl: string, payload?: string): string {
  const url = new URL(publicUrl);
  if (payload) url.searchParams.set('startapp', payload);
  return url.toString();
}

const sameMenu = (a: unknown, b: { command: string; description: string }[]) =>
  Array.isArray(a) && a.length === b.length && a.every((c, i) => c?.command === b[i]!.command && c?.description === b[i]!.description);

/**
 * The command menu in each language (English as the default, then my, zh, th): read first and
 * set only where Telegram holds another, so a start with unchanged words writes nothing.
 * Returns how many menus were set, or null when Telegram could not be asked or refused.
 */
export async function syncCommandMenus(bot: BotApi): Promise<number | null> {
  let set = 0;
  for (const { languageCode, lang } of MENU_LANGUAGES) {
    const scope = languageCode ? { language_code: languageCode } : {};
    const desired = commandMenu(lang);
    const current = await bot.call('getMyCommands', scope);
    if (!current.ok) return null;
    if (sameMenu(current.result, desired)) continue;
    const saved = await bot.call('setMyCommands', { commands: desired, ...scope });
    if (!saved.ok) {
      log.warn(`telegram: setMyCommands (${languageCode ?? 'default'}) failed: ${saved.description ?? 'no answer'}`);
      return null;
    }
    set += 1;
  }
  return set;
}

/**
 * Registers the webhook, the chat menu button and the command menus (idempotent: Telegram keeps
 * the last setting). Runs in the background at start-up, in the primary process only; start-up
 * never waits for it.
 */
export async function registerBot(
  api: BotApi,
  opts: { publicUrl: string; webhookSecret?: string; buttonText: string; miniAppUrl?: string },
): Promise<boolean> {
  const hook = await api.call('setWebhook', {
    url: new URL('/api/telegram/webhook', opts.publicUrl).toString(),
    ...(opts.webhookSecret ? { secret_token: opts.webhookSecret } : {}),
    allowed_updates: ['message', 'callback_query'],
  });
  const menu = await api.call('setChatMenuButton', {
    menu_button: { type: 'web_app', text: opts.buttonText, web_app: { url: miniAppUrl(opts.miniAppUrl ?? opts.publicUrl) } },
  });
  if (!hook.ok) log.warn(`telegram: setWebhook failed: ${hook.description ?? 'no answer'}`);
  if (!menu.ok) log.warn(`telegram: setChatMenuButton failed: ${menu.description ?? 'no answer'}`);
  const commands = hook.ok && menu.ok ? await syncCommandMenus(api) : null;
  return hook.ok && menu.ok && commands !== null;
}
