import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../server/lib/clock';
import { runAdminCli } from '../support/admin-cli';
import { dbKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { FAILED, OK, expect422 } from './accounts-helpers';
import { ADMIN_TOKEN } from './cashier-helpers';
import { expectMainBooks, mainBalance, makePlayer, placeSlip, yangon } from './two-d-results-helpers';


const cli = runAdminCli;

describe.each(dbKinds)('2D admin API and CLI (%s)', (kind) => {
  const clock = manualClock(yangon('2026-01-05', '12:30'));
  let server: TestServer;
  let off: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { clock, env: { ADMIN_TOKEN } });
    off = await startTestServer(kind, { clock, database: server.database });
  });
  afterAll(async () => {
    await off?.close();
    await server?.close();
  });

  const db = () => server.database.db;
  const admin = (method: string, path: string, body?: unknown, token = ADMIN_TOKEN) =>
    server.call(method, `/api/admin/two-d${path}`, { token, body });

  describe('access', () => {
    it('needs the admin token, and exists only with ADMIN_TOKEN', async () => {
      expect((await admin('GET', '/results', undefined, 'wrong-token-wrong-token')).status).toBe(401);
      expect((await server.call('GET', '/api/admin/two-d/results')).status).toBe(401);
      const res = await off.call('GET', '/api/admin/two-d/results', { token: ADMIN_TOKEN });
      expect(res.status).toBe(404);
    });
  });

  describe('results', () => {
    it('enters a result from the SET figures (twod derived), provisional and audited', async () => {
      const res = await admin('POST', '/results', { date: '2026-01-05', session: 'morning', set_index: '1,346.23', value: '57,388.58', actor: 'Daw Hla' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({
        status: OK,
        message: 'Result 38 saved (provisional: confirm it to settle).',
        data: { action: 'enter', settlement: null, result: { date: '2026-01-05', session: 'morning', set_index: '1346.23', value: '57388.58', twod: '38', source: 'operator', status: 'provisional' } },
      });
      const audit = await admin('GET', '/audit?date=2026-01-05&session=morning');
      expect(audit.body.data[0]).toMatchObject({ action: 'enter', actor: 'Daw Hla', before: null, after: { twod: '38', status: 'provisional' } });
    });

    it('confirming settles at once: winners paid to main', async () => {
      const p = await makePlayer(db(), 1000);
      await placeSlip(db(), p, '2026-01-05', 'morning', [['38', 100], ['83', 100]]);
      const res = await admin('POST', '/results', { date: '2026-01-05', session: 'morning', confirm: true });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ action: 'confirm', result: { status: 'confirmed', twod: '38' }, settlement: { outcome: 'settled', winners: 1, paid: '8000.00' } });
      expect(await mainBalance(db(), p)).toBe(100_000n - 20_000n + 800_000n);
      await expectMainBooks(db(), p);
      const list = await admin('GET', '/results?from=2026-01-05&to=2026-01-05');
      expect(list.body.data[0]).toMatchObject({ twod: '38', status: 'confirmed', settlement: { outcome: 'settled', winners: 1, paid: '8000.00' } });
    });

    it('a settled draw refuses changes with 409', async () => {
      const res = await admin('POST', '/results', { date: '2026-01-05', session: 'morning', twod: '12', confirm: true });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ status: FAILED, message: 'This draw is already settled; its result can no longer change.', data: null });
    });

    it('takes a twod directly; refuses to confirm before the draw', async () => {
      const early = await admin('POST', '/results', { date: '2026-01-05', session: 'evening', twod: '07', confirm: true });
      expect422(early, { confirm: ['A result can be confirmed only after its draw (2026-01-05 16:30 Yangon).'] });
      const res = await admin('POST', '/results', { date: '2026-01-05', session: 'evening', twod: '07' });
      expect(res.status).toBe(200);
      expect(res.body.data.result).toMatchObject({ twod: '07', set_index: null, value: null, status: 'provisional' });
    });

    it('refuses bad input with 422 field errors', async () => {
      const post = (body: Record<string, unknown>) => admin('POST', '/results', body);
      expect422(await post({ date: '2026-02-30', session: 'morning', twod: '12' }), { date: ['The date field must be a valid date (YYYY-MM-DD).'] });
      expect422(await post({ date: '05/01/2026', session: 'morning', twod: '12' }), { date: ['The date field must be a valid date (YYYY-MM-DD).'] });
      expect422(await post({ date: '2026-01-06', session: 'noon', twod: '12' }), { session: ['The selected session is invalid.'] });
      expect422(await post({ date: '2026-01-06', session: 'morning', twod: '5' }), { twod: ['The twod field must be 2 digits (00-99).'] });
      expect422(await post({ date: '2026-01-06', session: 'morning', twod: '123' }), { twod: ['The twod field must be 2 digits (00-99).'] });
      expect422(await post({ date: '2026-01-06', session: 'morning', twod: 'ab' }), { twod: ['The twod field must be 2 digits (00-99).'] });
      expect422(await post({ date: '2026-01-06', session: 'morning', set_index: '1346.23', value: '57388.58', twod: '68' }), {
        twod: ['The twod field must match the SET figures (38).'],
      });
      expect422(await post({ date: '2026-01-06', session: 'morning', set_index: '1346.23' }), { value: ['The value field is required when set index is present.'] });
      expect422(await post({ date: '2026-01-06', session: 'morning', set_index: '1,34', value: '1' }), {
        set_index: ['The set index field must be a number with at most two decimals (1,346.23).'],
      });
      expect422(await post({ date: '2026-01-06', session: 'morning' }), { twod: ['The twod field is required when set index and value are not present.'] });
      expect422(await post({ date: '2026-01-10', session: 'morning', twod: '12' }), { date: ['The date is not a trading day (a weekend or a holiday).'] });
      expect422(await post({}), { date: ['The date field is required.'], session: ['The session field is required.'], twod: ['The twod field is required when set index and value are not present.'] });
      const none = await post({ date: '2026-01-02', session: 'morning', confirm: true });
      expect(none.status).toBe(404);
    });
  });

  describe('holidays', () => {
    it('adds, lists (admin and public, upcoming only), removes', async () => {
      expect((await admin('POST', '/holidays', { date: '2026-01-02', name: 'Past bridge holiday' })).status).toBe(201);
      const add = await admin('POST', '/holidays', { date: '2026-01-09', name: 'Bridge holiday' });
      expect(add.status).toBe(201);
      expect(add.body).toMatchObject({ message: 'Holiday added.', data: { date: '2026-01-09', added: true } });
      expect((await admin('POST', '/holidays', { date: '2026-01-09', name: 'Bridge holiday (SET)' })).body.message).toBe('Holiday renamed.');
      const pub = await server.call('GET', '/api/2d/holidays');
      expect(pub.status).toBe(200);
      expect(pub.body.status).toBe(OK);
      expect(pub.body.data).toEqual([{ date: '2026-01-09', name: 'Bridge holiday (SET)', weekday: 'Friday', key: null, substitute: false }]);
      expect((await admin('GET', '/holidays')).body.data.map((h: { date: string }) => h.date)).toEqual(['2026-01-02', '2026-01-09']);
      expect((await admin('DELETE', '/holidays/2026-01-09')).status).toBe(200);
      expect((await admin('DELETE', '/holidays/2026-01-09')).status).toBe(404);
      expect((await server.call('GET', '/api/2d/holidays')).body.data).toEqual([]);
      expect422(await admin('POST', '/holidays', { date: 'tomorrow', name: 'x' }), { date: ['The date field must be a valid date (YYYY-MM-DD).'] });
      expect422(await admin('POST', '/holidays', { date: '2026-01-09' }), { name: ['The name field is required.'] });
    });
  });

  describe('limits and closures', () => {
    it('sets and clears a per-number break; the default comes from the environment', async () => {
      const put = await admin('PUT', '/limits/12', { break_amount: 20000 });
      expect(put.status).toBe(200);
      expect(put.body.data).toEqual({ number: '12', break_amount: '20000.00' });
      const list = await admin('GET', '/limits');
      expect(list.body.data).toMatchObject({ default_break: '50000.00', limits: [{ number: '12', break_amount: '20000.00' }] });
      expect((await admin('DELETE', '/limits/12')).body.data).toEqual({ number: '12', break_amount: '50000.00' });
      expect((await admin('DELETE', '/limits/12')).status).toBe(404);
      expect422(await admin('PUT', '/limits/123', { break_amount: 1 }), { number: ['The number must be 2 digits (00-99).'] });
      expect422(await admin('PUT', '/limits/12', { break_amount: -1 }), { break_amount: ['The break amount field must be at least 0.'] });
      expect422(await admin('PUT', '/limits/12', { break_amount: 'lots' }), { break_amount: ['The break amount field must be a number.'] });
      expect422(await admin('PUT', '/limits/12', {}), { break_amount: ['The break amount field is required.'] });
    });

    it('closes and reopens a head or a number', async () => {
      const head = await admin('POST', '/closures', { kind: 'head', value: '1' });
      expect(head.status).toBe(201);
      expect(head.body.data).toEqual({ kind: 'head', value: '1', numbers: ['10', '11', '12', '13', '14', '15', '16', '17', '18', '19'] });
      expect((await admin('POST', '/closures', { kind: 'head', value: '1' })).body.message).toBe('head 1 was already closed.');
      expect((await admin('POST', '/closures', { kind: 'number', value: '77' })).status).toBe(201);
      expect((await admin('GET', '/closures')).body.data.map((c: { kind: string; value: string }) => `${c.kind}:${c.value}`)).toEqual(['head:1', 'number:77']);
      expect((await admin('DELETE', '/closures', { kind: 'number', value: '77' })).status).toBe(200);
      expect((await admin('DELETE', '/closures', { kind: 'number', value: '77' })).status).toBe(404);
      expect422(await admin('POST', '/closures', { kind: 'tail', value: '1' }), { kind: ['The selected kind is invalid.'] });
      expect422(await admin('POST', '/closures', { kind: 'head', value: '12' }), { value: ['The value of a head must be one digit (0-9).'] });
      expect422(await admin('POST', '/closures', { kind: 'number', value: '7' }), { value: ['The value of a number must be 2 digits (00-99).'] });
      expect422(await admin('POST', '/closures', {}), { kind: ['The kind field is required.'], value: ['The value field is required.'] });
    });
  });

  describe('CLI', () => {
    const env = () => ({ ADMIN_URL: server.url, ADMIN_TOKEN });

    it('enters and confirms a result from the SET figures; settles it', async () => {
      clock.set(yangon('2026-01-07', '12:30'));
      const p = await makePlayer(db(), 1000);
      await placeSlip(db(), p, '2026-01-07', 'morning', [['38', 100]]);
      const run = await cli(['two-d', 'result', '2026-01-07', 'morning', '1,346.23', '57,388.58', '--confirm'], env());
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('Result 38 confirmed; the draw is settled (1 winner(s), 8000.00 paid).');
      expect(run.stdout).toMatch(/2026-01-07\s+morning\s+1346\.23\s+57388\.58\s+38\s+operator\s+confirmed/);
      expect(await mainBalance(db(), p)).toBe(90_000n + 800_000n);
      const audit = await cli(['two-d', 'audit', '--date', '2026-01-07'], env());
      expect(audit.stdout).toMatch(/enter\s+cli:/);
    });

    it('manages holidays, closures and breaks', async () => {
      const add = await cli(['two-d', 'holiday', 'add', '2026-01-16', 'Bridge', 'holiday'], env());
      expect(add.code, add.stderr).toBe(0);
      expect(add.stdout).toContain('Holiday added.');
      const list = await cli(['two-d', 'holidays'], env());
      expect(list.stdout).toMatch(/2026-01-16\s+Friday\s+Bridge holiday/);
      const close = await cli(['two-d', 'close', 'head', '1'], env());
      expect(close.code, close.stderr).toBe(0);
      expect(close.stdout).toContain('numbers: 10 11 12 13 14 15 16 17 18 19');
      const limit = await cli(['two-d', 'limit', '12', '20000'], env());
      expect(limit.code, limit.stderr).toBe(0);
      expect(limit.stdout).toContain('12: 20000.00 Ks');
    });

    it('bad input: refused by the server (exit 1) or by the CLI (exit 2)', async () => {
      const badDate = await cli(['two-d', 'result', '2026-13-01', 'morning', '1346.23', '57388.58'], env());
      expect(badDate.code).toBe(1);
      expect(badDate.stderr).toContain('date: The date field must be a valid date (YYYY-MM-DD).');
      const badSession = await cli(['two-d', 'result', '2026-01-08', 'noon', '1346.23', '57388.58'], env());
      expect(badSession.code).toBe(1);
      expect(badSession.stderr).toContain('session: The selected session is invalid.');
      const badTwod = await cli(['two-d', 'result', '2026-01-08', 'morning', '--twod', '7'], env());
      expect(badTwod.code).toBe(1);
      expect(badTwod.stderr).toContain('twod: The twod field must be 2 digits (00-99).');
      const badKind = await cli(['two-d', 'close', 'tail', '1'], env());
      expect(badKind.code).toBe(1);
      expect(badKind.stderr).toContain('kind: The selected kind is invalid.');
      const usage = await cli(['two-d', 'result', '2026-01-08'], env());
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain('two-d result <date> <morning|evening> <set> <value> [--confirm]');
      expect((await cli(['two-d', 'frobnicate'], env())).code).toBe(2);
    });
  });
});
