import { isTelegramLaunch, rememberTelegramLaunch } from './detect';

/**
 * The only Telegram setup point. Outside Telegram this does nothing and loads nothing; inside, the
 * SDK and everything that uses it arrive in one lazy chunk (./setup).
 */
export async function initTelegram(): Promise<void> {
  if (!isTelegramLaunch()) return;
  rememberTelegramLaunch();
  try {
    const { setupTelegram } = await import('./setup');
    setupTelegram();
  } catch (err) {
    // The site must always work as a normal web page (Telegram rules, domain-notes.md).
    console.warn('Telegram setup failed; continuing as a web page', err);
  }
}
