import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminApp } from '../../server/app';
import { checkProductionConfig } from '../../server/config-check';
import { testEnv } from '../../server/env';
import { runAdminCli } from '../support/admin-cli';
import { startTestServer } from '../support/server';
import type { CashierServer } from './cashier-helpers';
import { ADMIN_TOKEN, enrolOperator, nextCode, secretOf, signIn, startOperatorServer, type Clock } from './operator-helpers';

/** A built site's minimum: the page template and one script. */
function builtSite(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kp-admin-port-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="en"><head><title>KyatPlay</title></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>');
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
  return dir;
}

/** `npm run admin -- operators …`, the ADMIN_PORT listener and the OPERATOR_LOGIN switch (PGlite: the wiring, not the SQL). */
describe('operators from the CLI, ADMIN_PORT and OPERATOR_LOGIN', () => {
  let server: CashierServer;
  let clock: Clock;
  beforeAll(async () => {
    ({ server, clock } = await startOperatorServer('pglite'));
  });
  afterAll(async () => {
    await server?.close();
  });
  const cli = (...args: string[]) => runAdminCli(args, { ADMIN_URL: server.url, ADMIN_TOKEN });

  it('creates an operator and prints the setup code and otpauth link once; the operator enrols with them', async () => {
    const made = await cli('operators', 'create', '--user', 'cli_cashier', '--role', 'cashier', '--name', 'Ko Zaw');
    expect(made.code, made.stderr).toBe(0);
    const setupCode = /^setup code\s+(\S+)/m.exec(made.stdout)![1]!;
    const uri = /^authenticator\s+(otpauth:\/\/\S+)/m.exec(made.stdout)![1]!;
    expect(made.stdout).toContain('setup pending');
    // The handout points to the console's First time? form, not to an API call, and gives the
    // code's expiry on the Yangon clock (the server's clock + 24 h, written as Yangon wall time, e.g. 2026-01-06 11:30).
    expect(made.stdout).toContain(`opens ${server.url}/admin → "First time? Set up your account"`);
    expect(made.stdout).not.toContain('POST /api/admin/session/setup');
    const until = /valid until (\d{4}-\d{2}-\d{2} \d{2}:\d{2}) Yangon time/.exec(made.stdout)![1]!;
    const expiresUtc = new Date(`${until.replace(' ', 'T')}:00+06:30`).getTime();
    expect(Math.abs(expiresUtc - clock.now().getTime() - 24 * 3600_000)).toBeLessThan(60_000);
    const setup = await server.call('POST', '/api/admin/session/setup', {
      body: { user_name: 'cli_cashier', setup_code: setupCode, password: 'cli-password-1', totp: nextCode(clock, secretOf(uri)) },
    });
    expect(setup.status).toBe(200);
    const list = await cli('operators', 'list');
    expect(list.stdout).toMatch(/cli_cashier\s+Ko Zaw\s+cashier\s+active\s+1/);
  });

  it('disables, enables, ends sessions and shows the audit; bad usage exits 2, a refusal 1', async () => {
    const op = await enrolOperator(server, clock, 'content', 'cli_content');
    expect((await cli('operators', 'disable', 'cli_content')).code).toBe(0);
    expect((await server.call('GET', '/api/admin/me', { token: op.token })).status).toBe(401);
    expect((await cli('operators', 'enable', 'cli_content')).code).toBe(0);
    expect((await signIn(server, op, nextCode(clock, op.secret))).status).toBe(200);
    const revoked = await cli('operators', 'revoke-sessions', 'cli_content');
    expect(revoked.stdout).toContain('1 session(s) ended.');
    const audit = await cli('audit', '--target-id', 'cli_content');
    expect(audit.code, audit.stderr).toBe(0);
    expect(audit.stdout).toMatch(/admin-token\s+operator\.disable/);
    expect((await cli('operators', 'create', '--user', 'x')).code).toBe(2);
    expect((await cli('operators', 'disable', 'nobody_here')).code).toBe(1);
  });

  it('ADMIN_PORT: the admin API and the console answer only on their own listener; the public port says 404', async () => {
    const env = { ADMIN_TOKEN, ADMIN_PORT: 0, STATIC_DIR: builtSite() };
    const pub = await startTestServer('pglite', { database: server.database, env, clock });
    const admin = serve({ fetch: createAdminApp({ database: server.database, env: testEnv(env), clock }).fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => admin.once('listening', () => resolve()));
    const url = `http://127.0.0.1:${(admin.address() as AddressInfo).port}`;
    try {
      expect((await pub.call('GET', '/api/admin/me', { token: ADMIN_TOKEN })).status).toBe(404);
      expect((await pub.call('POST', '/api/admin/session', { body: {} })).status).toBe(404);
      const me = await fetch(`${url}/api/admin/me`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
      expect(me.status).toBe(200);
      expect((await fetch(`${url}/api/user`)).status).toBe(404);
      // The console's page, its scripts and the images it previews are served here …
      const page = await fetch(`${url}/admin/cashier`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<meta name="robots" content="noindex">');
      expect((await fetch(`${url}/assets/app.js`)).status).toBe(200);
      expect((await fetch(`${url}/assets/art/type/1.svg`)).status).toBe(200);
      const root = await fetch(`${url}/`, { redirect: 'manual' });
      expect([root.status, root.headers.get('location')]).toEqual([302, '/admin']);
      // … and nothing of the player's site.
      for (const path of ['/information', '/2d', '/digitbet']) expect((await fetch(`${url}${path}`)).status, path).toBe(404);
      // The public listener serves the site but not the console.
      expect((await fetch(`${pub.url}/admin`)).status).toBe(404);
      expect((await fetch(`${pub.url}/ADMIN/cashier`)).status).toBe(404);
      expect((await fetch(`${pub.url}/information`)).status).toBe(200);
    } finally {
      await new Promise<void>((resolve) => admin.close(() => resolve()));
      await pub.close();
    }
  });

  it('OPERATOR_LOGIN=0: no sign-in, operator tokens refused, the ADMIN_TOKEN still works', async () => {
    const op = await enrolOperator(server, clock, 'cashier', 'login_off');
    const off = await startTestServer('pglite', { database: server.database, env: { ADMIN_TOKEN, OPERATOR_LOGIN: false }, clock });
    try {
      expect((await signIn(off, op, nextCode(clock, op.secret))).status).toBe(404);
      expect((await off.call('GET', '/api/admin/deposits', { token: op.token })).status).toBe(401);
      expect((await off.call('GET', '/api/admin/deposits', { token: ADMIN_TOKEN })).status).toBe(200);
    } finally {
      await off.close();
    }
  });

  it('the production check refuses ADMIN_PORT = PORT and notes a non-loopback admin listener', () => {
    const base = testEnv({ NODE_ENV: 'production', PORT: 8080 });
    expect(checkProductionConfig({ ...base, ADMIN_PORT: 8080 }).problems.join('\n')).toContain('ADMIN_PORT: 8080 is also PORT');
    expect(checkProductionConfig({ ...base, ADMIN_PORT: 9090 }).problems.join('\n')).not.toContain('ADMIN_PORT');
    expect(checkProductionConfig({ ...base, ADMIN_PORT: 9090, ADMIN_HOST: '0.0.0.0' }).notes.join('\n')).toContain('ADMIN_HOST: 0.0.0.0');
  });
});
