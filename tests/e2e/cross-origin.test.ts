import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { DEMO_REFERRAL_CODE, seedDemo } from '../../server/db/seed';
import { startTestServer, type TestServer } from '../support/server';
import { ARGS, CHROMIUM, DIST } from './support/harness';

/**
 * Issue 15 in a real Chromium: a site on another origin (a stand-in for the existing player
 * frontend on its own domain, served from 127.0.0.2) signs up, logs in, reads /user, shows a game
 * picture and a provider logo and launches a game, all against our API, because that origin is
 * in CORS_ORIGINS and PUBLIC_URL makes the URLs it gets absolute. The same page from 127.0.0.3,
 * not in the list, gets nowhere.
 */

/** The other site: fetch calls shaped like the existing frontend's (JSON and a bearer on every call, guests too). */
const page = (api: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Another site</title></head>
<body><div id="art"></div><script>
var API = ${JSON.stringify(api)};
function call(method, path, body) {
  return fetch(API + path, {
    method: method,
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: 'Bearer ' + localStorage.getItem('token') },
    body: body ? JSON.stringify(body) : undefined
  }).then(function (res) {
    return res.json().then(function (json) { return { status: res.status, body: json }; });
  }, function (err) { return { error: String(err) }; });
}
function show(src) {
  return new Promise(function (resolve) {
    var img = new Image();
    img.onload = function () { resolve({ src: img.src, width: img.naturalWidth }); };
    img.onerror = function () { resolve({ src: img.src, width: 0 }); };
    img.src = src;
    document.getElementById('art').append(img);
  });
}
window.site = { call: call, show: show };
</script></body></html>`;

/** Serves the page at / and nothing else (a root-relative URL resolved against this site is a 404). */
async function otherSite(host: string, html: string): Promise<{ origin: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    if (req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(html);
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not on this site');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://${host}:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

type Answer = { status: number; body: any } | { error: string };
const call = (p: Page, method: string, path: string, body?: unknown) =>
  p.evaluate(([m, pa, b]) => (window as any).site.call(m, pa, b) as Promise<Answer>, [method, path, body] as const);
const ok = (a: Answer) => {
  if ('error' in a) throw new Error(a.error);
  return a;
};

describe('a site on another origin against the API', () => {
  let api: TestServer;
  let browser: Browser;
  let allowed: Awaited<ReturnType<typeof otherSite>>;
  let refused: Awaited<ReturnType<typeof otherSite>>;

  beforeAll(async () => {
    if (!existsSync(`${DIST}/index.html`)) throw new Error(`${DIST}/ is missing: run \`npm run build\` first`);
    const port = await freePort();
    const apiOrigin = `http://127.0.0.1:${port}`;
    const html = page(`${apiOrigin}/api`);
    [allowed, refused] = await Promise.all([otherSite('127.0.0.2', html), otherSite('127.0.0.3', html)]);
    api = await startTestServer('pglite', { port, env: { STATIC_DIR: DIST, PUBLIC_URL: apiOrigin, CORS_ORIGINS: [allowed.origin] } });
    await seedDemo(api.database.db);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([api?.close(), allowed?.close(), refused?.close()]);
  });

  it('an allowed origin registers, logs in, reads /user, shows a game picture and a provider logo, and launches a game', async () => {
    const context = await browser.newContext();
    const p = await context.newPage();
    await p.goto(allowed.origin + '/');
    const phone = '09791500001';
    const registered = ok(
      await call(p, 'POST', '/register', { name: 'Ko Cross', phone, password: 'secret123', password_confirmation: 'secret123', referral_code: DEMO_REFERRAL_CODE }),
    );
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const userName = registered.body.data.user.user_name as string;

    const login = ok(await call(p, 'POST', '/login', { user_name: userName, password: 'secret123' }));
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    await p.evaluate((t) => localStorage.setItem('token', t), login.body.data.token as string);
    const me = ok(await call(p, 'GET', '/user'));
    expect(me.status).toBe(200);
    expect(me.body.data.user_name).toBe(userName);

    // Pictures as the existing frontend uses them: the URL as given, in an <img>.
    const hot = ok(await call(p, 'GET', '/hot_game_lists')).body.data;
    const types = ok(await call(p, 'GET', '/game_types')).body.data;
    const game = hot[0];
    const logo = types[0].providers[0].img as string;
    for (const src of [game.image_url as string, logo]) {
      const shown = await p.evaluate((s) => (window as any).site.show(s) as Promise<{ src: string; width: number }>, src);
      expect(shown.src.startsWith(`${api.url}/assets/`), shown.src).toBe(true);
      expect(shown.width, shown.src).toBeGreaterThan(0);
    }

    // The launch URL is followed as the existing frontend does: the page navigates to it.
    const launch = ok(await call(p, 'POST', '/seamless/launch-game', { game_code: game.game_code, product_code: game.product_code, game_type: game.game_type }));
    expect(launch.status, JSON.stringify(launch.body)).toBe(200);
    await p.evaluate((url) => window.location.assign(url), launch.body.url as string);
    await p.waitForURL((url) => url.href.startsWith(`${api.url}/demo-aggregator/slot?`));
    await p.locator('#spin').waitFor();
    await expect.poll(() => p.locator('#balance').textContent()).toMatch(/\d/);
    await context.close();
  });

  it('the same page on an origin not in CORS_ORIGINS gets nowhere', async () => {
    const context = await browser.newContext();
    const p = await context.newPage();
    const refusedRequests: string[] = [];
    p.on('requestfailed', (r) => refusedRequests.push(`${r.method()} ${r.url()}`));
    await p.goto(refused.origin + '/');
    const phone = '09791500002';
    const register = await call(p, 'POST', '/register', { name: 'Ko Refused', phone, password: 'secret123', password_confirmation: 'secret123', referral_code: DEMO_REFERRAL_CODE });
    expect(register).toEqual({ error: expect.stringContaining('Failed to fetch') });
    // The preflight was refused, so the sign-up never ran.
    expect(await api.database.db.select({ id: users.id }).from(users).where(eq(users.phone, phone))).toEqual([]);
    expect(await call(p, 'POST', '/login', { user_name: 'Pi00000001', password: 'demo1234' })).toEqual({ error: expect.stringContaining('Failed to fetch') });
    expect(await call(p, 'GET', '/game_types')).toEqual({ error: expect.stringContaining('Failed to fetch') });
    expect(refusedRequests.length).toBeGreaterThanOrEqual(3);
    await context.close();
  });
});
