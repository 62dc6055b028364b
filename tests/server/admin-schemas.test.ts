/**
 * Every operator console route with a body, a query or a path parameter refuses a malformed one
 * through its shape (lib/request-input.ts, lib/schemas.ts): the contract's 422 naming each field
 * (with its code where the words are a refusal code), or the target's 404 for a path that names
 * nothing; and nothing changes: no row in any table (no audit row either: the audit transaction
 * rolls back with the refusal). The console's plain English answers stay English in every language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { speak, type RefusalCode, type RefusalParams } from '../../server/i18n/refusals';
import { dbKinds, rowCounts } from '../support/db';
import type { TestServer } from '../support/server';
import { ADMIN_TOKEN, startOperatorServer } from './operator-helpers';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface Case {
  name: string;
  method: Method;
  /** Under /api/admin. */
  path: string;
  body?: unknown;
  /** Each refused field's exact English words. */
  errors: Record<string, string[]>;
  /** The first code of the fields whose words are refusal codes (plain English fields have none). */
  codes?: Record<string, string>;
}

interface Missing {
  name: string;
  method: Method;
  path: string;
  body?: unknown;
  message: string;
}

const long = (n: number) => 'x'.repeat(n);

const CASES: Case[] = [
  { name: 'queue: no such status', method: 'GET', path: '/deposits?status=done', errors: { status: ['The selected status is invalid.'] } },
  // `in` reached the object's prototype: "toString" passed and failed deeper (500); a list refuses it.
  { name: 'queue: a prototype name for a status', method: 'GET', path: '/withdrawals?status=toString', errors: { status: ['The selected status is invalid.'] } },
  {
    name: 'queue: a note too long (read before the request is looked up)',
    method: 'POST',
    path: '/deposits/999999/approve',
    body: { note: long(501) },
    errors: { note: ['The note field must not be greater than 500 characters.'] },
    codes: { note: 'field.max_chars' },
  },
  { name: 'queue: a number for a note', method: 'POST', path: '/withdrawals/999999/reject', body: { note: 12345 }, errors: { note: ['The note field must be a string.'] }, codes: { note: 'field.string' } },
  { name: 'players: a ledger of no such wallet', method: 'GET', path: '/players/1/ledger?wallet=both', errors: { wallet: ['The wallet must be game or main.'] } },
  { name: 'games: a status of 2', method: 'POST', path: '/games/1/status', body: { status: 2 }, errors: { status: ['The selected status is invalid.'] }, codes: { status: 'field.selected_invalid' } },
  { name: 'games: no status', method: 'POST', path: '/games/types/1/status', body: {}, errors: { status: ['The status field is required.'] }, codes: { status: 'field.required' } },
  { name: 'games: a word for hot', method: 'POST', path: '/games/1/hot', body: { hot: 'yes' }, errors: { hot: ['The selected hot is invalid.'] }, codes: { hot: 'field.selected_invalid' } },
  { name: 'hot list: no ids', method: 'POST', path: '/games/hot', body: {}, errors: { ids: ['The ids field is required.'] }, codes: { ids: 'field.required' } },
  { name: 'hot list: ids as text', method: 'POST', path: '/games/hot', body: { ids: '1,2' }, errors: { ids: ['The ids field must be an array.'] }, codes: { ids: 'field.array' } },
  {
    name: 'hot list: too many ids',
    method: 'POST',
    path: '/games/hot',
    body: { ids: Array.from({ length: 201 }, (_, i) => i + 1) },
    errors: { ids: ['The ids field must not have more than 200 items.'] },
    codes: { ids: 'field.max_items' },
  },
  {
    name: 'hot list: a word, a fraction and a repeated id, each named by its place',
    method: 'POST',
    path: '/games/hot',
    body: { ids: [1, 1, 'x', 1.5] },
    errors: { 'ids.1': ['The selected ids #2 is invalid.'], 'ids.2': ['The ids #3 field must be an integer.'], 'ids.3': ['The ids #4 field must be an integer.'] },
    codes: { 'ids.1': 'field.selected_invalid', 'ids.2': 'field.integer', 'ids.3': 'field.integer' },
  },
  {
    name: 'games list: every filter malformed',
    method: 'GET',
    path: `/games?type=0&provider=abc&q=${long(101)}&hot=2&hidden=yes`,
    errors: {
      type: ['The type field must be an integer.'],
      provider: ['The provider field must be an integer.'],
      q: ['The q field must not be greater than 100 characters.'],
      hot: ['The selected hot is invalid.'],
      hidden: ['The selected hidden is invalid.'],
    },
    codes: { type: 'field.integer', provider: 'field.integer', q: 'field.max_chars', hot: 'field.selected_invalid', hidden: 'field.selected_invalid' },
  },
  { name: 'games list: a type beyond 32 bits', method: 'GET', path: '/games?type=2147483648', errors: { type: ['The type field must be an integer.'] }, codes: { type: 'field.integer' } },
  {
    name: 'agents: a blank name and a spaced referral code',
    method: 'POST',
    path: '/agents',
    body: { name: '  ', referral_code: 'a b' },
    errors: { name: ['The name field is required.'], referral_code: ['The referral code must be 6 to 32 letters, digits, _ or -.'] },
  },
  { name: 'agents: a name too long', method: 'POST', path: '/agents', body: { name: long(101) }, errors: { name: ['The name may not be greater than 100 characters.'] } },
  {
    name: 'agent accounts: a number for a type, a long name, no account number',
    method: 'POST',
    path: '/agents/DEMO2026/accounts',
    body: { payment_type: 5, account_name: long(101) },
    errors: {
      payment_type: ['The payment type field is required.'],
      account_name: ['The account name may not be greater than 100 characters.'],
      account_no: ['The account no field is required.'],
    },
  },
  {
    name: 'agent accounts: no such payment type',
    method: 'POST',
    path: '/agents/DEMO2026/accounts',
    body: { payment_type: 'Gold', account_name: 'U Ba', account_no: '0911' },
    errors: { payment_type: ['Unknown payment type; one of: KBZPay, WavePay, AYA Pay, CB Pay.'] },
  },
  {
    name: 'operators: a short user name, no such role',
    method: 'POST',
    path: '/operators',
    body: { user_name: 'ab', role: 'king' },
    errors: { user_name: ['The user name field must be at least 3 characters.'], role: ['The selected role is invalid.'] },
    codes: { user_name: 'field.min_chars', role: 'field.selected_invalid' },
  },
  { name: 'operators: nothing', method: 'POST', path: '/operators', body: {}, errors: { user_name: ['The user name field is required.'], display_name: ['The display name field is required.'], role: ['The role field is required.'] }, codes: { user_name: 'field.required', display_name: 'field.required', role: 'field.required' } },
  { name: 'audit: not a date', method: 'GET', path: '/audit?from=yesterday', errors: { from: ['The from field must be a date or a date-time (ISO 8601).'] } },
  { name: 'dashboard: no such day', method: 'GET', path: '/dashboard?date=2026-02-30', errors: { date: ['The date field must be a valid date (YYYY-MM-DD).'] } },
  // The date is refused before the session is read.
  { name: 'exposure: no such day and no such session', method: 'GET', path: '/two-d/exposure?date=x&session=noon', errors: { date: ['The date field must be a valid date (YYYY-MM-DD).'] } },
  { name: 'exposure: no such session', method: 'GET', path: '/two-d/exposure?session=noon', errors: { session: ['The session must be morning or evening.'] } },
  {
    name: 'reports: not a date, no such format',
    method: 'GET',
    path: '/reports?from=2026-1-5&format=pdf',
    errors: { from: ['The from field must match the format Y-m-d.'], format: ['The selected format is invalid.'] },
    codes: { from: 'field.date_format', format: 'field.selected_invalid' },
  },
  { name: 'disputes: zero days', method: 'GET', path: '/disputes?player=kp1&days=0', errors: { days: ['The days field must be between 1 and 31.'] }, codes: { days: 'field.between' } },
  { name: 'disputes: neither player nor transaction', method: 'GET', path: '/disputes', errors: { player: ['The player field is required.'] }, codes: { player: 'field.required' } },
  {
    name: '2D result: no such day, no such session, a bad SET index and no value',
    method: 'POST',
    path: '/two-d/results',
    body: { date: '2026-02-30', session: 'noon', set_index: '1,2,3.456' },
    errors: {
      date: ['The date field must be a valid date (YYYY-MM-DD).'],
      session: ['The selected session is invalid.'],
      set_index: ['The set index field must be a number with at most two decimals (1,346.23).'],
      value: ['The value field is required when set index is present.'],
    },
    codes: { session: 'field.selected_invalid' },
  },
  { name: '2D result: nothing', method: 'POST', path: '/two-d/results', body: {}, errors: { date: ['The date field is required.'], session: ['The session field is required.'], twod: ['The twod field is required when set index and value are not present.'] } },
  { name: '2D reject: a word for a date', method: 'POST', path: '/two-d/results/reject', body: { date: true, session: 'morning' }, errors: { date: ['The date field must be a string.'] } },
  { name: '2D results: no such day', method: 'GET', path: '/two-d/results?from=2026-02-30', errors: { from: ['The from field must be a valid date (YYYY-MM-DD).'] } },
  { name: '2D audit: no such session', method: 'GET', path: '/two-d/audit?session=noon', errors: { session: ['The selected session is invalid.'] }, codes: { session: 'field.selected_invalid' } },
  { name: '2D holidays: an empty from', method: 'GET', path: '/two-d/holidays?from=', errors: { from: ['The from field must be a valid date (YYYY-MM-DD).'] } },
  {
    name: '2D holiday: a number for a date, a long name',
    method: 'POST',
    path: '/two-d/holidays',
    body: { date: 20260101, name: long(101) },
    errors: { date: ['The date field must be a valid date (YYYY-MM-DD).'], name: ['The name field must not be greater than 100 characters.'] },
  },
  { name: '2D break: a one-digit number', method: 'PUT', path: '/two-d/limits/5', body: { break_amount: 1000 }, errors: { number: ['The number must be 2 digits (00-99).'] } },
  { name: '2D break: a fraction', method: 'PUT', path: '/two-d/limits/05', body: { break_amount: '1.5' }, errors: { break_amount: ['The break amount field must be a number.'] } },
  { name: '2D break: below zero', method: 'PUT', path: '/two-d/limits/05', body: { break_amount: -1 }, errors: { break_amount: ['The break amount field must be at least 0.'] } },
  { name: '2D closure: two digits for a head', method: 'POST', path: '/two-d/closures', body: { kind: 'head', value: '12' }, errors: { value: ['The value of a head must be one digit (0-9).'] } },
  { name: '2D closure: a query with no such kind', method: 'DELETE', path: '/two-d/closures?kind=tail', errors: { kind: ['The selected kind is invalid.'], value: ['The value field is required.'] } },
  {
    name: 'content order: ids that are not ids',
    method: 'POST',
    path: '/content/banners/order',
    body: { ids: 'a,2' },
    errors: { 'ids.0': ['The ids.0 field must be an integer.'] },
  },
  { name: 'media: text for a file', method: 'POST', path: '/media', body: { file: 'x' }, errors: { file: ['The file field must be a file.'] } },
  { name: 'media: no file', method: 'POST', path: '/media', body: {}, errors: { file: ['The file field is required.'] } },
  {
    name: 'sign-in: numbers for every field',
    method: 'POST',
    path: '/session',
    body: { user_name: 1, password: 2, totp: 3 },
    errors: { user_name: ['The user name field must be a string.'], password: ['The password field must be a string.'], totp: ['The authenticator code field must be a string.'] },
    codes: { user_name: 'field.string', password: 'field.string', totp: 'field.string' },
  },
  {
    name: 'set-up: a short password',
    method: 'POST',
    path: '/session/setup',
    body: { user_name: 'op', setup_code: 'c', password: 'short', totp: '123456' },
    errors: { password: ['The password field must be at least 10 characters.'] },
    codes: { password: 'field.min_chars' },
  },
];

/** A path parameter that names nothing: the target's own 404, whatever the body. */
const MISSING: Missing[] = [
  { name: 'queue: a word for an id', method: 'POST', path: '/deposits/abc/approve', body: { note: long(501) }, message: 'Deposit request not found.' },
  { name: 'queue: a zero id', method: 'POST', path: '/withdrawals/0/approve', message: 'Withdrawal request not found.' },
  { name: 'receipt: a sixteen-digit id', method: 'GET', path: '/deposits/1234567890123456/receipt', message: 'Deposit request not found.' },
  { name: 'players: a word for an id', method: 'GET', path: '/players/me', message: 'No such player.' },
  { name: 'players: a negative id, banned', method: 'POST', path: '/players/-1/ban', message: 'No such player.' },
  { name: 'games: a type beyond 32 bits', method: 'POST', path: '/games/types/2147483648/status', body: { status: 2 }, message: 'Game type not found.' },
  { name: 'games: a word for a game', method: 'POST', path: '/games/x/hot', body: { hot: true }, message: 'Game not found.' },
  { name: 'content: no such kind', method: 'GET', path: '/content/posters', message: 'Unknown content kind "posters"; one of: banners, banner-texts, popup-ads, promotions, contacts, video-ads.' },
  { name: 'content: a word for an id', method: 'DELETE', path: '/content/banners/one', message: 'Banner not found.' },
  { name: '2D holiday: no such day', method: 'DELETE', path: '/two-d/holidays/2026-13-01', message: 'No such holiday.' },
  { name: 'agents: no such referral code', method: 'POST', path: '/agents/NOPE/accounts', body: {}, message: 'No agent has that referral code.' },
];

const tableCounts = (server: TestServer) => rowCounts(server.database.db);

type Answer = Awaited<ReturnType<TestServer['call']>>;

const firstCodes = (res: Answer) => Object.fromEntries(Object.entries(res.refusal?.error_codes ?? {}).map(([field, list]) => [field, list[0]?.code]));

describe.each(dbKinds)('admin routes refuse malformed bodies, queries and paths (%s)', (kind) => {
  let server: TestServer;
  const call = (c: { method: Method; path: string; body?: unknown }, headers?: Record<string, string>) =>
    server.call(c.method, `/api/admin${c.path}`, { token: ADMIN_TOKEN, body: c.body, headers });

  beforeAll(async () => {
    ({ server } = await startOperatorServer(kind));
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(CASES.map((c) => [c.name, c] as const))('%s: 422 naming each field, nothing written', async (_name, c) => {
    const before = await tableCounts(server);
    const res = await call(c);
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.refusal?.code).toBe('validation.invalid');
    expect(res.body.errors).toEqual(c.errors);
    const all = Object.values(c.errors).flat();
    expect(res.body.message).toBe(all.length > 1 ? `${all[0]} (and ${all.length - 1} more error${all.length > 2 ? 's' : ''})` : all[0]);
    expect(firstCodes(res)).toEqual(c.codes ?? {});
    expect(await tableCounts(server)).toEqual(before);
  });

  it.each(MISSING.map((c) => [c.name, c] as const))('%s: the target’s 404, nothing written', async (_name, c) => {
    const before = await tableCounts(server);
    const res = await call(c);
    expect(res.status, JSON.stringify(res.body)).toBe(404);
    expect(res.body.message).toBe(c.message);
    expect(await tableCounts(server)).toEqual(before);
  });

  it('in Burmese, coded fields are spoken in Burmese and the console’s plain words stay English', async () => {
    for (const c of CASES) {
      const res = await call(c, { 'X-Lang': 'mm' });
      expect(res.status, c.name).toBe(422);
      const coded = (res.refusal?.error_codes ?? {}) as Record<string, { code: RefusalCode; params?: RefusalParams }[]>;
      for (const [field, english] of Object.entries(c.errors)) {
        const codes = coded[field];
        const expected = codes ? codes.map((r) => speak('mm', r)) : english;
        expect(res.body.errors[field], `${c.name}: ${field}`).toEqual(expected);
        if (codes) expect(expected, `${c.name}: ${field} is Burmese`).not.toEqual(english);
      }
    }
  });
});
