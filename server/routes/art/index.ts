import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv, Deps } from '../../types/app';
import type { Db } from '../../db/client';
import { TtlCache } from '../../domain/catalogue-cache';
import { gameArtInfo, providerArtInfo } from '../../domain/catalogue';
import { langQuery, type Lang } from '../content/lang';
import { checkPath, queryFields } from '../../lib/request-input';
import { choice } from '../../lib/schemas';
import { contactSvg, promotionSvg } from './content';
import { typeIconSvg } from './icons';
import type { Audience } from './promo-text';
import { bannerSvg, popupSvg } from './promos';
import { gameTileSvg, providerTileSvg } from './tiles';

/**
 * Generated artwork under /assets/art (mounted before the static files in app.ts):
 *   /game/<id>.svg        game tile, 300×300, from the game's name and provider colour
 *   /provider/<code>.svg  provider logo tile, 300×200
 *   /type/<code>.svg      game-type icon, 96×96
 *   /banner/<n>.svg       home banner, 1200×400
 *   /popup/<n>.svg        pop-up ad, 800×300
 *   /promotion/<n>.svg    promotion card, 600×400
 *   /contact/<name>.svg   contact channel icon, 256×256
 * Art is keyed by id or code, so it is served as immutable; a changed name gets a new URL by
 * appending `?v=…` to the stored path (that query is ignored here). The banners, the pop-up and
 * the promotion cards carry words: `?lang=en|mm|zh|th` picks their language (English otherwise)
 * and `?for=player` the variant for a logged-in player (no "join" call to action). Each variant
 * is its own URL, so it is as cacheable as the rest.
 */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Generated game and provider art kept in memory (it is cheap to draw, but needs a query). */
const ART_TTL_MS = 10 * 60_000;

export function artRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();
  const cache = new TtlCache(deps.clock, ART_TTL_MS, 2000);
  const { db } = deps.database;

  routes.get('/game/:file', (c) => gameArt(c, cache, db));
  routes.get('/provider/:file', (c) => providerArt(c, cache, db));

  routes.get('/type/:file', (c) => {
    const code = fileKey(c, /^([a-z0-9_-]{1,40})\.svg$/);
    return code ? sendSvg(c, typeIconSvg(code)) : notFound(c);
  });

  routes.get('/banner/:file', (c) => {
    const n = fileKey(c, /^(\d{1,3})\.svg$/);
    const svg = n ? bannerSvg(Number(n), artLang(c), audience(c)) : undefined;
    return svg ? sendSvg(c, svg) : notFound(c);
  });

  routes.get('/popup/:file', (c) => {
    const n = fileKey(c, /^(\d{1,3})\.svg$/);
    const svg = n ? popupSvg(Number(n), artLang(c), audience(c)) : undefined;
    return svg ? sendSvg(c, svg) : notFound(c);
  });

  routes.get('/promotion/:file', (c) => {
    const n = fileKey(c, /^(\d{1,3})\.svg$/);
    const svg = n ? promotionSvg(Number(n), artLang(c)) : undefined;
    return svg ? sendSvg(c, svg) : notFound(c);
  });

  routes.get('/contact/:file', (c) => {
    const name = fileKey(c, /^([a-z0-9_-]{1,32})\.svg$/i);
    return name ? sendSvg(c, contactSvg(name)) : notFound(c);
  });

  routes.all('*', (c) => notFound(c));
  return routes;
}

/** A game's tile, drawn from its catalogue row and kept a while. */
async function gameArt(c: Context, cache: TtlCache, db: Db) {
  const id = fileKey(c, /^([1-9]\d{0,14})\.svg$/);
  if (!id) return notFound(c);
  const svg = await cache.get(`game:${id}`, async () => {
    const info = await gameArtInfo(db, Number(id));
    return info ? gameTileSvg(info) : null;
  });
  return svg ? sendSvg(c, svg) : notFound(c);
}

/** A provider's logo tile, drawn from its catalogue row and kept a while. */
async function providerArt(c: Context, cache: TtlCache, db: Db) {
  const code = fileKey(c, /^([A-Za-z0-9_-]{1,32})\.svg$/);
  if (!code) return notFound(c);
  const svg = await cache.get(`provider:${code.toUpperCase()}`, async () => {
    const info = await providerArtInfo(db, code);
    return info ? providerTileSvg(info) : null;
  });
  return svg ? sendSvg(c, svg) : notFound(c);
}

/** The words' language: `?lang=` only (not Accept-Language: the URL alone decides what is cached). */
/** `?for=player` draws the signed-in player's words; anything else the guest's. */
const artQuery = { ...langQuery, for: z.unknown().transform((v): Audience => (v === 'player' ? 'player' : 'guest')) };
const artLang = (c: Context): Lang => queryFields(c, artQuery).lang ?? 'en';
const audience = (c: Context): Audience => queryFields(c, artQuery).for;

/** The key in the path's `:file` (`pattern`'s first group), or undefined: a name that matches nothing is a 404. */
function fileKey(c: Context, pattern: RegExp): string | undefined {
  const file = choice('file', (v) => (typeof v === 'string' ? (pattern.exec(v)?.[1] ?? null) : null));
  return checkPath(c, { file }).values.file;
}

function sendSvg(c: Context, svg: string) {
  const etag = `"${createHash('sha1').update(svg).digest('base64url').slice(0, 16)}"`;
  c.header('Cache-Control', IMMUTABLE);
  c.header('ETag', etag);
  c.header('X-Content-Type-Options', 'nosniff');
  // Opened on its own, an SVG is a document: let it draw, never run anything.
  c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  if (c.req.header('if-none-match') === etag) return c.body(null, 304);
  return c.body(svg, 200, { 'Content-Type': 'image/svg+xml; charset=utf-8' });
}

function notFound(c: Context) {
  c.header('Cache-Control', 'no-store');
  return c.text('Not found', 404);
}
