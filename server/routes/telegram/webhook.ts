/**
 * The bot's webhook (docs/telegram.md): POST /api/telegram/webhook, authenticated by Telegram's
 * X-Telegram-Bot-Api-Secret-Token header (TELEGRAM_WEBHOOK_SECRET; anything else 401). `/start
 * [payload]` answers in the user's language with a button that opens the Mini App at PUBLIC_URL,
 * the payload carried through (`/start ref_CODE` reaches registration with the code). Every other
 * update is acknowledged and ignored, so Telegram does not retry it.
 */
import { Hono } from 'hono';
import { bodyLimit } from '../../lib/body-limit';
import type { AppEnv, Deps } from '../../types/app';
import { botApi, miniAppUrl } from '../../domain/telegram/bot-api';
import { isStartPayload } from '../../../shared/start-param';
import { parseJsonText } from '../../lib/json-text';
import { signMatches } from '../../lib/signature';
import { botText, botLanguage } from './bot-text';
import { log } from '../../lib/log';

export function telegramWebhookRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();
  const { env } = deps;
  const limit = bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.json({ ok: false }, 413) });

  routes.post('/webhook', limit, async (c) => {
    const secret = env.TELEGRAM_WEBHOOK_SECRET;
    if (!secret || !env.TELEGRAM_BOT_TOKEN || !signMatches(c.req.header('x-telegram-bot-api-secret-token') ?? '', secret)) {
      return c.json({ message: 'Unauthenticated.' }, 401);
    }
    let update: any;
    try {
      update = parseJsonText(await c.req.text());
    } catch {
      return c.json({ ok: true });
    }
    const message = update?.message;
    const text: unknown = message?.text;
    const chatId: unknown = message?.chat?.id;
    const start = typeof text === 'string' ? /^\/start(?:@\w+)?(?:\s+(\S+))?\s*$/.exec(text) : null;
    // The Mini App where it is hosted: TELEGRAM_MINI_APP_URL (a CDN), else the site itself.
    const appUrl = env.TELEGRAM_MINI_APP_URL ?? env.PUBLIC_URL;
    if (start && (typeof chatId === 'number' || typeof chatId === 'string') && appUrl) {
      const payload = start[1] && isStartPayload(start[1]) ? start[1] : undefined;
      const words = botText(botLanguage(message?.from?.language_code));
      const api = botApi({ base: env.TELEGRAM_API_BASE, token: env.TELEGRAM_BOT_TOKEN });
      // Answered before Telegram's timeout; a failed send is logged, never retried by Telegram.
      const sent = await api.call('sendMessage', {
        chat_id: chatId,
        text: words.welcome,
        reply_markup: { inline_keyboard: [[{ text: words.open, web_app: { url: miniAppUrl(appUrl, payload) } }]] },
      });
      if (!sent.ok) log.warn(`telegram: sendMessage failed: ${sent.description ?? 'no answer'}`);
    }
    return c.json({ ok: true });
  });
  return routes;
}
