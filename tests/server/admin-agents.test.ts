import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReference } from '../../server/db/seed';
import { runAdminCli } from '../support/admin-cli';
import { dbKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { freshPhone } from './accounts-helpers';

/**
 * A production install seeds no agent (issue 11, finding 10): the operator adds agents and their
 * receiving accounts through the admin API / CLI, and players register with the agent's code.
 */
const ADMIN_TOKEN = 'agents-test-admin-token-0123456789abcdef';

describe.each(dbKinds)('agents admin (%s)', (kind) => {
  let server: TestServer;
  let env: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { ADMIN_TOKEN } });
    await seedReference(server.database.db);
    env = { ADMIN_URL: server.url, ADMIN_TOKEN };
  });
  afterAll(async () => {
    await server?.close();
  });

  it('starts with no agent, so no referral code opens registration', async () => {
    const list = await runAdminCli(['agents', 'list'], env);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('No agents yet');
    const res = await server.call('POST', '/api/register', {
      body: { name: 'Ma Su', phone: freshPhone(), password: 'secret123', password_confirmation: 'secret123', referral_code: 'DEMO2026' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.referral_code).toBeDefined();
  });

  it('adds an agent with a random unambiguous code; a player registers with it and deposits see its account', async () => {
    const added = await runAdminCli(['agents', 'add', 'Yangon', 'Agent'], env);
    expect(added.code, added.stderr).toBe(0);
    const code = /\b([A-HJ-NP-Z2-9]{10})\b/.exec(added.stdout)?.[1];
    expect(code, added.stdout).toBeDefined();

    const account = await runAdminCli(['agents', 'account', 'add', code!, 'KBZPay', 'U Min', '09250000001'], env);
    expect(account.code, account.stderr).toBe(0);
    const accounts = await runAdminCli(['agents', 'accounts', code!], env);
    expect(accounts.stdout).toMatch(/KBZPay\s+U Min\s+09250000001/);

    const reg = await server.call('POST', '/api/register', {
      body: { name: 'Ma Su', phone: freshPhone(), password: 'secret123', password_confirmation: 'secret123', referral_code: code },
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    const list = await runAdminCli(['agents', 'list'], env);
    expect(list.stdout).toMatch(new RegExp(`${code}\\s+Yangon Agent\\s+1`));
  });

  it('refuses a taken code (409), a malformed code and an unknown payment type (422) without writing', async () => {
    const first = await server.call('POST', '/api/admin/agents', { token: ADMIN_TOKEN, body: { name: 'A', referral_code: 'MANDALAY1' } });
    expect(first.status).toBe(201);
    const again = await server.call('POST', '/api/admin/agents', { token: ADMIN_TOKEN, body: { name: 'B', referral_code: 'MANDALAY1' } });
    expect(again.status).toBe(409);
    const bad = await server.call('POST', '/api/admin/agents', { token: ADMIN_TOKEN, body: { name: 'C', referral_code: 'a b' } });
    expect(bad.status).toBe(422);
    const type = await server.call('POST', '/api/admin/agents/MANDALAY1/accounts', {
      token: ADMIN_TOKEN,
      body: { payment_type: 'NoSuchPay', account_name: 'X', account_no: '1' },
    });
    expect(type.status).toBe(422);
    expect(type.body.errors.payment_type[0]).toContain('KBZPay');
    const list = await server.call('GET', '/api/admin/agents', { token: ADMIN_TOKEN });
    expect(list.body.data.map((a: { name: string }) => a.name)).toEqual(['Yangon Agent', 'A']);
  });

  it('needs the admin token', async () => {
    const res = await server.call('POST', '/api/admin/agents', { token: 'wrong-token-wrong-token-wrong', body: { name: 'X' } });
    expect(res.status).toBe(401);
  });
});
