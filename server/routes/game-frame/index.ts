import { Hono } from 'hono';
import type { AppEnv } from '../../types/app';
import { TELEGRAM_FRAME_ANCESTORS } from '../../lib/security-headers';

/** What the game may do: run scripts, submit forms, open windows, lock the pointer, alert. Not allow-same-origin. */
export const GAME_FRAME_SANDBOX = 'allow-scripts allow-forms allow-popups allow-pointer-lock allow-modals';

/**
 * The messages between the site and this page (the site's side is src/app/game-frame.ts), and the
 * one a game shown in the site's frame may send to be closed (the demo slot's back link).
 */
export const GAME_FRAME_MESSAGES = { ready: 'kyatplay:game-frame-ready', content: 'kyatplay:game-content', close: 'kyatplay:game-close' } as const;

/**
 * Who may frame the page: only the site itself, which shows it in a full-screen iframe inside the
 * Telegram Mini App (a new window there would leave Telegram). frame-ancestors checks every
 * ancestor, and Telegram's web clients frame the whole Mini App, so they are named as well.
 */
export const GAME_FRAME_ANCESTORS = `'self' ${TELEGRAM_FRAME_ANCESTORS.join(' ')}`;

/**
 * GET /game-frame: where an aggregator's launch `content` (third-party HTML) runs. The page's
 * CSP `sandbox` gives its document an opaque origin, so the game's scripts cannot read our
 * localStorage (the player's token), our cookies or the site's windows, although the page is
 * served from our origin. The site opens it in a window (or, inside Telegram, in an iframe of its
 * own page), waits for "ready", and posts the HTML, which the page writes over itself
 * (src/app/game-frame.ts). Only the window that hosts the page, speaking with the site's origin,
 * can hand it the HTML; nothing else is loosened for the site.
 */
export function gameFrameRoutes() {
  const routes = new Hono<AppEnv>();
  routes.get('/', (c) => {
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    // No script or style restrictions: the game's HTML brings its own. The sandbox is the guard.
    c.header('Content-Security-Policy', `sandbox ${GAME_FRAME_SANDBOX}; frame-ancestors ${GAME_FRAME_ANCESTORS}`);
    return c.html(PAGE);
  });
  return routes;
}

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="referrer" content="no-referrer">
<title>KyatPlay game</title>
<style>html,body{margin:0;height:100%;background:#0b1020;color:#e8ecf4;font:16px/1.5 system-ui,sans-serif}body{display:flex;align-items:center;justify-content:center}</style>
</head>
<body>
<p>Loading the game…</p>
<script>
(function () {
  var site = location.origin; // the URL's origin: the site that serves this page (ours is opaque)
  // The site's window that hosts this page: the page around it when framed (inside Telegram), else
  // the window that opened it. Anyone else framing or opening it gets no "ready" (posted to the
  // site's origin only) and cannot hand it HTML.
  var host = window.parent !== window ? window.parent : window.opener;
  addEventListener('message', function (event) {
    if (!host || event.source !== host || event.origin !== site) return;
    var data = event.data;
    if (!data || data.type !== ${JSON.stringify(GAME_FRAME_MESSAGES.content)} || typeof data.html !== 'string') return;
    window.opener = null; // the game has no business with the site's window
    document.open();
    document.write(data.html);
    document.close();
  });
  if (host) host.postMessage({ type: ${JSON.stringify(GAME_FRAME_MESSAGES.ready)} }, site);
})();
</script>
</body>
</html>`;
