import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_REFERRAL_CODE, DEMO_USER_NAME, seedDemo } from '../../server/db/seed';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Issue 13 proof: refusal paths across the product answer with their code, and their words in each
 * of the four languages. The expected words are built here from the locale files with a plain
 * `{{name}}` substitution (fields by their label), independently of the server's wording code.
 */
const LANGS = ['en', 'mm', 'zh', 'th'] as const;
type Catalogue = { refusal: Record<string, string>; field: Record<string, string> };
const CATALOGUES = Object.fromEntries(LANGS.map((l) => [l, JSON.parse(readFileSync(`locales/refusals/${l}.json`, 'utf8')) as Catalogue]));

function words(lng: string, code: string, params: Record<string, unknown> = {}): string {
  const c = CATALOGUES[lng]!;
  let text = c.refusal[code]!;
  for (const [k, v] of Object.entries(params)) text = text.split(`{{${k}}}`).join(k === 'field' ? (c.field[String(v)] ?? String(v)) : String(v));
  return text;
}

describe('refusal codes on every kind of refusal, in four languages', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    await seedDemo(server.database.db);
    token = (await server.call('POST', '/api/login', { body: { user_name: DEMO_USER_NAME, password: DEMO_PASSWORD } })).body.data.token;
  });
  afterAll(() => server?.close());

  /** [name, request, where the refusal sits, code, params] */
  const cases: Array<[string, () => [string, string, unknown, Record<string, string>?], 'message' | string, string, Record<string, unknown>?]> = [
    ['login with a wrong password', () => ['POST', '/api/login', { user_name: DEMO_USER_NAME, password: 'wrong-password' }], 'message', 'auth.credentials'],
    ['register without a name', () => ['POST', '/api/register', { phone: '09791112233', password: 'secret12', password_confirmation: 'secret12', referral_code: DEMO_REFERRAL_CODE }], 'name', 'field.required', { field: 'name' }],
    ['register with a short password', () => ['POST', '/api/register', { name: 'Ko Ko', phone: '09791112234', password: '123', password_confirmation: '123', referral_code: DEMO_REFERRAL_CODE }], 'password', 'field.min_chars', { field: 'password', min: 6 }],
    ['register with an unknown referral', () => ['POST', '/api/register', { name: 'Ko Ko', phone: '09791112235', password: 'secret12', password_confirmation: 'secret12', referral_code: 'NOPE99' }], 'referral_code', 'auth.referral_invalid'],
    ['register with a mismatched confirmation', () => ['POST', '/api/register', { name: 'Ko Ko', phone: '09791112236', password: 'secret12', password_confirmation: 'secret13', referral_code: DEMO_REFERRAL_CODE }], 'password', 'field.confirmed', { field: 'password' }],
    ['change password with a wrong current one', () => ['POST', '/api/change-password', { current_password: 'not-it-123', password: 'newpass12', password_confirmation: 'newpass12' }], 'message', 'auth.old_password'],
    ['exchange more than the balance', () => ['POST', '/api/exchange-main-to-game', { amount: 900_000_000 }], 'message', 'wallet.not_enough'],
    ['deposit without a reference', () => ['POST', '/api/depositfinicial', { agent_payment_type_id: 1, amount: 5000 }], 'refrence_no', 'field.required', { field: 'refrence_no' }],
    ['deposit under the minimum', () => ['POST', '/api/depositfinicial', { agent_payment_type_id: 1, amount: 1, refrence_no: '123456' }], 'amount', 'field.min', { field: 'amount', min: 1000 }],
    ['withdraw without an account number', () => ['POST', '/api/withdrawfinicial', { payment_type_id: 1, account_name: 'Ko Ko', amount: 10000, password: 'wrong-password' }], 'account_number', 'field.required', { field: 'account_number' }],
    ['a 2D slip with a number twice', () => ['POST', '/api/twod-bet', { totalAmount: 200, amounts: [{ num: '12', amount: 100 }, { num: '12', amount: 100 }] }], 'amounts.1.num', 'two_d.duplicate_number', { number: '12' }],
    ['a Digit Bet on a digit without the digit', () => ['POST', '/api/digitbet', { bet_type: 'digit', bet_amount: 100, multiplier: 1 }], 'digit', 'digit.digit_required'],
    ['a Digit Bet multiplier out of range', () => ['POST', '/api/digitbet', { bet_type: 'big', bet_amount: 100, multiplier: 101 }], 'multiplier', 'field.between', { field: 'multiplier', min: 1, max: 100 }],
    ['Shan for another account', () => ['POST', '/api/shan-launch-game', { member_account: 'someone-else' }], 'message', 'shan.not_yours'],
    ['a game that does not exist', () => ['POST', '/api/seamless/launch-game', { game_code: 'no-such-game', product_code: 1 }], 'message', 'games.game_not_found'],
    ['a bad Idempotency-Key', () => ['POST', '/api/exchange-main-to-game', { amount: 1000 }, { 'Idempotency-Key': 'k'.repeat(201) }], 'message', 'idempotency.bad_key'],
    ['an unknown API path', () => ['GET', '/api/no-such-endpoint', undefined], 'message', 'request.not_found'],
  ];

  for (const [name, request, where, code, params] of cases) {
    it.each(LANGS)(`${name}: ${code} in %s`, async (lng) => {
      const [method, path, body, extra] = request();
      const res = await server.call(method, path, { token, body, headers: { 'x-lang': lng, ...(extra ?? {}) } });
      expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
      if (where === 'message') {
        expect(res.refusal?.code, JSON.stringify({ body: res.body, refusal: res.refusal })).toBe(code);
        expect(res.body.message).toBe(words(lng, code, params));
      } else {
        const coded = res.refusal?.error_codes?.[where]?.[0];
        expect(coded?.code, JSON.stringify({ body: res.body, refusal: res.refusal })).toBe(code);
        expect(res.body.errors[where][0]).toBe(words(lng, code, params));
      }
    });
  }
});
