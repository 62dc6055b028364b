import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../types/app';
import { loadStaticFiles, sendStatic } from '../../lib/static-files';
import { DEV_TELEGRAM_SCRIPT, devTelegramEnabled, sendDevTelegram, withDevTelegram } from './dev-telegram';
import { createShell, inlineStylesheets, type InternalFetch } from './shell';
import { APP_START_SCRIPT, TELEGRAM_EARLY_SCRIPT } from '../../lib/page-scripts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built site (STATIC_DIR): hashed assets cached for a year, other files as they are, and every
 * other GET answered with the page shell, which carries the first screen and the site's CSS
 * inline (./shell.ts).
 * `internal` reads the API in-process for the shell's data.
 */
export function siteRoutes(deps: Deps, internal: InternalFetch) {
  const routes = new Hono<AppEnv>();
  const files = loadStaticFiles(deps.env.STATIC_DIR);
  const template = files.get('/index.html');
  // The mock Telegram only where the server accepts its token (./dev-telegram.ts; never in production).
  const mock = devTelegramEnabled(deps.env);
  const page = (html: string) => startAppAfterFirstPaint(withTelegramEarly(mock ? withDevTelegram(html) : html));
  const shell = template
    ? createShell({
        template: page(inlineStylesheets(template.bodies.identity.toString('utf8'), (href) => files.get(href)?.bodies.identity.toString('utf8'))),
        internal,
        clock: deps.clock,
      })
    : null;

  if (mock) routes.get(DEV_TELEGRAM_SCRIPT, sendDevTelegram);
  routes.on(['GET', 'HEAD'], '/assets/*', (c) => {
    const file = files.get(c.req.path);
    // A missing asset is a 404, never the shell (which would be cached as JS).
    return file ? sendStatic(c, file, IMMUTABLE) : c.text('Not found', 404);
  });
  routes.on(['GET', 'HEAD'], '*', async (c) => {
    const file = c.req.path === '/index.html' ? undefined : files.get(c.req.path);
    if (file) return sendStatic(c, file);
    // History fallback: any other GET is a client route.
    if (!shell) return c.text('Not found', 404);
    return shell.respond(c);
  });
  return routes;
}

/**
 * The Telegram launch's early sign-in (server/lib/page-scripts.ts) as the page's first script,
 * right after the charset: it must post the init data before the app's modules are even asked for.
 * (The development mock, when there is one, signs its launch later: this script finds no init data
 * in the address then and leaves the sign-in to the app.)
 */
export function withTelegramEarly(template: string): string {
  return template.replace(/(<meta charset="[^"]*"\s*\/?>)/i, `$1<script>${TELEGRAM_EARLY_SCRIPT}</script>`);
}

/**
 * The app starts after the page's first paint (docs/decisions/0040): the entry's module script, its
 * modulepreload links and the icon leave the page's head and become one `<meta name="kp-app">`
 * (the entry first, then its imports; the icon in `data-icon`), which the start script
 * (server/lib/page-scripts.ts APP_START_SCRIPT) turns back into those elements once the first
 * contentful paint is out. A template without exactly one entry script is left as it is.
 */
export function startAppAfterFirstPaint(template: string): string {
  const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
  if (template.match(new RegExp(entry.source, 'g'))?.length !== 1) return template;
  const preloads: string[] = [];
  let icon = '';
  const page = template
    .replace(/[ \t]*<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">\s*?\n?/g, (_, href: string) => (preloads.push(href), ''))
    .replace(/[ \t]*<link rel="icon" type="image\/svg\+xml" href="(\/[^"]+)"\s*\/?>\s*?\n?/, (_, href: string) => ((icon = href), ''));
  return page.replace(entry, (_, src: string) => `<meta name="kp-app" content="${[src, ...preloads].join(' ')}"${icon ? ` data-icon="${icon}"` : ''}><script>${APP_START_SCRIPT}</script>`);
}
