/**
 * An aggregator's launch `content` (third-party HTML) never runs with the site's origin, where it
 * could read the player's token from localStorage. It goes to the server's /game-frame page, whose
 * CSP sandbox gives it an opaque origin (server/routes/game-frame): the site opens that page,
 * waits for its "ready" and posts the HTML, which the page writes over itself.
 */
export const GAME_FRAME_PATH = '/game-frame';
/** As server/routes/game-frame/index.ts sends and expects them. */
const READY = 'kyatplay:game-frame-ready';
const CONTENT = 'kyatplay:game-content';
/** How long the page may take to load before the launch counts as failed. */
const READY_TIMEOUT_MS = 20_000;

/** Opens the sandboxed game window and hands it `html`; rejects with `blocked` when the browser refused the window. */
export function openSandboxedGame(html: string, blocked: unknown): Promise<void> {
  const win = window.open(GAME_FRAME_PATH, '_blank');
  if (!win) return Promise.reject(blocked);
  return new Promise<void>((resolve, reject) => {
    const done = () => {
      window.removeEventListener('message', onMessage);
      clearTimeout(timer);
    };
    const onMessage = (event: MessageEvent) => {
      // Only our window, and only while its document is the sandboxed page (an opaque origin).
      if (event.source !== win || event.origin !== 'null' || (event.data as { type?: unknown } | null)?.type !== READY) return;
      done();
      // '*': an opaque origin cannot be named; the source check above is what binds the target.
      win.postMessage({ type: CONTENT, html }, '*');
      resolve();
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error('the game window did not load'));
    }, READY_TIMEOUT_MS);
    window.addEventListener('message', onMessage);
  });
}
