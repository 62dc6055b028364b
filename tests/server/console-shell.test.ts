import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';

const TEMPLATE = '<!doctype html><html lang="en"><head><title>KyatPlay</title></head><body><div id="root"></div></body></html>';
const root = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('</div><script'));

/** /admin/* gets the app's page with an empty #root: the console paints itself, never the player's markup. */
describe('the operator console gets its own first paint', () => {
  let server: TestServer;
  let bare: TestServer;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kp-console-shell-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), TEMPLATE);
    server = await startTestServer('pglite', { env: { STATIC_DIR: dir, ADMIN_TOKEN: 'console-shell-admin-token' } });
    bare = await startTestServer('pglite', { env: { STATIC_DIR: dir } });
  });
  afterAll(async () => {
    await server.close();
    await bare.close();
  });

  it('answers /admin and every path under it with the app and no player markup, kept out of search engines', async () => {
    for (const path of ['/admin', '/admin/', '/admin/cashier', '/ADMIN/two-d']) {
      const res = await fetch(server.url + path, { headers: { cookie: 'kp_lan=mm' } });
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(root(html), path).toBe('<div id="root">');
      expect(html, path).toContain('<meta name="robots" content="noindex">');
      expect(html, path).toContain('<html lang="my"');
    }
  });

  it('is not there at all where the admin API is off (no ADMIN_TOKEN): /admin answers 404, the site stays', async () => {
    for (const path of ['/admin', '/admin/cashier', '/Admin/']) expect((await fetch(bare.url + path)).status, path).toBe(404);
    expect((await fetch(bare.url + '/information')).status).toBe(200);
  });

  it('leaves the player pages as they were (their layout in #root), also /administrator', async () => {
    for (const path of ['/information', '/administrator']) {
      const html = await (await fetch(server.url + path)).text();
      expect(root(html).length, path).toBeGreaterThan('<div id="root">'.length);
      expect(html, path).not.toContain('noindex');
    }
  });
});
