import { WebApp } from './sdk';
import { bindBackButton } from './back-button';
import { attachTelegram } from './effects';
import { applyTelegramTheme } from './theme';

/** Runs once inside Telegram: ready, full height, theme and the back button. */
export function setupTelegram(): void {
  WebApp.ready();
  WebApp.expand();
  document.documentElement.dataset.telegram = WebApp.platform || 'unknown';
  applyTelegramTheme(WebApp);
  WebApp.onEvent('themeChanged', () => applyTelegramTheme(WebApp));
  bindBackButton(WebApp);
  attachTelegram(WebApp);
}
