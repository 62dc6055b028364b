import { Hono } from 'hono';
import type { AppEnv } from '../../app';

/** What the game may do: run scripts, submit forms, open windows, lock the pointer, alert. Not allow-same-origin. */
export const GAME_FRAME_SANDBOX = 'allow-scripts allow-forms allow-popups allow-pointer-lock allow-modals';

/** The two messages between the site and this page; the site's side is src/app/game-frame.ts. */
export const GAME_FRAME_MESSAGES = { ready: 'kyatplay:game-frame-ready', content: 'kyatplay:game-content' } as const;

/**
 * GET /game-frame: where an aggregator's launch `content` (third-party HTML) runs. The page's
 * CSP `sandbox` gives its document an opaque origin, so the game's scripts cannot read our
 * localStorage (the player's token), our cookies or the site's windows, although the page is
 * served from our origin. The site opens it, waits for "ready", and posts the HTML, which the page
 * writes over itself (src/app/game-frame.ts). Nothing else is loosened for the site.
 */
export function gameFrameRoutes() {
  const routes = new Hono<AppEnv>();
  routes.get('/', (c) => {
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    // No script or style restrictions: the game's HTML brings its own. The sandbox is the guard.
    c.header('Content-Security-Policy', `sandbox ${GAME_FRAME_SANDBOX}; frame-ancestors 'none'`);
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
  addEventListener('message', function (event) {
    if (event.source !== window.opener || event.origin !== site) return;
    var data = event.data;
    if (!data || data.type !== ${JSON.stringify(GAME_FRAME_MESSAGES.content)} || typeof data.html !== 'string') return;
    window.opener = null; // the game has no business with the site's window
    document.open();
    document.write(data.html);
    document.close();
  });
  if (window.opener) window.opener.postMessage({ type: ${JSON.stringify(GAME_FRAME_MESSAGES.ready)} }, site);
})();
</script>
</body>
</html>`;
