/**
 * The bot's webhook (docs/telegram.md): POST /api/telegram/webhook, authenticated by Telegram's
 * X-Telegram-Bot-Api-Secret-Token header (TELEGRAM_WEBHOOK_SECRET; anything else 401). The update
 * goes to the bot (grammY, bot.ts: /start with the Mini App button and the commands). Anything that
 * is not an update is acknowledged and ignored, and so is an update the bot fails on, so Telegram
 * does not retry it. The body is read here (not by grammY's webhookCallback) to keep this size
 * limit, the constant-time secret check and the acknowledgement of garbage (decision 0038).
 */
import { Hono } from 'hono';
import { bodyLimit } from '../../lib/body-limit';
import type { AppEnv, Deps } from '../../types/app';
import { parseJsonText } from '../../lib/json-text';
import { signMatches } from '../../lib/signature';
import { createTelegramBot, type TelegramBot } from './bot';

const isUpdate = (value: unknown): value is { update_id: number } =>
  typeof value === 'object' && value !== null && typeof (value as { update_id?: unknown }).update_id === 'number';

export function telegramWebhookRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();
  const { env } = deps;
  const limit = bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.json({ ok: false }, 413) });
  let bot: TelegramBot | null | undefined;

  routes.post('/webhook', limit, async (c) => {
    const secret = env.TELEGRAM_WEBHOOK_SECRET;
    if (!secret || !env.TELEGRAM_BOT_TOKEN || !signMatches(c.req.header('x-telegram-bot-api-secret-token') ?? '', secret)) {
      return c.json({ message: 'Unauthenticated.' }, 401);
    }
    let update: unknown;
    try {
      update = parseJsonText(await c.req.text());
    } catch {
      return c.json({ ok: true });
    }
    if (bot === undefined) bot = createTelegramBot(deps);
    // Answered once the bot has replied, well within Telegram's timeout.
    if (bot && isUpdate(update)) await bot.handle(update);
    return c.json({ ok: true });
  });
  return routes;
}
