/**
 * The outbox sender as a server process starts it (server/index.ts): on when a bot token is set
 * (not the development mock's) and TELEGRAM_SENDER is not `off`; grammY's client at
 * TELEGRAM_API_BASE; buttons open TELEGRAM_MINI_APP_URL, else PUBLIC_URL.
 */
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { OUTBOX_CHANNEL } from './outbox';
import { startTelegramSender, type Sender } from './sender';
import { grammyTransport } from './transport';

export function startSenderFromEnv(database: Database, env: Env): Sender | null {
  if (!env.TELEGRAM_BOT_TOKEN || env.TELEGRAM_DEV_MOCK || env.TELEGRAM_SENDER === 'off') return null;
  return startTelegramSender({
    db: database.db,
    wake: database.channel(OUTBOX_CHANNEL),
    transport: grammyTransport({ base: env.TELEGRAM_API_BASE, token: env.TELEGRAM_BOT_TOKEN, appUrl: env.TELEGRAM_MINI_APP_URL ?? env.PUBLIC_URL }),
    pace: { rate: env.TELEGRAM_SEND_RATE },
  });
}
