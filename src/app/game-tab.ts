/**
 * The game tab of a launch whose URL arrives after a request (the Shan launcher). Plain DOM, no
 * framework: the machine calls `reserve` / `release` as actions and `open` as its actor. Inside
 * the Telegram Mini App the game takes the same webview instead (`sameViewGameTab`).
 */
import { POPUP_BLOCKED_CODE } from '../machines/shan-launch/shan-launch.machine';

/** A blank tab saying the game is loading, without a handle on this page; null when the browser opened none. */
function openBlankTab(win: Pick<Window, 'open'>, loadingText: () => string): Window | null {
  let tab: Window | null;
  try {
    tab = win.open('', '_blank');
  } catch {
    return null;
  }
  if (!tab) return null;
  // The game gets no handle on this page; we keep ours to point the tab at it.
  tab.opener = null;
  try {
    const text = loadingText();
    tab.document.title = text;
    tab.document.body.textContent = text;
  } catch {
    // A browser that isolates even a blank tab: it just stays blank until the game loads.
  }
  return tab;
}

/** Points the reserved tab at the game, or opens one (an embedded browser that opened none). */
function openGame(win: Pick<Window, 'open'>, tab: Window | null, url: string): void {
  if (tab && !tab.closed) {
    tab.location.replace(url);
    return;
  }
  const opened = win.open(url, '_blank');
  if (!opened) throw { code: POPUP_BLOCKED_CODE };
  opened.opener = null;
}

/**
 * The game tab. A browser lets a page open a tab only inside the click that asked for it, but the
 * game's URL arrives a round trip later; a tab opened then is blocked. So the press reserves a
 * blank tab at once (`reserve`, run synchronously by the machine's entry action), the answer
 * points it at the game (`open`), and a launch that fails closes it again (`release`).
 */
export function createGameTab(win: Pick<Window, 'open'>, loadingText: () => string) {
  let pending: Window | null = null;

  /** The reserved tab, no longer reserved. */
  function take(): Window | null {
    const tab = pending;
    pending = null;
    return tab;
  }

  function release(): void {
    const tab = take();
    if (tab && !tab.closed) tab.close();
  }

  function reserve(): void {
    release();
    pending = openBlankTab(win, loadingText);
  }

  async function open(url: string): Promise<void> {
    openGame(win, take(), url);
  }

  /**
   * A request that is abandoned (the page left while it ran) releases the tab; one that settled
   * leaves it to the machine (its abort signal also fires when the state is left afterwards).
   */
  function whileReserved<T>(request: Promise<T>, signal: AbortSignal): Promise<T> {
    let settled = false;
    signal.addEventListener('abort', () => void (settled || release()), { once: true });
    return request.finally(() => void (settled = true));
  }

  return { reserve, release, open, whileReserved };
}

export type GameTab = ReturnType<typeof createGameTab>;

/**
 * Inside the Telegram Mini App a new tab would leave Telegram (or be refused): the game replaces
 * the site in the same webview, and its back link returns to it. Nothing is reserved, so no blank
 * tab is ever opened. Only a web address is followed.
 */
export function sameViewGameTab(loc: Pick<Location, 'assign' | 'href'>): GameTab {
  return {
    reserve() {},
    release() {},
    async open(url: string) {
      const target = new URL(url, loc.href);
      if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new Error('the game address is not a web address');
      loc.assign(target.href);
    },
    whileReserved: (request) => request,
  };
}
