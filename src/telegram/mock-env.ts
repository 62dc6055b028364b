/**
 * Development only (`npm run dev`, then open `/?tgMock`): a mock Telegram around the app, so the
 * Mini App flows can be seen and tested in a normal browser. It signs `initData` with the published
 * DEV_MOCK_BOT_TOKEN, which the dev server accepts when started with TELEGRAM_DEV_MOCK=1
 * (`npm run dev:server`), and which a production start refuses (server/config-check.ts). init.ts
 * imports this file only under `import.meta.env.DEV`, so a production build holds none of it.
 *
 * Query: `tgMock[=<user id>]`, `tgLang=<language_code>` (my, zh-hans, th, en…), `startapp=<param>`,
 * `tgTheme=light|dark`. Calls to Telegram are logged to the console.
 */

/** Published on purpose: it signs nothing outside a development start. Mirrors server/lib/published-secrets.ts. */
export const DEV_MOCK_BOT_TOKEN = '1000000001:KYATPLAY-DEV-MOCK-not-a-real-bot-token';

const enc = new TextEncoder();

async function hmac(key: ArrayBuffer | Uint8Array, data: string): Promise<ArrayBuffer> {
  const k = await crypto.subtle.importKey('raw', key as BufferSource, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return crypto.subtle.sign('HMAC', k, enc.encode(data));
}

/** Telegram's init data for `fields`, signed as Telegram signs it for the bot `token`. */
export async function signInitData(token: string, fields: Record<string, string>): Promise<string> {
  const checkString = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n');
  const secret = await hmac(enc.encode('WebAppData'), token);
  const hash = [...new Uint8Array(await hmac(secret, checkString))].map((b) => b.toString(16).padStart(2, '0')).join('');
  return new URLSearchParams({ ...fields, hash }).toString();
}

const THEMES = {
  dark: { bg_color: '#17212b', secondary_bg_color: '#232e3c', text_color: '#f5f5f5', hint_color: '#708499', link_color: '#6ab3f3', button_color: '#5288c1', button_text_color: '#ffffff', section_bg_color: '#17212b', accent_text_color: '#6ab2f2', destructive_text_color: '#ec3942', section_separator_color: '#111921' },
  light: { bg_color: '#ffffff', secondary_bg_color: '#f1f1f4', text_color: '#000000', hint_color: '#999999', link_color: '#2481cc', button_color: '#2481cc', button_text_color: '#ffffff', section_bg_color: '#ffffff', accent_text_color: '#2481cc', destructive_text_color: '#cc2929', section_separator_color: '#e7e7e7' },
};

export async function installMockTelegram(): Promise<void> {
  const q = new URLSearchParams(location.search);
  const id = Number(q.get('tgMock')) || 777000001;
  const theme = THEMES[q.get('tgTheme') === 'light' ? 'light' : 'dark'];
  const startParam = q.get('startapp');
  const user = { id, first_name: 'Mock', last_name: `Player ${id}`, username: `mock_${id}`, language_code: q.get('tgLang') ?? 'en', allows_write_to_pm: true };
  const fields: Record<string, string> = {
    query_id: `AAmock${id}`,
    user: JSON.stringify(user),
    auth_date: String(Math.floor(Date.now() / 1000)),
    ...(startParam ? { start_param: startParam } : {}),
  };
  const initData = await signInitData(DEV_MOCK_BOT_TOKEN, fields);

  const w = window as unknown as { TelegramWebviewProxy?: unknown; Telegram?: { WebView?: { receiveEvent(e: string, d?: unknown): void } } };
  const reply = (event: string, data: unknown) => setTimeout(() => w.Telegram?.WebView?.receiveEvent(event, data), 0);
  w.TelegramWebviewProxy = {
    postEvent(event: string, data: string) {
      console.debug('[telegram mock]', event, data ? JSON.parse(data) : '');
      if (event === 'web_app_request_theme') reply('theme_changed', { theme_params: theme });
      if (event === 'web_app_request_viewport') reply('viewport_changed', { height: innerHeight, is_state_stable: true, is_expanded: true });
      if (event === 'web_app_open_link') window.open(JSON.parse(data).url, '_blank', 'noopener');
    },
  };
  const hash = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'tdesktop',
    tgWebAppThemeParams: JSON.stringify(theme),
    ...(startParam ? { tgWebAppStartParam: startParam } : {}),
  });
  history.replaceState(history.state, '', `${location.pathname}${location.search}#${hash.toString()}`);
}
