import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkProductionConfig } from '../../server/config-check';
import { DEMO_PASSWORD, DEMO_USER_NAME, seedDemo } from '../../server/db/seed';
import { testEnv } from '../../server/env';
import { parseOrigin } from '../../server/lib/cors';
import { dbKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Issue 15: pages on other origins call the API through the CORS_ORIGINS allow-list only. The
 * list below also carries entries that are not origins (`*`, a wildcard host, a path): they must
 * grant nothing.
 */
const SITE = 'https://m.example.com';
const CDN = 'http://127.0.0.2:5173';
const STRANGER = 'https://evil.example.net';
const LIST = `${SITE}, ${CDN}/ , *, https://*.example.org, https://docs.example.com/guide`;

const preflight = (server: TestServer, path: string, origin: string, method = 'POST', headers = 'authorization,content-type,idempotency-key,x-lang') =>
  fetch(server.url + path, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
  });

const tokens = (value: string | null) => (value ?? '').split(',').map((v) => v.trim().toLowerCase()).filter(Boolean);

describe.each(dbKinds)('CORS by allow-list (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(kind, { env: { CORS_ORIGINS: LIST.split(',').map((s) => s.trim()), ADMIN_TOKEN: 'admin-token-0123456789abcdef' } });
    await seedDemo(server.database.db);
    token = (await server.call('POST', '/api/login', { body: { user_name: DEMO_USER_NAME, password: DEMO_PASSWORD } })).body.data.token;
  });
  afterAll(() => server?.close());

  it('a preflight from a listed origin answers 204 with the contract`s methods and headers, a max-age and Vary: Origin', async () => {
    for (const [origin, path] of [
      [SITE, '/api/withdrawfinicial'],
      [CDN, '/api/user'],
      [SITE, '/api/auth/telegram/link'],
    ] as const) {
      const res = await preflight(server, path, origin);
      expect(res.status, `${origin} ${path}`).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(tokens(res.headers.get('access-control-allow-methods'))).toEqual(expect.arrayContaining(['get', 'post', 'delete']));
      expect(tokens(res.headers.get('access-control-allow-headers'))).toEqual(
        expect.arrayContaining(['authorization', 'content-type', 'idempotency-key', 'x-lang']),
      );
      expect(Number(res.headers.get('access-control-max-age'))).toBeGreaterThanOrEqual(600);
      expect(tokens(res.headers.get('vary'))).toContain('origin');
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    }
  });

  it('a preflight from any other origin gets no grant, and neither does a non-origin entry of the list', async () => {
    for (const origin of [STRANGER, 'https://a.example.org', 'https://docs.example.com', 'null', 'https://m.example.com.evil.net', 'http://m.example.com']) {
      const res = await preflight(server, '/api/user', origin, 'GET', 'authorization');
      expect(res.status, origin).toBe(403);
      expect(res.headers.get('access-control-allow-origin'), origin).toBeNull();
      expect(res.headers.get('access-control-allow-methods'), origin).toBeNull();
      expect(tokens(res.headers.get('vary'))).toContain('origin');
    }
  });

  it('the operator API is never granted, even to a listed origin', async () => {
    const res = await preflight(server, '/api/admin/deposits', SITE, 'GET', 'authorization');
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const get = await server.call('GET', '/api/admin/deposits', { headers: { origin: SITE, authorization: 'Bearer admin-token-0123456789abcdef' } });
    expect(get.status).toBe(200);
    expect(get.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers to a listed origin name it (never *), expose Idempotent-Replayed and Retry-After, and never allow credentials', async () => {
    const user = await server.call('GET', '/api/user', { token, headers: { origin: SITE } });
    expect(user.status).toBe(200);
    expect(user.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(tokens(user.headers.get('access-control-expose-headers'))).toEqual(expect.arrayContaining(['idempotent-replayed', 'retry-after']));
    expect(user.headers.get('access-control-allow-credentials')).toBeNull();
    expect(tokens(user.headers.get('vary'))).toContain('origin');
    // A refusal (401) and an unknown path (404) carry the grant too, so the page can read why.
    const refused = await server.call('GET', '/api/user', { headers: { origin: CDN } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe(CDN);
    const missing = await server.call('GET', '/api/no-such-thing', { headers: { origin: CDN } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('access-control-allow-origin')).toBe(CDN);
  });

  it('a replayed money call is readable cross-origin, Idempotent-Replayed included', async () => {
    const headers = { origin: SITE, 'idempotency-key': `cors-${kind}` };
    const first = await server.call('POST', '/api/exchange-game-to-main', { token, body: { amount: 1000 }, headers });
    const again = await server.call('POST', '/api/exchange-game-to-main', { token, body: { amount: 1000 }, headers });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('access-control-allow-origin')).toBe(SITE);
  });

  it('an answer to another origin carries no grant but still Vary: Origin, appended to the route`s own Vary', async () => {
    const types = await server.call('GET', '/api/game_types', { headers: { origin: STRANGER } });
    expect(types.status).toBe(200);
    expect(types.headers.get('access-control-allow-origin')).toBeNull();
    expect(tokens(types.headers.get('vary'))).toContain('origin');
    const banner = await server.call('GET', '/api/banner', { headers: { origin: SITE } });
    expect(tokens(banner.headers.get('vary'))).toEqual(expect.arrayContaining(['accept-language', 'x-lang', 'origin']));
    expect(banner.headers.get('access-control-allow-origin')).toBe(SITE);
    // A 304 from the ETag check is a new Response: it still names the origin.
    const again = await server.call('GET', '/api/banner', { headers: { origin: SITE, 'if-none-match': banner.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect(again.headers.get('access-control-allow-origin')).toBe(SITE);
  });

  it('the 2D live feed stays open to any origin with *, preflight included, never with credentials', async () => {
    for (const path of ['/api/live', '/live']) {
      const pre = await preflight(server, path, STRANGER, 'GET', 'authorization,x-lang');
      expect(pre.status, path).toBe(204);
      expect(pre.headers.get('access-control-allow-origin')).toBe('*');
      expect(tokens(pre.headers.get('access-control-allow-headers'))).toContain('authorization');
      expect(pre.headers.get('access-control-allow-credentials')).toBeNull();
      const live = await server.call('GET', path, { headers: { origin: SITE } });
      expect(live.status).toBe(200);
      expect(live.headers.get('access-control-allow-origin')).toBe('*');
      expect(live.headers.get('access-control-allow-credentials')).toBeNull();
    }
  });
});

describe('CORS without CORS_ORIGINS: same origin only', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(() => server?.close());

  it('grants no origin, adds no Vary: Origin, and keeps the live feed public', async () => {
    const pre = await preflight(server, '/api/login', SITE);
    expect(pre.status).toBe(403);
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    const types = await server.call('GET', '/api/game_types', { headers: { origin: SITE } });
    expect(types.status).toBe(200);
    expect(types.headers.get('access-control-allow-origin')).toBeNull();
    expect(tokens(types.headers.get('vary'))).not.toContain('origin');
    const live = await preflight(server, '/api/live', SITE, 'GET', 'authorization');
    expect(live.status).toBe(204);
    expect(live.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('CORS_ORIGINS entries and the production check', () => {
  it('reads an entry as the browser sends its origin, or not at all', () => {
    expect(parseOrigin('https://M.Example.com/')).toBe('https://m.example.com');
    expect(parseOrigin('https://m.example.com:443')).toBe('https://m.example.com');
    expect(parseOrigin('http://127.0.0.2:5173')).toBe('http://127.0.0.2:5173');
    expect(parseOrigin('https://[::1]:8443')).toBe('https://[::1]:8443');
    for (const junk of ['*', 'https://*.example.com', 'm.example.com', 'https://m.example.com/app', 'https://m.example.com?x=1', 'https://user@m.example.com', 'ftp://m.example.com', 'null', 'https://']) {
      expect(parseOrigin(junk), junk).toBeNull();
    }
  });

  const production = (CORS_ORIGINS: string[]) =>
    checkProductionConfig(testEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://play.example.com', CORS_ORIGINS }));
  const corsProblems = (list: string[]) => production(list).problems.filter((p) => p.startsWith('CORS_ORIGINS'));

  it('a production start refuses a wildcard, junk and http:// origins, and notes the granted ones', () => {
    expect(corsProblems(['*'])).toEqual([expect.stringMatching(/wildcard/)]);
    expect(corsProblems(['https://*.example.com'])).toEqual([expect.stringMatching(/wildcard/)]);
    expect(corsProblems(['m.example.com'])).toEqual([expect.stringMatching(/not an origin/)]);
    expect(corsProblems(['https://m.example.com/app'])).toEqual([expect.stringMatching(/not an origin/)]);
    expect(corsProblems(['http://m.example.com'])).toEqual([expect.stringMatching(/not https/)]);
    expect(corsProblems(['https://m.example.com', 'https://cdn.example.net'])).toEqual([]);
    expect(corsProblems([])).toEqual([]);
    expect(production(['https://m.example.com']).notes).toEqual(expect.arrayContaining([expect.stringContaining('https://m.example.com')]));
  });
});
