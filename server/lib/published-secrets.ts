/**
 * Secret values that appear in this repository (the old development defaults). Anyone can read them, so they must sign nothing: a configured secret equal to one is
 * treated as missing, and a production start refuses it (server/config-check.ts).
 */
export const PUBLISHED_SECRETS: ReadonlySet<string> = new Set([
  'kyatplay-dev-seamless-secret',
  'kyatplay-dev-shan-secret',
  // The development mock Telegram's bot token (src/telegram/mock-env.ts).
  '1000000001:KYATPLAY-DEV-MOCK-not-a-real-bot-token',
]);

/** The bot token the development mock Telegram signs with; accepted only by a development start with TELEGRAM_DEV_MOCK=1. */
export const DEV_MOCK_BOT_TOKEN = '1000000001:KYATPLAY-DEV-MOCK-not-a-real-bot-token';

/** True when `value` may sign money: set, and not a published value. */
export function isUsableSecret(value: string | undefined): value is string {
  return value !== undefined && value !== '' && !PUBLISHED_SECRETS.has(value);
}
