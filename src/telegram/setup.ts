import { navigate } from 'wouter/use-browser-location';
import { WebApp, type WebAppT } from './sdk';
import { bindBackButton } from './back-button';
import { attachTelegram } from './effects';
import { applyTelegramChrome, applyTelegramTheme } from './theme';

/** Where Telegram's Settings item leads: the profile, with the language chooser (app/live-profile.ts PROFILE_URL). */
const SETTINGS_URL = '/information?tab=profile';

/** Runs once inside Telegram: ready, full height, theme and colours, the back and settings buttons. */
export function setupTelegram(): void {
  WebApp.ready();
  WebApp.expand();
  document.documentElement.dataset.telegram = WebApp.platform || 'unknown';
  const theme = () => {
    applyTelegramTheme(WebApp);
    applyTelegramChrome(WebApp);
  };
  theme();
  WebApp.onEvent('themeChanged', theme);
  bindBackButton(WebApp);
  bindSettingsButton(WebApp);
  attachTelegram(WebApp);
}

/** Telegram's Settings item in the Mini App's menu (Bot API 6.10+) opens the profile page. */
function bindSettingsButton(app: WebAppT): void {
  try {
    if (!app.isVersionAtLeast('6.10')) return;
    app.SettingsButton.onClick(() => navigate(SETTINGS_URL));
    app.SettingsButton.show();
  } catch {
    // An old or odd client: the profile stays one tap away in the menu.
  }
}
