import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS_POLICY, REFERRER_POLICY, SITE_CSP } from '../../server/lib/security-headers';
import { APP_START_CSP_SOURCE, APP_START_SCRIPT, TELEGRAM_EARLY_CSP_SOURCE, TELEGRAM_EARLY_SCRIPT } from '../../server/lib/page-scripts';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Finding 7 (issue 11): no security headers anywhere, so any site could frame the money screens.
 * Every answer — the site, static files, the API, 404s, errors — carries the CSP (frames only by
 * ourselves and Telegram's web clients), nosniff, a referrer and a permissions policy, and HSTS
 * when PUBLIC_URL is https. The demo game pages and the game frame keep their own stricter CSP.
 */

function staticDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kp-headers-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>KyatPlay shell</title>');
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
  return dir;
}

function expectSiteHeaders(res: Response, what: string) {
  expect(res.headers.get('content-security-policy'), what).toBe(SITE_CSP);
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), what).toBe(REFERRER_POLICY);
  expect(res.headers.get('permissions-policy'), what).toBe(PERMISSIONS_POLICY);
}

/** The CSP's directives by name. */
function directives(csp: string): Map<string, string[]> {
  return new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
}

describe('security headers on every answer', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { env: { STATIC_DIR: staticDir() } });
  });
  afterAll(() => server.close());

  it('the policy: scripts only from us, no plugins, framed only by us and Telegram`s web clients', () => {
    const d = directives(SITE_CSP);
    // The two inline scripts (the Telegram launch's early sign-in, the app's start: issue 30) by their hashes: those texts alone.
    expect(d.get('script-src')).toEqual(["'self'", TELEGRAM_EARLY_CSP_SOURCE, APP_START_CSP_SOURCE]);
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect([TELEGRAM_EARLY_CSP_SOURCE, APP_START_CSP_SOURCE]).toEqual([hash(TELEGRAM_EARLY_SCRIPT), hash(APP_START_SCRIPT)]);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('default-src')).toEqual(["'self'"]);
    expect(d.get('frame-ancestors')).toEqual(["'self'", 'https://web.telegram.org', 'https://*.telegram.org']);
    expect(d.get('base-uri')).toEqual(["'self'"]);
  });

  it('on the site, its client routes, static files and a missing asset', async () => {
    for (const path of ['/', '/wallet/internal-transfer', '/assets/app-abc123.js', '/assets/missing-1.js', '/download/kyatplay.apk']) {
      expectSiteHeaders(await fetch(server.url + path), path);
    }
  });

  it('on API answers: success, 401, 404, 422, and a refused body', async () => {
    const answers = await Promise.all([
      fetch(server.url + '/api/live'),
      fetch(server.url + '/api/user'),
      fetch(server.url + '/api/no-such-route'),
      fetch(server.url + '/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
      fetch(server.url + '/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '['.repeat(100) }),
      fetch(server.url + '/healthz'),
      fetch(server.url + '/readyz'),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 401, 404, 422, 400, 200, 200]);
    answers.forEach((res, i) => expectSiteHeaders(res, `answer ${i}`));
  });

  it('on an error answer (the database gone: 503)', async () => {
    const broken = await startTestServer('pglite');
    try {
      await broken.database.close();
      const res = await fetch(broken.url + '/api/user', { headers: { authorization: 'Bearer 1|not-a-real-token' } });
      expect(res.status).toBe(503);
      expectSiteHeaders(res, '503');
    } finally {
      await broken.close().catch(() => undefined);
    }
  });

  it('no HSTS over plain http', async () => {
    const res = await fetch(server.url + '/');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('the demo game pages and the game frame keep their own, stricter policy', async () => {
    const slot = await fetch(server.url + '/demo-aggregator/slot?t=forged');
    // Framed only where the site runs: by ourselves and Telegram's web clients (the Mini App's view).
    expect(slot.headers.get('content-security-policy')).toMatch(/^default-src 'none'; .*; frame-ancestors 'self' https:\/\/web\.telegram\.org https:\/\/\*\.telegram\.org$/);
    expect(slot.headers.get('referrer-policy')).toBe('no-referrer');
    expect(slot.headers.get('x-content-type-options')).toBe('nosniff');

    const frame = await fetch(server.url + '/game-frame');
    // Framed by the site itself inside Telegram (src/app/game-overlay.tsx), by nobody else.
    expect(frame.headers.get('content-security-policy')).toMatch(/^sandbox allow-scripts [^;]*; frame-ancestors 'self' https:\/\/web\.telegram\.org https:\/\/\*\.telegram\.org$/);
    expect(frame.headers.get('content-security-policy')).not.toContain('allow-same-origin');
    expect(frame.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('HSTS when PUBLIC_URL is https', () => {
  it('is sent on the site, the API and errors; not with an http PUBLIC_URL', async () => {
    const https = await startTestServer('pglite', { env: { STATIC_DIR: staticDir(), PUBLIC_URL: 'https://play.example.com' } });
    const http = await startTestServer('pglite', { env: { PUBLIC_URL: 'http://localhost:8080' } });
    try {
      for (const path of ['/', '/api/live', '/api/no-such-route', '/healthz']) {
        const res = await fetch(https.url + path);
        expect(res.headers.get('strict-transport-security'), path).toBe('max-age=31536000');
        expectSiteHeaders(res, path);
      }
      expect((await fetch(http.url + '/api/live')).headers.get('strict-transport-security')).toBeNull();
    } finally {
      await Promise.all([https.close(), http.close()]);
    }
  });
});
