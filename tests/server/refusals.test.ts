import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USER_NAME } from '../../server/db/seed';
import { seedDemo } from '../../server/db/seed';
import { requestLang } from '../../server/i18n/refusals';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Refusals as codes (issue 13 item 1): every refusal carries a stable code beside the contract's
 * message / errors, and the words come in the request's language (X-Lang, else Accept-Language,
 * else English) from locales/refusals. The expected words below are written out here from the
 * locale files' intent, not read back from the code under test.
 */
const LANGS = ['en', 'mm', 'zh', 'th'] as const;
const catalogue = (lng: string) => JSON.parse(readFileSync(`locales/refusals/${lng}.json`, 'utf8')) as { refusal: Record<string, string>; field: Record<string, string> };
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('refusal catalogues', () => {
  const en = catalogue('en');
  it.each(['mm', 'zh', 'th'])('%s has every code and field of English, with the same placeholders', (lng) => {
    const other = catalogue(lng);
    expect(Object.keys(other.refusal).sort()).toEqual(Object.keys(en.refusal).sort());
    expect(Object.keys(other.field).sort()).toEqual(Object.keys(en.field).sort());
    for (const [code, text] of Object.entries(en.refusal)) {
      expect(placeholders(other.refusal[code]!), `${lng} ${code}`).toEqual(placeholders(text));
      expect(other.refusal[code]!.trim(), `${lng} ${code} is empty`).not.toBe('');
      // Not left in English (proper names and codes like Idempotency-Key aside).
      if (lng !== 'en' && !/Idempotency|Telegram|ASCII/.test(text)) expect(other.refusal[code], `${lng} ${code} untranslated`).not.toBe(text);
    }
  });

  it('every code the server refuses with exists in the catalogue', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (path.endsWith('.ts')) files.push(path);
      }
    };
    walk('server');
    const used = new Set<string>();
    for (const file of files) for (const m of readFileSync(file, 'utf8').matchAll(/refuse\('([a-z_]+\.[a-z_]+)'/g)) used.add(m[1]!);
    expect(used.size).toBeGreaterThan(40);
    expect([...used].filter((code) => !(code in en.refusal))).toEqual([]);
  });
});

describe('the request language', () => {
  const req = (headers: Record<string, string>) => ({ req: { header: (name: string) => headers[name.toLowerCase()] } }) as never;
  it.each([
    [{ 'x-lang': 'mm' }, 'mm'],
    [{ 'x-lang': 'my' }, 'mm'],
    [{ 'x-lang': 'zh' }, 'zh'],
    [{ 'x-lang': 'xx', 'accept-language': 'th-TH,th;q=0.9' }, 'th'],
    [{ 'accept-language': 'fr;q=1, my;q=0.8, en;q=0.5' }, 'mm'],
    [{ 'accept-language': 'zh-Hans-CN' }, 'zh'],
    [{ 'accept-language': 'de' }, 'en'],
    [{}, 'en'],
  ])('%j → %s', (headers, lang) => expect(requestLang(req(headers))).toBe(lang));
});

describe('refusals over HTTP, in every language', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    await seedDemo(server.database.db);
    token = (await server.call('POST', '/api/login', { body: { user_name: DEMO_USER_NAME, password: DEMO_PASSWORD } })).body.data.token;
  });
  afterAll(() => server?.close());

  const WRONG_PASSWORD = { en: 'Credentials do not match!', mm: 'အသုံးပြုသူအမည် သို့မဟုတ် စကားဝှက် မှားယွင်းနေပါသည်။', zh: '用户名或密码不正确！', th: 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง!' };
  it.each(LANGS)('a wrong password: 401 auth.credentials in %s', async (lng) => {
    const res = await server.call('POST', '/api/login', { body: { user_name: DEMO_USER_NAME, password: 'not-the-password' }, headers: { 'x-lang': lng } });
    expect(res.status).toBe(401);
    expect(res.refusal?.code).toBe('auth.credentials');
    expect(res.body.message).toBe(WRONG_PASSWORD[lng]);
  });

  const REF_REQUIRED = {
    en: 'The reference number field is required.',
    mm: 'ငွေလွှဲ အမှတ်စဉ် ထည့်ရန် လိုအပ်ပါသည်။',
    zh: '请填写参考号。',
    th: 'กรุณากรอกหมายเลขอ้างอิง',
  };
  it.each(LANGS)('a deposit without a reference: field.required with the field label in %s, never "refrence no"', async (lng) => {
    const res = await server.call('POST', '/api/depositfinicial', { token, body: { agent_payment_type_id: 1, amount: 5000 }, headers: { 'x-lang': lng } });
    expect(res.status).toBe(422);
    expect(res.body.errors.refrence_no).toEqual([REF_REQUIRED[lng]]);
    expect(res.refusal?.error_codes?.refrence_no).toEqual([{ code: 'field.required', params: { field: 'refrence_no' } }]);
    expect(JSON.stringify(res.body)).not.toContain('refrence no');
  });

  it.each(LANGS)('an exchange over the balance: 400 wallet.not_enough in %s', async (lng) => {
    const res = await server.call('POST', '/api/exchange-main-to-game', { token, body: { amount: 999_999_999 }, headers: { 'x-lang': lng, 'Idempotency-Key': `x-${lng}` } });
    expect(res.status).toBe(400);
    expect(res.refusal?.code).toBe('wallet.not_enough');
    const expected = { en: 'You do not have enough balance to transfer', mm: 'လွှဲပြောင်းရန် လက်ကျန်ငွေ မလုံလောက်ပါ။', zh: '余额不足，无法转账', th: 'ยอดเงินไม่พอสำหรับการโอน' }[lng];
    expect(res.body.message).toBe(expected);
  });

  it('a Digit Bet over the maximum stake carries the configured amount as a parameter', async () => {
    const res = await server.call('POST', '/api/digitbet', { token, body: { bet_type: 'big', bet_amount: 20_000, multiplier: 100 }, headers: { 'x-lang': 'mm' } });
    expect(res.status).toBe(422);
    expect(res.refusal?.error_codes?.bet_amount?.[0]).toEqual({ code: 'digit.max_stake', params: { amount: '1,000,000' } });
    expect(res.body.errors.bet_amount[0]).toBe('အများဆုံး ထိုးကြေး 1,000,000 ကျပ် ဖြစ်သည်');
  });

  it('Accept-Language is honoured when X-Lang is absent', async () => {
    const res = await server.call('POST', '/api/login', { body: { user_name: DEMO_USER_NAME, password: 'nope-nope' }, headers: { 'accept-language': 'zh-CN,zh;q=0.9' } });
    expect(res.body.message).toBe(WRONG_PASSWORD.zh);
  });
});
