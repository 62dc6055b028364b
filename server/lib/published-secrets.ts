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

/**
 * The bot token sign-in with Telegram may verify with: the configured one, except the published
 * mock token outside a development start with TELEGRAM_DEV_MOCK (whoever has it could sign in as
 * any Telegram user; a production start also refuses it, server/config-check.ts).
 */
export function telegramSigningToken(env: { NODE_ENV: string; TELEGRAM_DEV_MOCK?: boolean; TELEGRAM_BOT_TOKEN?: string }): string | undefined {
  const token = env.TELEGRAM_BOT_TOKEN;
  if (token === DEV_MOCK_BOT_TOKEN && (env.NODE_ENV === 'production' || !env.TELEGRAM_DEV_MOCK)) return undefined;
  return token;
}
