/**
 * Every player route with a body or a query refuses a malformed one with the contract's 422
 * (`code: validation.invalid`, each field's words and codes) and changes nothing: no row in any
 * table, no balance moved (decision 0021: one schema per route, one helper, one error handler).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_REFERRAL_CODE, seedDemo } from '../../server/db/seed';
import { dbKinds, rowCounts } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { registerPlayer, type Player } from './accounts-helpers';
import { fund } from './wallet-helpers';

interface Case {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Each field refused, with its code. */
  codes: Record<string, string>;
  /** Some fields' exact English words. */
  words?: Record<string, string[]>;
  /** Digit Bet answers carry `success: false`. */
  digit?: boolean;
  /** The games launch answers its own shape: `code: 422`, the first refused field only. */
  launch?: boolean;
}

const CASES: Case[] = [
  {
    name: 'exchange to game: a grouped amount',
    method: 'POST',
    path: '/api/exchange-main-to-game',
    body: { amount: '1,000' },
    codes: { amount: 'field.number' },
    words: { amount: ['The amount field must be a number.'] },
  },
  { name: 'exchange to main: a negative amount', method: 'POST', path: '/api/exchange-game-to-main', body: { amount: -5 }, codes: { amount: 'field.min' } },
  {
    name: '2D bet: a one-digit number, an exponent amount, a word total',
    method: 'POST',
    path: '/api/twod-bet',
    body: { amounts: [{ num: '5', amount: '1e3' }], totalAmount: 'lots', session: 'noon' },
    codes: { 'amounts.0.num': 'two_d.number_format', 'amounts.0.amount': 'field.number', totalAmount: 'field.number', session: 'field.selected_invalid' },
  },
  {
    name: 'Digit Bet: a word digit, a grouped amount, a zero multiplier',
    method: 'POST',
    path: '/api/digitbet',
    body: { bet_type: 'digit', digit: 'x', bet_amount: '1,000', multiplier: 0 },
    codes: { digit: 'field.integer', bet_amount: 'field.number', multiplier: 'field.between' },
    digit: true,
  },
  {
    name: 'Digit Bet rotate: a client seed with a space',
    method: 'POST',
    path: '/api/digitbet/seed/rotate',
    body: { client_seed: 'a b' },
    codes: { client_seed: 'field.printable_ascii' },
    digit: true,
  },
  { name: 'Digit Bet history: a word seed id', method: 'GET', path: '/api/digitbet/history?seed_id=abc', codes: { seed_id: 'field.integer' }, digit: true },
  { name: '2D slips: no such date', method: 'GET', path: '/api/twod-bet-slips?date=2026-02-30', codes: { date: 'field.date_format' } },
  { name: '2D winners: no such session', method: 'GET', path: '/api/two-d-daily-winners?session=noon', codes: { session: 'field.selected_invalid' } },
  {
    name: 'deposit: a word account, a grouped amount, a short reference',
    method: 'POST',
    path: '/api/depositfinicial',
    body: { agent_payment_type_id: 'x', amount: '1,000', refrence_no: '12' },
    codes: { agent_payment_type_id: 'field.selected_invalid', amount: 'field.integer', refrence_no: 'field.digits' },
    words: {
      agent_payment_type_id: ['The selected payment method is invalid.'],
      amount: ['The amount field must be an integer.'],
      refrence_no: ['The reference number field must be 6 digits.'],
    },
  },
  {
    name: 'withdraw: nothing but an over-long account number',
    method: 'POST',
    path: '/api/withdrawfinicial',
    body: { account_number: '1'.repeat(21) },
    codes: { payment_type_id: 'field.required', account_name: 'field.required', account_number: 'field.digits_between', amount: 'field.required', password: 'field.required' },
  },
  {
    name: 'register: a short name and a phone that is not one',
    method: 'POST',
    path: '/api/register',
    body: { name: 'ab', phone: 'call me', password: 'secret123', password_confirmation: 'secret123', referral_code: DEMO_REFERRAL_CODE },
    codes: { name: 'field.min_chars', phone: 'field.format' },
  },
  { name: 'login: an empty body', method: 'POST', path: '/api/login', body: {}, codes: { user_name: 'field.required', password: 'field.required' } },
  {
    name: 'change password: a number for a password',
    method: 'POST',
    path: '/api/change-password',
    body: { current_password: 12345678, password: 'x' },
    codes: { current_password: 'field.string', password: 'field.min_chars' },
  },
  { name: 'game logs: no such period', method: 'GET', path: '/api/player/game-logs?type=forever', codes: { type: 'field.selected_invalid' } },
  {
    name: 'games launch: a blank game code (the first field refused)',
    method: 'POST',
    path: '/api/seamless/launch-game',
    body: { game_code: ' ', product_code: 'x' },
    codes: { game_code: 'field.required' },
    launch: true,
  },
  { name: 'games launch: a word product code', method: 'POST', path: '/api/seamless/launch-game', body: { game_code: 'G1', product_code: '1e3' }, codes: { product_code: 'field.integer' }, launch: true },
];

const tableCounts = (server: TestServer) => rowCounts(server.database.db);

async function balances(server: TestServer) {
  const res = (await server.database.db.execute(sql`select id, balance::text, main_balance::text, password_hash from users order by id`)) as unknown as { rows: unknown[] };
  return res.rows;
}

describe.each(dbKinds)('player routes refuse malformed bodies and queries (%s)', (kind) => {
  let server: TestServer;
  let player: Player;

  beforeAll(async () => {
    server = await startTestServer(kind);
    await seedDemo(server.database.db);
    player = await registerPlayer(server);
    await fund(server.database.db, player.id, { main: 100_000, game: 100_000 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(CASES.map((c) => [c.name, c] as const))('%s: 422, each field with its code, nothing written', async (_name, c) => {
    const before = { tables: await tableCounts(server), users: await balances(server) };
    const res = await server.call(c.method, c.path, { token: player.token, body: c.body, headers: { 'Idempotency-Key': `schema-${c.path}` } });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    if (c.launch) expect(res.body.code).toBe(422);
    else expect(res.refusal?.code).toBe('validation.invalid');
    expect(Object.keys(res.body.errors).sort()).toEqual(Object.keys(c.codes).sort());
    const codes = Object.fromEntries(Object.entries(res.refusal?.error_codes ?? {}).map(([field, list]) => [field, list[0]?.code]));
    expect(codes).toEqual(c.codes);
    if (c.words) for (const [field, words] of Object.entries(c.words)) expect(res.body.errors[field]).toEqual(words);
    const first = Object.values(res.body.errors as Record<string, string[]>).flat();
    expect(res.body.message.startsWith(first[0]!)).toBe(true);
    if (c.digit) expect(res.body.success).toBe(false);
    expect({ tables: await tableCounts(server), users: await balances(server) }).toEqual(before);
  });
});
