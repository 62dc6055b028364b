import type { WebAppT } from './sdk';
import { readableOn, textOnFill } from './contrast';
type ThemeKey = keyof WebAppT['themeParams'];

/**
 * Which Telegram theme params feed which of our tokens (src/styles/base.css), first present wins.
 * Older clients send fewer params, so each token falls back to a close relative rather than to our
 * dark default (a dark border on a light theme would look broken).
 */
const TOKEN_FROM_THEME: Array<[token: string, params: ThemeKey[]]> = [
  ['bg', ['bg_color']],
  ['surface', ['secondary_bg_color', 'section_bg_color', 'bg_color']],
  ['raised', ['section_bg_color', 'secondary_bg_color', 'bg_color']],
  ['line', ['section_separator_color', 'hint_color']],
  ['fg', ['text_color']],
  ['muted', ['hint_color', 'subtitle_text_color']],
  ['link', ['link_color', 'accent_text_color']],
  ['primary', ['button_color']],
  ['on-primary', ['button_text_color']],
  ['money', ['accent_text_color', 'link_color', 'button_color']],
  ['loss', ['destructive_text_color']],
];

/**
 * Maps the user's Telegram theme onto our tokens. Params a client does not send keep our
 * defaults. The stable viewport height replaces 100dvh (the keyboard and Telegram's own chrome
 * resize the view; the stable height does not jump while the user drags the sheet).
 */
export function applyTelegramTheme(app: WebAppT): void {
  const root = document.documentElement.style;
  const theme = app.themeParams ?? {};
  for (const [token, params] of TOKEN_FROM_THEME) {
    const value = params.map((p) => theme[p]).find(Boolean);
    if (value) root.setProperty(`--kp-${token}`, value);
    else root.removeProperty(`--kp-${token}`);
  }
  root.setProperty('--kp-vh', 'var(--tg-viewport-stable-height, 100dvh)');
  for (const side of ['top', 'bottom', 'left', 'right']) {
    root.setProperty(`--kp-safe-${side}`, `calc(var(--tg-safe-area-inset-${side}, 0px) + var(--tg-content-safe-area-inset-${side}, 0px))`);
  }
  keepTextReadable();
  document.documentElement.style.colorScheme = app.colorScheme === 'light' ? 'light' : 'dark';
  const meta = document.querySelector('meta[name="theme-color"]');
  if (meta && theme.bg_color) meta.setAttribute('content', theme.bg_color);
}

/** Tokens drawn as text on the page's surfaces, and the surfaces they are drawn on. */
const TEXT_TOKENS = ['muted', 'link', 'primary', 'money', 'loss', 'win', 'pending'];
const SURFACES = ['bg', 'surface', 'raised'];

/**
 * Every text token at 4.5:1 or better on every surface, and the primary button's text on it
 * (./contrast): Telegram's light theme gives a 2.8:1 hint colour, and our green and amber are made
 * for a dark page. Starts from the theme's own values (earlier fixes removed first).
 */
function keepTextReadable(): void {
  const root = document.documentElement.style;
  const mapped = new Set(TOKEN_FROM_THEME.map(([token]) => token));
  for (const token of TEXT_TOKENS) if (!mapped.has(token)) root.removeProperty(`--kp-${token}`);
  const fg = tokenValue('fg');
  const surfaces = SURFACES.map(tokenValue).filter(Boolean);
  for (const token of TEXT_TOKENS) {
    const value = tokenValue(token);
    const readable = value && fg ? readableOn(value, surfaces, fg) : value;
    if (readable && readable !== value) root.setProperty(`--kp-${token}`, readable);
  }
  const primary = tokenValue('primary');
  const onPrimary = tokenValue('on-primary');
  if (primary && onPrimary) {
    const text = textOnFill(onPrimary, primary);
    if (text !== onPrimary) root.setProperty('--kp-on-primary', text);
  }
}

/** A token's value as the page has it now (Telegram's theme, else our default). */
function tokenValue(token: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(`--kp-${token}`).trim();
}

/** Runs one of Telegram's setters if this client has it; an old or picky client refuses quietly. */
function trySet(app: WebAppT, version: string, set: () => void): void {
  try {
    if (app.isVersionAtLeast(version)) set();
  } catch {
    // Telegram keeps its own colour: a nicety missed, nothing broken.
  }
}

/**
 * Telegram's own chrome in our colours, so the Mini App reads as one surface: its header and the
 * overscroll background in the page colour, the bottom bar in the colour of our bottom navigation.
 * Run after applyTelegramTheme (the tokens it sets are read back), and again on themeChanged.
 * Before 6.9 a header takes only a theme key, so there it follows the theme's background.
 */
export function applyTelegramChrome(app: WebAppT): void {
  const bg = tokenValue('bg');
  const surface = tokenValue('surface');
  if (bg) {
    trySet(app, '6.1', () => app.setHeaderColor(app.isVersionAtLeast('6.9') ? (bg as `#${string}`) : 'bg_color'));
    trySet(app, '6.1', () => app.setBackgroundColor(bg as `#${string}`));
  }
  if (surface) trySet(app, '7.10', () => app.setBottomBarColor(surface));
}
