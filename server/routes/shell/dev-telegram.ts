/**
 * The mock Telegram (docs/telegram.md) for a built site: `TELEGRAM_DEV_MOCK=1 npm start`, then
 * `/?tgMock`. The mock signs init data with a token published in this repository, so whoever can
 * load it can sign in as any Telegram user: it exists only where the server itself accepts that
 * token — a development start (NODE_ENV is not production) with TELEGRAM_DEV_MOCK set and no real
 * bot token (server/env.ts then uses the mock token; a production start refuses the flag and the
 * token, server/config-check.ts). Anywhere else there is no script and the page names none.
 */
import type { Context } from 'hono';
import type { Env } from '../../env';
import { DEV_MOCK_BOT_TOKEN } from '../../lib/published-secrets';

export const DEV_TELEGRAM_SCRIPT = '/dev/telegram-mock.js';

type MockEnv = Pick<Env, 'NODE_ENV' | 'TELEGRAM_DEV_MOCK' | 'TELEGRAM_BOT_TOKEN'>;

export function devTelegramEnabled(env: MockEnv): boolean {
  return env.NODE_ENV !== 'production' && !!env.TELEGRAM_DEV_MOCK && env.TELEGRAM_BOT_TOKEN === DEV_MOCK_BOT_TOKEN;
}

/** The page template with the mock's script first in <head> (a classic script: it runs before the app's module). */
export function withDevTelegram(template: string): string {
  return template.replace('</head>', `<script src="${DEV_TELEGRAM_SCRIPT}"></script></head>`);
}

let bundled: Promise<string> | null = null;

/** src/telegram/mock-boot.ts bundled for the browser on first request (esbuild, a development dependency). */
function bundle(): Promise<string> {
  bundled ??= (async () => {
    const { build } = await import('esbuild');
    const entry = new URL('../../../src/telegram/mock-boot.ts', import.meta.url).pathname;
    const out = await build({ entryPoints: [entry], bundle: true, write: false, format: 'iife', platform: 'browser', target: 'es2020', logLevel: 'silent' });
    return out.outputFiles[0]!.text;
  })();
  bundled.catch(() => (bundled = null));
  return bundled;
}

export async function sendDevTelegram(c: Context): Promise<Response> {
  c.header('Cache-Control', 'no-store');
  c.header('Content-Type', 'text/javascript; charset=utf-8');
  return c.body(await bundle());
}
