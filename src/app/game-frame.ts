/**
 * An aggregator's launch `content` (third-party HTML) never runs with the site's origin, where it
 * could read the player's token from localStorage. It goes to the server's /game-frame page, whose
 * CSP sandbox gives it an opaque origin (server/routes/game-frame): the site opens that page (a new
 * window on the web, an iframe of its own page inside Telegram: ./game-overlay), waits for its
 * "ready" and posts the HTML, which the page writes over itself.
 */
export const GAME_FRAME_PATH = '/game-frame';
/** The tokens the page's CSP sandboxes it with (GAME_FRAME_SANDBOX in server/routes/game-frame). */
export const GAME_FRAME_SANDBOX = 'allow-scripts allow-forms allow-popups allow-pointer-lock allow-modals';
/**
 * The Telegram overlay's iframe sandbox: those tokens plus allow-same-origin, never top navigation.
 * The /game-frame document stays opaque whatever the iframe allows (its own CSP sandbox has no
 * allow-same-origin), so the launch HTML never runs with our origin. allow-same-origin only lets
 * the page the game then navigates to keep ITS origin: a real aggregator's game needs its own
 * cookies and storage, and with an opaque origin it would break inside Telegram. This is the web's
 * pop-up model exactly (a pop-up has no sandbox attribute at all). Decision 0009.
 */
export const GAME_OVERLAY_SANDBOX = `${GAME_FRAME_SANDBOX} allow-same-origin`;
/** As server/routes/game-frame/index.ts sends and expects them. */
export const GAME_FRAME_MESSAGES = { ready: 'kyatplay:game-frame-ready', content: 'kyatplay:game-content', close: 'kyatplay:game-close' } as const;
/** How long the page may take to load before the launch counts as failed. */
const READY_TIMEOUT_MS = 20_000;

const typeOf = (data: unknown) => (data as { type?: unknown } | null)?.type;

/**
 * Waits for the page in `target` to say "ready" and posts it the HTML. Only that window, and only
 * while its document is the sandboxed page (an opaque origin), is answered. `cancel` ends the wait
 * early (the player closed the frame first): it resolves, nothing was shown.
 */
export function handOverGame(target: Window, html: string, cancel?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const done = () => {
      window.removeEventListener('message', onMessage);
      cancel?.removeEventListener('abort', onCancel);
      clearTimeout(timer);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source !== target || event.origin !== 'null' || typeOf(event.data) !== GAME_FRAME_MESSAGES.ready) return;
      done();
      // '*': an opaque origin cannot be named; the source check above is what binds the target.
      target.postMessage({ type: GAME_FRAME_MESSAGES.content, html }, '*');
      resolve();
    };
    const onCancel = () => {
      done();
      resolve();
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error('the game frame did not load'));
    }, READY_TIMEOUT_MS);
    window.addEventListener('message', onMessage);
    cancel?.addEventListener('abort', onCancel, { once: true });
  });
}

/** Opens the sandboxed game window and hands it `html`; rejects with `blocked` when the browser refused the window. */
export function openSandboxedGame(html: string, blocked: unknown): Promise<void> {
  const win = window.open(GAME_FRAME_PATH, '_blank');
  if (!win) return Promise.reject(blocked);
  return handOverGame(win, html);
}

/** Whether a message is the game in `frame` asking to be closed (the demo slot's back link). */
export function isCloseRequest(event: MessageEvent, frame: HTMLIFrameElement): boolean {
  return event.source === frame.contentWindow && typeOf(event.data) === GAME_FRAME_MESSAGES.close;
}
