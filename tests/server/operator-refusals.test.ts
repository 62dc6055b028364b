import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CashierServer } from './cashier-helpers';
import { ADMIN_TOKEN, enrolOperator, nextCode, signIn, startOperatorServer, type Clock, type Operator } from './operator-helpers';

/**
 * The operator refusals (admin.*) over HTTP with their codes and their words in the four
 * languages, from the locale files (the issue 13 proof for these codes; the catalogue test lists
 * them as proven here).
 */
const LANGS = ['en', 'mm', 'zh', 'th'] as const;
const words = (lng: string, code: string, params: Record<string, string | number> = {}) =>
  (JSON.parse(readFileSync(`locales/refusals/${lng}.json`, 'utf8')).refusal[code] as string).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k]));

describe('operator refusals in four languages', () => {
  let server: CashierServer;
  let clock: Clock;
  let cashier: Operator;
  beforeAll(async () => {
    ({ server, clock } = await startOperatorServer('pglite', { env: { OPERATOR_LOGIN_MAX_PER_USER_IP: 1 } }));
    cashier = await enrolOperator(server, clock, 'cashier');
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(LANGS)('%s', async (lng) => {
    const headers = { 'x-lang': lng };
    const forbidden = await server.call('GET', '/api/admin/operators', { token: cashier.token, headers });
    expect([forbidden.status, forbidden.refusal?.code, forbidden.body.message]).toEqual([403, 'admin.forbidden', words(lng, 'admin.forbidden')]);

    const made = await server.call('POST', '/api/admin/operators', { token: ADMIN_TOKEN, body: { user_name: `ref_${lng}`, role: 'content' } });
    const setup = await server.call('POST', '/api/admin/session/setup', { headers, body: { user_name: `ref_${lng}`, setup_code: made.body.data.setup_code, password: 'long-enough-pass', totp: '000000' } });
    expect([setup.status, setup.refusal?.code, setup.body.message]).toEqual([401, 'admin.setup_invalid', words(lng, 'admin.setup_invalid')]);

    const op = await enrolOperator(server, clock, 'two_d');
    const wrong = await server.call('POST', '/api/admin/session', { headers, body: { user_name: op.userName, password: op.password, totp: '000000' } });
    expect([wrong.status, wrong.refusal?.code, wrong.body.message]).toEqual([401, 'admin.credentials', words(lng, 'admin.credentials')]);

    const blocked = await signIn(server, op, nextCode(clock, op.secret), headers);
    const seconds = Number(blocked.headers.get('retry-after'));
    expect([blocked.status, blocked.refusal?.code, blocked.refusal?.params]).toEqual([429, 'admin.too_many_logins', { seconds }]);
    expect(blocked.body.message).toBe(words(lng, 'admin.too_many_logins', { seconds }));
  });
});
