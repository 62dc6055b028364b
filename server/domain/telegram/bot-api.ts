/**
 * The few Bot API calls we make (https://core.telegram.org/bots/api): sendMessage for /start,
 * setWebhook and setChatMenuButton at start-up. TELEGRAM_API_BASE lets tests use a stand-in on
 * 127.0.0.1. Every call has a timeout and never throws: a failure is returned and logged.
 */
import { log } from '../../lib/log';
export interface BotApi {
  call(method: string, body: Record<string, unknown>): Promise<{ ok: boolean; description?: string }>;
}

export function botApi(opts: { base: string; token: string; timeoutMs?: number; fetch?: typeof fetch }): BotApi {
  const doFetch = opts.fetch ?? fetch;
  const base = opts.base.replace(/\/+$/, '');
  return {
    async call(method, body) {
      try {
        const res = await doFetch(`${base}/bot${opts.token}/${method}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(opts.timeoutMs ?? 5000),
        });
        const answer = (await res.json().catch(() => ({}))) as { ok?: boolean; description?: string };
        return { ok: res.ok && answer.ok === true, description: answer.description };
      } catch (err) {
        return { ok: false, description: (err as Error).message };
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

/**
 * Registers the webhook and the chat menu button (idempotent: Telegram keeps the last setting).
 * Runs in the background at start-up; start-up never waits for it.
 */
export async function registerBot(
  api: BotApi,
  opts: { publicUrl: string; webhookSecret?: string; buttonText: string; miniAppUrl?: string },
): Promise<boolean> {
  const hook = await api.call('setWebhook', {
    url: new URL('/api/telegram/webhook', opts.publicUrl).toString(),
    ...(opts.webhookSecret ? { secret_token: opts.webhookSecret } : {}),
    allowed_updates: ['message'],
  });
  const menu = await api.call('setChatMenuButton', {
    menu_button: { type: 'web_app', text: opts.buttonText, web_app: { url: miniAppUrl(opts.miniAppUrl ?? opts.publicUrl) } },
  });
  if (!hook.ok) log.warn(`telegram: setWebhook failed: ${hook.description ?? 'no answer'}`);
  if (!menu.ok) log.warn(`telegram: setChatMenuButton failed: ${menu.description ?? 'no answer'}`);
  return hook.ok && menu.ok;
}
