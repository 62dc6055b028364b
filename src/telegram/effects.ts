import type { WebAppT } from './sdk';

/**
 * Telegram's native niceties for the rest of the app, without loading the SDK: setup.ts attaches
 * the SDK's WebApp once it runs inside Telegram; until then (and always on the plain web site)
 * every call here does nothing. Only `import type` from the SDK, so this file is a few hundred
 * bytes in the entry chunk.
 */
let app: WebAppT | null = null;
let swipeLocks = 0;
let closingHolds = 0;

export function attachTelegram(webApp: WebAppT): void {
  app = webApp;
}

/** The attached WebApp inside Telegram, null on the plain web site (or before setup ran). */
export function telegramApp(): WebAppT | null {
  return app;
}

/** Whether a Bot API feature exists in this Telegram client (old clients throw on new calls). */
function supports(version: string): boolean {
  try {
    return !!app && app.isVersionAtLeast(version);
  } catch {
    return false;
  }
}

/** Telegram's own hosts: their links open in Telegram itself (a chat, a channel, a bot). */
const TELEGRAM_LINK_HOST = /^(www\.)?(t\.me|telegram\.me|telegram\.dog)$/i;

/**
 * Opens a link that leaves the app (a support channel, the app download) the way Telegram wants
 * it: t.me links inside Telegram, others in the phone's browser. Returns true when Telegram took
 * it; false on the plain web site, for other schemes (viber:, tel:) or when the client refused,
 * so the anchor does what it always does.
 */
export function openExternal(href: string): boolean {
  if (!supports('6.1')) return false;
  let url: URL;
  try {
    url = new URL(href, location.href);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  try {
    // openTelegramLink accepts t.me only: the other spellings of the same links are rewritten.
    if (TELEGRAM_LINK_HOST.test(url.hostname)) app!.openTelegramLink(`https://t.me${url.pathname}${url.search}`);
    else app!.openLink(url.href);
    return true;
  } catch {
    return false;
  }
}

/** An outside link's onClick: inside Telegram it goes through {@link openExternal}, on the web the anchor works as usual. */
export function onExternalLinkClick(event: { currentTarget: HTMLAnchorElement; preventDefault(): void }): void {
  if (openExternal(event.currentTarget.href)) event.preventDefault();
}

/** A tactile cue: 'success' / 'error' for an outcome, 'selection' for a pick. */
export function haptic(kind: 'success' | 'error' | 'selection'): void {
  if (!supports('6.1')) return;
  try {
    if (kind === 'selection') app!.HapticFeedback.selectionChanged();
    else app!.HapticFeedback.notificationOccurred(kind);
  } catch {
    // Haptics are a nicety; a client that refuses them changes nothing.
  }
}

/**
 * While a screen scrolls vertically as its main gesture (the reels, a game), Telegram's swipe-down
 * must not close the Mini App. Returns the release (for an effect's cleanup); nested holds count.
 */
export function holdVerticalSwipes(): () => void {
  if (swipeLocks++ === 0 && supports('7.7')) app!.disableVerticalSwipes();
  return () => {
    if (--swipeLocks === 0 && supports('7.7')) app!.enableVerticalSwipes();
  };
}

/** While money is in flight, closing the Mini App asks first. Returns the release; holds nest. */
export function holdClosingConfirmation(): () => void {
  if (closingHolds++ === 0 && supports('6.2')) app!.enableClosingConfirmation();
  return () => {
    if (--closingHolds === 0 && supports('6.2')) app!.disableClosingConfirmation();
  };
}

/**
 * A money request as Telegram players expect it: closing asks for confirmation until the answer
 * is in, then a success or error buzz (`won` decides for answers that can be a loss).
 */
export async function moneyInFlight<T>(request: () => Promise<T>, won: (answer: T) => boolean = () => true): Promise<T> {
  const release = holdClosingConfirmation();
  try {
    const answer = await request();
    haptic(won(answer) ? 'success' : 'error');
    return answer;
  } catch (error) {
    haptic('error');
    throw error;
  } finally {
    release();
  }
}
