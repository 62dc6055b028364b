import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_FRAME_ANCESTORS, GAME_FRAME_MESSAGES, GAME_FRAME_SANDBOX } from '../../server/routes/game-frame';
import { seedDemo } from '../../server/db/seed';
import * as site from '../../src/app/game-frame';
import { startTestServer, type TestServer } from '../support/server';
import { registerPlayer } from './accounts-helpers';
import { GAME, PRODUCT, insertTestCatalogue } from './seamless-helpers';
import { fund } from './wallet-helpers';

/**
 * The game frame (issue 12, item 7): an aggregator's launch HTML runs on /game-frame with an
 * opaque origin. On the web the site opens it as a window; inside the Telegram Mini App it shows it
 * in an iframe of its own page. Either way only the window hosting it, speaking with the site's
 * origin, can hand it the HTML, and nobody else may frame it.
 */

const SITE = 'https://play.example.com';

/** The CSP's directives by name. */
function directives(csp: string): Map<string, string[]> {
  return new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
}

type Posted = { to: string; message: unknown; targetOrigin: string };

/** A window of someone else's (the site's page, an opener, a stranger) that records what it is sent. */
function otherWindow(name: string, posted: Posted[]) {
  return { name, postMessage: (message: unknown, targetOrigin: string) => posted.push({ to: name, message, targetOrigin }) };
}

/**
 * Runs the page's own script in a stand-in window: framed by `parent`, or opened by `opener`.
 * Returns what it posted, what it wrote over itself, and a way to deliver it messages.
 */
function runPage(script: string, host: { parent?: object; opener?: object | null }) {
  const listeners: Array<(event: unknown) => void> = [];
  const written: string[] = [];
  const win: Record<string, unknown> = {
    location: { origin: SITE },
    addEventListener: (type: string, listener: (event: unknown) => void) => void (type === 'message' && listeners.push(listener)),
    document: { open() {}, write: (html: string) => void written.push(html), close() {} },
    opener: host.opener ?? null,
  };
  win.window = win;
  win.parent = host.parent ?? win;
  runInNewContext(script, win);
  const deliver = (source: unknown, origin: string, data: unknown) => listeners.forEach((l) => l({ source, origin, data }));
  return { win, written, deliver };
}

const content = (html: string) => ({ type: GAME_FRAME_MESSAGES.content, html });

describe('the game frame page', () => {
  let server: TestServer;
  let script: string;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    await seedDemo(server.database.db);
    await insertTestCatalogue(server.database.db);
    const html = await (await fetch(`${server.url}/game-frame`)).text();
    script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
  });
  afterAll(() => server?.close());

  it('is sandboxed to an opaque origin and framed only by the site and Telegram`s web clients', async () => {
    const res = await fetch(`${server.url}/game-frame`);
    const d = directives(res.headers.get('content-security-policy')!);
    expect(d.get('sandbox')).toEqual(GAME_FRAME_SANDBOX.split(' '));
    expect(d.get('sandbox')).not.toContain('allow-same-origin');
    expect(d.get('sandbox')!.filter((t) => t.startsWith('allow-top-navigation'))).toEqual([]);
    expect(d.get('frame-ancestors')).toEqual(["'self'", 'https://web.telegram.org', 'https://*.telegram.org']);
    expect(GAME_FRAME_ANCESTORS).toBe("'self' https://web.telegram.org https://*.telegram.org");
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('the site sandboxes its iframe with the same tokens and speaks the same messages', () => {
    expect(site.GAME_FRAME_SANDBOX).toBe(GAME_FRAME_SANDBOX);
    expect(site.GAME_FRAME_MESSAGES).toEqual(GAME_FRAME_MESSAGES);
    expect(site.GAME_FRAME_PATH).toBe('/game-frame');
  });

  it('framed (inside Telegram): says ready to the page around it, at the site`s origin only, and takes its HTML', () => {
    const posted: Posted[] = [];
    const parent = otherWindow('parent', posted);
    const page = runPage(script, { parent });
    expect(posted).toEqual([{ to: 'parent', message: { type: GAME_FRAME_MESSAGES.ready }, targetOrigin: SITE }]);
    page.deliver(parent, SITE, content('<p>game</p>'));
    expect(page.written).toEqual(['<p>game</p>']);
  });

  it('framed: HTML from another window or another origin is ignored', () => {
    const posted: Posted[] = [];
    const parent = otherWindow('parent', posted);
    const stranger = otherWindow('stranger', posted);
    const page = runPage(script, { parent, opener: stranger });
    page.deliver(stranger, SITE, content('<p>from a stranger</p>'));
    page.deliver(parent, 'https://evil.example', content('<p>from another origin</p>'));
    page.deliver(parent, 'null', content('<p>from an opaque origin</p>'));
    page.deliver(parent, SITE, { type: 'something-else', html: '<p>x</p>' });
    page.deliver(parent, SITE, { type: GAME_FRAME_MESSAGES.content, html: 42 });
    expect(page.written).toEqual([]);
    // Framed, the page talks to the page around it, never to an opener.
    expect(posted.map((p) => p.to)).toEqual(['parent']);
  });

  it('as a window (the web): says ready to its opener, takes the HTML from it and drops the opener first', () => {
    const posted: Posted[] = [];
    const opener = otherWindow('opener', posted);
    const page = runPage(script, { opener });
    expect(posted).toEqual([{ to: 'opener', message: { type: GAME_FRAME_MESSAGES.ready }, targetOrigin: SITE }]);
    page.deliver(otherWindow('stranger', posted), SITE, content('<p>no</p>'));
    expect(page.written).toEqual([]);
    page.deliver(opener, SITE, content('<p>game</p>'));
    expect(page.written).toEqual(['<p>game</p>']);
    expect(page.win.opener).toBeNull();
  });

  it('neither framed nor opened (typed into the address bar): says nothing and takes nothing', () => {
    const posted: Posted[] = [];
    const page = runPage(script, {});
    page.deliver(null, SITE, content('<p>game</p>'));
    page.deliver(undefined, SITE, content('<p>game</p>'));
    expect(posted).toEqual([]);
    expect(page.written).toEqual([]);
  });

  it('the demo aggregator answers the slot page from the frame`s opaque origin, without credentials', async () => {
    const preflight = await fetch(`${server.url}/demo-aggregator/api/spin`, {
      method: 'OPTIONS',
      headers: { origin: 'null', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/content-type/i);
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();

    const p = await registerPlayer(server);
    await fund(server.database.db, p.id, { game: 1_234 });
    const launch = await server.call('POST', '/api/seamless/launch-game', { token: p.token, body: { game_code: GAME.code, product_code: PRODUCT } });
    const t = new URL(launch.body.url, server.url).searchParams.get('t');
    const res = await server.call('POST', '/demo-aggregator/api/balance', { body: { t }, headers: { origin: 'null' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, balance: 1234 });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    // The site's own API is not opened up by this.
    const api = await fetch(`${server.url}/api/user`, { method: 'OPTIONS', headers: { origin: 'null', 'access-control-request-method': 'GET' } });
    expect(api.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('the demo slot, framed, asks the site to close the frame from its back link', async () => {
    const p = await registerPlayer(server);
    const launch = await server.call('POST', '/api/seamless/launch-game', { token: p.token, body: { game_code: GAME.code, product_code: PRODUCT } });
    const html = await (await fetch(new URL(launch.body.url, server.url))).text();
    expect(html).toContain(`window.parent.postMessage({ type: ${JSON.stringify(GAME_FRAME_MESSAGES.close)} }, '*')`);
  });
});
