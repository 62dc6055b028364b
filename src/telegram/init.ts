import { isTelegramLaunch, rememberTelegramLaunch } from './detect';
import type { TelegramLaunch } from './launch';

export type { TelegramLaunch } from './launch';

/**
 * The only Telegram setup point. Outside Telegram this does nothing and loads nothing; inside, the
 * SDK and everything that uses it arrive in one lazy chunk (./setup). Answers what the launch
 * carries (init data, start parameter, language), or null on the web or without init data.
 * In development, `?tgMock` first installs a mock Telegram (./mock-env; never in a production build;
 * a built site started with TELEGRAM_DEV_MOCK=1 gets it from the server, ./mock-boot).
 */
export async function initTelegram(): Promise<TelegramLaunch | null> {
  if (import.meta.env.DEV && /[?&]tgMock\b/.test(location.search)) {
    const { installMockTelegram } = await import('./mock-env');
    await installMockTelegram();
  }
  // A built site on a development start with TELEGRAM_DEV_MOCK=1: the server's mock script
  // (./mock-boot, never in this bundle) may still be signing the launch.
  await (window as { __kpDevTelegram?: Promise<void> }).__kpDevTelegram?.catch(() => undefined);
  if (!isTelegramLaunch()) return null;
  rememberTelegramLaunch();
  try {
    const [{ setupTelegram }, { WebApp }, { readLaunch }] = await Promise.all([import('./setup'), import('./sdk'), import('./launch')]);
    setupTelegram();
    return readLaunch(WebApp);
  } catch (err) {
    // The site must always work as a normal web page (Telegram rules, domain-notes.md).
    console.warn('Telegram setup failed; continuing as a web page', err);
    return null;
  }
}
