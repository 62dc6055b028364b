import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import type { Clock } from '../../lib/clock';
import { sendStatic, type StaticFile } from '../../lib/static-files';
import { queryInput } from '../../lib/request-input';
import { firstScreenMarkup, pageShellMarkup, type FirstScreenData, type ShellLang } from './markup';
import { digitBetMarkup, promotionMarkup, twoDMarkup } from './pages';
import { playerTopTemplates } from './player-top';
import { START_PAGE_PATHS, parseStartParam } from '../../../shared/start-param';

/** Reads one API answer in-process (the app's own `request`), as a browser would get it. */
export type InternalFetch = (path: string) => Promise<Response>;

const LANGS: readonly ShellLang[] = ['en', 'mm', 'zh', 'th'];
const BCP47: Record<ShellLang, string> = { en: 'en', mm: 'my', zh: 'zh', th: 'th' };
/** The cookie the site writes with the reader's language (src/i18n), so the page comes in it. */
export const LANGUAGE_COOKIE = 'kp_lan';
/**
 * A built page lives this long: an operator's banner or marquee edit shows within it, on every
 * server process, with no invalidation message between them; a busy home costs one set of
 * catalogue reads per process per interval.
 */
export const SHELL_TTL_MS = 5_000;
/** The operator console's paths (src/main.tsx hands them to src/console). */
export const CONSOLE_PATH = /^\/admin(\/|$)/i;
/** /2d carries the live view, which the server rebuilds once a second (domain/two-d/live.ts): so does its page. */
export const LIVE_SHELL_TTL_MS = 1_000;

/** The pages whose first screen the server renders; any other player page gets the top bar only. */
export type ShellKind = 'home' | 'two-d' | 'promotion' | 'digit' | 'page' | 'console';

/** The page a path is (client routes match case-insensitively, a trailing slash aside). */
/**
 * A Telegram direct link's start parameter comes in the query (`/?tgWebAppStartParam=ref_X__2d`):
 * when it names a page the server paints (2D, Digit Bet, promotions), `/` is sent as that page,
 * with its path for the page's first script to put in the address bar (server/lib/page-scripts.ts),
 * so the launch shows the page it lands on from its first paint. Null for anything else.
 */
export function landingPath(path: string, startParam: unknown): string | null {
  if (path !== '/' || typeof startParam !== 'string') return null;
  const page = parseStartParam(startParam).page;
  const target = page ? START_PAGE_PATHS[page] : null;
  return target && ['two-d', 'promotion', 'digit'].includes(shellKind(target)) ? target : null;
}

export function shellKind(path: string): ShellKind {
  if (path === '/') return 'home';
  if (CONSOLE_PATH.test(path)) return 'console';
  const p = path.toLowerCase().replace(/\/+$/, '');
  return p === '/2d' ? 'two-d' : p === '/promotion' ? 'promotion' : p === '/digitbet' ? 'digit' : 'page';
}

/** /2d reads the live feed (the host's `/live`, which src/api/two-d.ts asks first). */
export const TWO_D_READ = '/live';
/** /promotion reads the promotions in the page's language (src/api/content.ts). */
export const promotionRead = (lang: ShellLang) => `/api/promotion?lang=${lang}`;

/** The client's first-paint hint that a player is signed in (src/app/storage.ts markSignedIn); not a credential. */
export const SIGNED_IN_COOKIE = 'kp_in';
export function signedInHint(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && new RegExp(`(?:^|;\\s*)${SIGNED_IN_COOKIE}=1(?:;|$)`).test(cookieHeader);
}

export function shellLanguage(cookieHeader: string | undefined): ShellLang {
  const m = cookieHeader ? new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([a-z]{2})`).exec(cookieHeader) : null;
  const lang = m?.[1] as ShellLang | undefined;
  return lang && LANGS.includes(lang) ? lang : 'en';
}

/** `</script>` and friends cannot end the data block; the JSON stays valid. */
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

async function readJson(internal: InternalFetch, path: string): Promise<unknown> {
  try {
    const res = await internal(path);
    return res.ok ? await res.json() : undefined;
  } catch {
    return undefined;
  }
}

/** The home lobby's first screen reads these; the page embeds their answers (src/app/boot-data.ts). */
export function homeReads(lang: ShellLang): string[] {
  return ['/api/game_types', `/api/banner?lang=${lang}`, `/api/banner_Text?lang=${lang}`];
}

/**
 * The template with its render-blocking stylesheets (`<link rel="stylesheet" href="/assets/….css">`)
 * replaced by their text in a `<style>` (the site's CSS is ~6 kB brotli): the first paint does not
 * wait for a second request. The CSP allows it (style-src 'unsafe-inline', security-headers.ts). A
 * sheet not found, or one whose text could end the element, stays a link.
 */
export function inlineStylesheets(template: string, read: (href: string) => string | undefined): string {
  return template.replace(/<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[^"]+\.css)">/g, (link, href: string) => {
    const css = read(href);
    return css !== undefined && !/<\/style/i.test(css) ? `<style>${css}</style>` : link;
  });
}

function compressed(html: string): StaticFile {
  const identity = Buffer.from(html, 'utf8');
  const hash = createHash('sha1').update(identity).digest('base64url').slice(0, 22);
  return {
    type: 'text/html; charset=utf-8',
    mtime: new Date(),
    bodies: {
      identity,
      br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }),
      gzip: gzipSync(identity, { level: 9 }),
    },
    etags: { identity: `"${hash}"`, br: `"${hash}-br"`, gzip: `"${hash}-gz"` },
  };
}

/**
 * The page shell (dist/index.html) with, per language: `<html lang>`, the first screen's markup
 * in `#root` (the home lobby's banner, marquee and game types from the database; the layout's top
 * bar elsewhere), the API answers that screen reads as a JSON data block (no script runs from it:
 * the CSP stays `script-src 'self'`), and the first banner preloaded at high priority; /2d,
 * /promotion and /digitbet carry their own first screen (./pages.ts). Built on first request, kept
 * SHELL_TTL_MS (/2d: LIVE_SHELL_TTL_MS; /promotion: also until its promotions change), compressed
 * once per build.
 */
export function createShell(opts: { template: string; internal: InternalFetch; clock: Clock }) {
  const cache = new Map<string, { at: number; version: string; file: Promise<StaticFile> }>();
  return {
    async respond(c: Context): Promise<Response> {
      const lang = shellLanguage(c.req.header('cookie'));
      // Any page GET is answered: an odd start parameter only means no landing page (never a refusal).
      const landing = landingPath(c.req.path, queryInput(c).tgWebAppStartParam);
      const kind = shellKind(landing ?? c.req.path);
      // Only /digitbet paints a player differently from a guest.
      const player = kind === 'digit' && signedInHint(c.req.header('cookie'));
      const key = `${kind}|${lang}|${player ? 'player' : 'guest'}|${landing ?? ''}`;
      const now = opts.clock.now().getTime();
      const version = await pageVersion(opts.internal, kind, lang);
      let entry = cache.get(key);
      if (!entry || entry.version !== version || now < entry.at || now - entry.at >= (kind === 'two-d' ? LIVE_SHELL_TTL_MS : SHELL_TTL_MS)) {
        entry = { at: now, version, file: buildPage(opts.template, opts.internal, kind, lang, player, landing) };
        cache.set(key, entry);
        entry.file.catch(() => cache.delete(key));
      }
      const res = sendStatic(c, await entry.file, 'no-cache');
      // The page is in the language its cookie names.
      res.headers.set('Vary', 'Accept-Encoding, Cookie');
      return res;
    },
  };
}

/**
 * The version of what a page shows that an operator edits and expects to see on the next visit
 * (the promotions: their answer's ETag, read in-process from the content cache); a new version
 * rebuilds the page at once, whatever its age. Empty for the other pages (their TTL decides).
 */
async function pageVersion(internal: InternalFetch, kind: ShellKind, lang: ShellLang): Promise<string> {
  if (kind !== 'promotion') return '';
  try {
    return (await internal(promotionRead(lang))).headers.get('etag') ?? '';
  } catch {
    return '';
  }
}

async function buildPage(template: string, internal: InternalFetch, kind: ShellKind, lang: ShellLang, player: boolean, landing: string | null): Promise<StaticFile> {
  const html = template.replace(/<html lang="[^"]*"/, `<html lang="${BCP47[lang]}"${landing ? ` data-kp-path="${landing}"` : ''}`);
  const { markup, head, api } = await firstScreen(internal, kind, lang, player);
  const boot = `<script type="application/json" id="kp-boot">${jsonForScript({ lang, api })}</script>`;
  // The signed-in top bar, for a Telegram launch's sign-in to fill in before the app (./player-top.ts).
  const top = kind === 'console' ? '' : playerTopTemplates(lang);
  return compressed(html.replace('</head>', `${head}</head>`).replace('<div id="root"></div>', `<div id="root">${markup}</div>${boot}${top}`));
}

/** A page's first screen: its markup in #root, what goes in <head>, and the API answers it was built from. */
interface FirstScreen {
  markup: string;
  head: string;
  api: Record<string, unknown>;
}

const preloadImage = (href: string | null) => (href ? `<link rel="preload" as="image" href="${href}" fetchpriority="high">` : '');

/** Our generated art up to this size goes into the page itself (./inlineLcpArt). */
const INLINE_ART_MAX_BYTES = 12 * 1024;

/**
 * The first screen's largest image (the home banner, the first promotion card) painted with the
 * page, not after a request of its own: when it is our own generated SVG art (a few kB), the
 * server's `<img>` carries it as a data URI, so it is painted with the first paint, like text, and
 * its LCP is the page's first paint. The art's address is still preloaded (at low priority: it
 * must not compete with the page's scripts) for the app, whose own `<img>` then comes from the
 * cache. Art from elsewhere (an operator's CDN), or larger, keeps the address at high priority.
 */
async function inlineLcpArt(internal: InternalFetch, first: { html: string; lcpImage: string | null }): Promise<{ html: string; head: string }> {
  const src = first.lcpImage;
  const path = src?.replace(/&amp;/g, '&');
  if (!src || !path || !/^\/assets\/art\/[a-z]+\/\d+\.svg(\?[^"#<>]*)?$/.test(path)) return { html: first.html, head: preloadImage(src) };
  try {
    const res = await internal(path);
    const svg = res.ok && /svg/.test(res.headers.get('content-type') ?? '') ? Buffer.from(await res.arrayBuffer()) : null;
    if (!svg || svg.length > INLINE_ART_MAX_BYTES) return { html: first.html, head: preloadImage(src) };
    const html = first.html.replace(`src="${src}"`, `src="data:image/svg+xml;base64,${svg.toString('base64')}"`);
    return { html, head: `<link rel="preload" as="image" href="${src}" fetchpriority="low">` };
  } catch {
    return { html: first.html, head: preloadImage(src) };
  }
}

async function firstScreen(internal: InternalFetch, kind: ShellKind, lang: ShellLang, player: boolean): Promise<FirstScreen> {
  switch (kind) {
    case 'home':
      return homeScreen(internal, lang);
    case 'two-d':
      return twoDScreen(internal, lang);
    case 'promotion':
      return promotionScreen(internal, lang);
    case 'digit':
      return { markup: digitBetMarkup(lang, player), head: '', api: {} };
    case 'console':
      // The operator console (src/console) paints its own screens: none of the player's markup.
      return { markup: '', head: '<meta name="robots" content="noindex">', api: {} };
    default:
      return { markup: pageShellMarkup(lang), head: '', api: {} };
  }
}

async function homeScreen(internal: InternalFetch, lang: ShellLang): Promise<FirstScreen> {
  const api: Record<string, unknown> = {};
  const paths = homeReads(lang);
  const answers = await Promise.all(paths.map((p) => readJson(internal, p)));
  paths.forEach((p, i) => {
    if (answers[i] !== undefined) api[p] = answers[i];
  });
  const data: FirstScreenData = { gameTypes: answers[0], banners: answers[1], bannerText: answers[2] };
  const { html, head } = await inlineLcpArt(internal, firstScreenMarkup(data, lang));
  return { markup: html, head, api };
}

async function twoDScreen(internal: InternalFetch, lang: ShellLang): Promise<FirstScreen> {
  const live = await readJson(internal, TWO_D_READ);
  if (live === undefined) return { markup: pageShellMarkup(lang), head: '', api: {} };
  return { markup: twoDMarkup(live, lang), head: '', api: { [TWO_D_READ]: live } };
}

async function promotionScreen(internal: InternalFetch, lang: ShellLang): Promise<FirstScreen> {
  const path = promotionRead(lang);
  const answer = await readJson(internal, path);
  if (answer === undefined) return { markup: pageShellMarkup(lang), head: '', api: {} };
  const { html, head } = await inlineLcpArt(internal, promotionMarkup(answer, lang));
  return { markup: html, head, api: { [path]: answer } };
}
