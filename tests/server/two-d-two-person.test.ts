/**
 * Two-person confirmation of 2D results (TWO_D_RESULT_CONFIRM=two-person, docs/operator.md):
 * the first "confirm" only waits; a DIFFERENT operator (or the ADMIN_TOKEN, one actor of its own)
 * confirms the same figure and the draw settles once; the same actor is refused with a code;
 * a reject ends the wait; cashier and content operators may do neither; every step is audited.
 */
import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledger as ledgerEntries, twoDSettlements } from '../../server/db/schema';
import { runAdminCli } from '../support/admin-cli';
import { dbKinds } from '../support/db';
import { ADMIN_TOKEN, enrolOperator, startOperatorServer, type Clock, type Operator } from './operator-helpers';
import type { CashierServer } from './cashier-helpers';
import { expectMainBooks, mainBalance, makePlayer, placeSlip, slipStatus, yangon } from './two-d-results-helpers';

describe.each(dbKinds)('2D two-person confirmation (%s)', (kind) => {
  let server: CashierServer;
  let clock: Clock;
  let a: Operator;
  let b: Operator;
  let cashier: Operator;
  let content: Operator;

  beforeAll(async () => {
    ({ server, clock } = await startOperatorServer(kind, {
      clock: undefined,
      env: { TWO_D_RESULT_CONFIRM: 'two-person', TWO_D_SIMULATE: false },
    }));
    clock.set(yangon('2026-01-06', '17:00'));
    a = await enrolOperator(server, clock, 'two_d', 'tp_alpha');
    b = await enrolOperator(server, clock, 'two_d', 'tp_bravo');
    cashier = await enrolOperator(server, clock, 'cashier', 'tp_cashier');
    content = await enrolOperator(server, clock, 'content', 'tp_content');
  });
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.database.db;
  const post = (who: Operator | string, path: string, body: Record<string, unknown>) =>
    server.call('POST', `/api/admin/two-d${path}`, { token: typeof who === 'string' ? who : who.token, body });
  const resultOf = async (date: string, session: string) => {
    const res = await server.call('GET', `/api/admin/two-d/results?from=${date}&to=${date}`, { token: ADMIN_TOKEN });
    return (res.body.data as Record<string, any>[]).find((r) => r.session === session);
  };
  const settlements = async (date: string, session: string) =>
    (await db().select().from(twoDSettlements).where(and(eq(twoDSettlements.drawDate, date), eq(twoDSettlements.session, session)))).length;
  const wins = async (userId: number) =>
    (await db().select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, 'two_d_win')))).length;

  it('a first confirm waits: provisional, who asked is shown, nothing settles', async () => {
    const p = await makePlayer(db(), 1000);
    const { slipId } = await placeSlip(db(), p, '2026-01-05', 'morning', [['38', 100], ['83', 100]]);
    const res = await post(a, '/results', { date: '2026-01-05', session: 'morning', twod: '38', confirm: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Result 38 is waiting for a second operator to confirm it; nothing is settled yet.');
    expect(res.body.data).toMatchObject({ action: 'propose', settlement: null, result: { twod: '38', status: 'provisional', pending: { by: 'tp_alpha' } } });
    expect(await slipStatus(db(), slipId)).toBe('pending');
    expect(await settlements('2026-01-05', 'morning')).toBe(0);
    expect(await mainBalance(db(), p)).toBe(100_000n - 20_000n);
    expect(await resultOf('2026-01-05', 'morning')).toMatchObject({ status: 'provisional', pending: { by: 'tp_alpha' }, settlement: null });

    // The same operator again: refused with a code, still nothing settled.
    const again = await post(a, '/results', { date: '2026-01-05', session: 'morning', confirm: true });
    expect([again.status, again.refusal?.code]).toEqual([409, 'two_d.confirm_same_operator']);
    const sameFigure = await post(a, '/results', { date: '2026-01-05', session: 'morning', twod: '38', confirm: true });
    expect([sameFigure.status, sameFigure.refusal?.code]).toEqual([409, 'two_d.confirm_same_operator']);
    expect(await slipStatus(db(), slipId)).toBe('pending');
    expect(await settlements('2026-01-05', 'morning')).toBe(0);

    // A second operator with another figure: refused, the waiting figure named.
    const other = await post(b, '/results', { date: '2026-01-05', session: 'morning', twod: '12', confirm: true });
    expect([other.status, other.refusal?.code, other.refusal?.params]).toEqual([409, 'two_d.confirm_mismatch', { twod: '38' }]);
    expect(await slipStatus(db(), slipId)).toBe('pending');

    // The second operator confirms: settled, the winner paid once.
    const confirmed = await post(b, '/results', { date: '2026-01-05', session: 'morning', twod: '38', confirm: true });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data).toMatchObject({ action: 'confirm', result: { status: 'confirmed', twod: '38' }, settlement: { outcome: 'settled', winners: 1, paid: '8000.00' } });
    expect(await slipStatus(db(), slipId)).toBe('completed');
    expect(await mainBalance(db(), p)).toBe(100_000n - 20_000n + 800_000n);

    // Nothing runs twice: more confirms are refused, the books hold one win.
    for (const who of [a, b]) {
      const late = await post(who, '/results', { date: '2026-01-05', session: 'morning', confirm: true });
      expect(late.status).toBe(409);
    }
    expect(await settlements('2026-01-05', 'morning')).toBe(1);
    expect(await wins(p)).toBe(1);
    expect(await mainBalance(db(), p)).toBe(100_000n - 20_000n + 800_000n);
    await expectMainBooks(db(), p);

    // Audited: the 2D trail and the operator audit name both operators.
    const trail = await server.call('GET', '/api/admin/two-d/audit?date=2026-01-05&session=morning', { token: ADMIN_TOKEN });
    expect(trail.body.data.map((r: Record<string, unknown>) => [r.action, r.actor])).toEqual([
      ['confirm', 'tp_bravo'],
      ['propose', 'tp_alpha'],
    ]);
    expect(trail.body.data[0].after).toMatchObject({ status: 'confirmed', proposed_by: 'tp_alpha', confirmed_by: 'tp_bravo' });
    const audit = await server.call('GET', '/api/admin/audit?action=two_d.result&target_id=2026-01-05%2Fmorning', { token: ADMIN_TOKEN });
    const rows = audit.body.data.data as Record<string, any>[];
    expect(rows.map((r) => r.actor).sort()).toEqual(['tp_alpha', 'tp_bravo']);
    const byB = rows.find((r) => r.actor === 'tp_bravo')!;
    expect(byB.before).toMatchObject({ status: 'provisional', twod: '38', proposedByName: 'tp_alpha' });
    expect(byB.after).toMatchObject({ status: 'confirmed', twod: '38' });
  });

  it('a reject ends the wait: the next confirm only waits again', async () => {
    const p = await makePlayer(db(), 1000);
    const { slipId } = await placeSlip(db(), p, '2026-01-05', 'evening', [['07', 50]]);
    expect((await post(a, '/results', { date: '2026-01-05', session: 'evening', twod: '07', confirm: true })).body.data.action).toBe('propose');
    const rejected = await post(b, '/results/reject', { date: '2026-01-05', session: 'evening' });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.data.result).toMatchObject({ twod: '07', status: 'provisional', pending: null });
    expect(await resultOf('2026-01-05', 'evening')).toMatchObject({ status: 'provisional', pending: null, settlement: null });
    const nothing = await post(b, '/results/reject', { date: '2026-01-05', session: 'evening' });
    expect([nothing.status, nothing.refusal?.code]).toEqual([409, 'two_d.nothing_pending']);

    // After the reject, B's confirm is a new request (B waits for someone else), not a confirmation.
    const byB = await post(b, '/results', { date: '2026-01-05', session: 'evening', confirm: true });
    expect(byB.body.data).toMatchObject({ action: 'propose', settlement: null, result: { pending: { by: 'tp_bravo' } } });
    expect(await slipStatus(db(), slipId)).toBe('pending');
    const byA = await post(a, '/results', { date: '2026-01-05', session: 'evening', confirm: true });
    expect(byA.body.data).toMatchObject({ action: 'confirm', settlement: { outcome: 'settled', winners: 1 } });
    expect(await slipStatus(db(), slipId)).toBe('completed');
    expect(await mainBalance(db(), p)).toBe(100_000n - 5_000n + 400_000n);

    const trail = await server.call('GET', '/api/admin/two-d/audit?date=2026-01-05&session=evening', { token: ADMIN_TOKEN });
    expect(trail.body.data.map((r: Record<string, unknown>) => r.action)).toEqual(['confirm', 'propose', 'reject', 'propose']);
    const audit = await server.call('GET', '/api/admin/audit?action=two_d.result.reject', { token: ADMIN_TOKEN });
    expect(audit.body.data.data[0]).toMatchObject({ actor: 'tp_bravo', target_type: 'two_d_result', target_id: '2026-01-05/evening' });
    expect(audit.body.data.data[0].before).toMatchObject({ proposedByName: 'tp_alpha' });
    expect(audit.body.data.data[0].after).toMatchObject({ proposedBy: null });
  });

  it('cashier and content operators may neither confirm nor reject', async () => {
    await post(a, '/results', { date: '2026-01-06', session: 'morning', twod: '55', confirm: true });
    for (const who of [cashier, content]) {
      const confirm = await post(who, '/results', { date: '2026-01-06', session: 'morning', confirm: true });
      expect([confirm.status, confirm.refusal?.code]).toEqual([403, 'admin.forbidden']);
      const reject = await post(who, '/results/reject', { date: '2026-01-06', session: 'morning' });
      expect([reject.status, reject.refusal?.code]).toEqual([403, 'admin.forbidden']);
    }
    expect(await resultOf('2026-01-06', 'morning')).toMatchObject({ status: 'provisional', pending: { by: 'tp_alpha' } });
    await post(b, '/results/reject', { date: '2026-01-06', session: 'morning' });
  });

  it('the ADMIN_TOKEN (the CLI) is one actor, whatever name it gives', async () => {
    const p = await makePlayer(db(), 1000);
    const { slipId } = await placeSlip(db(), p, '2026-01-06', 'evening', [['91', 100]]);
    const env = { ADMIN_URL: server.url, ADMIN_TOKEN };
    const first = await runAdminCli(['two-d', 'result', '2026-01-06', 'evening', '--twod', '91', '--confirm'], env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('waiting for a second operator');
    const second = await post(ADMIN_TOKEN, '/results', { date: '2026-01-06', session: 'evening', confirm: true, actor: 'someone-else' });
    expect([second.status, second.refusal?.code]).toEqual([409, 'two_d.confirm_same_operator']);
    const cliAgain = await runAdminCli(['two-d', 'confirm', '2026-01-06', 'evening'], env);
    expect(cliAgain.code).toBe(1);
    expect(await slipStatus(db(), slipId)).toBe('pending');
    const byA = await post(a, '/results', { date: '2026-01-06', session: 'evening', confirm: true });
    expect(byA.body.data.settlement).toMatchObject({ outcome: 'settled', winners: 1 });
    expect(await slipStatus(db(), slipId)).toBe('completed');
  });

  it('its refusals speak the caller\'s language: en, mm, zh, th', async () => {
    const words = (lng: string, code: string, params: Record<string, string> = {}) =>
      (JSON.parse(readFileSync(`locales/refusals/${lng}.json`, 'utf8')).refusal[code] as string).replace(/\{\{(\w+)\}\}/g, (_, k: string) => params[k]!);
    await post(a, '/results', { date: '2026-01-06', session: 'morning', twod: '44', confirm: true });
    for (const lng of ['en', 'mm', 'zh', 'th']) {
      const headers = { 'x-lang': lng };
      const call = (who: Operator, path: string, body: Record<string, unknown>) => server.call('POST', `/api/admin/two-d${path}`, { token: who.token, body, headers });
      const same = await call(a, '/results', { date: '2026-01-06', session: 'morning', confirm: true });
      expect([same.status, same.refusal?.code, same.body.message]).toEqual([409, 'two_d.confirm_same_operator', words(lng, 'two_d.confirm_same_operator')]);
      const other = await call(b, '/results', { date: '2026-01-06', session: 'morning', twod: '45', confirm: true });
      expect([other.status, other.refusal?.code, other.body.message]).toEqual([409, 'two_d.confirm_mismatch', words(lng, 'two_d.confirm_mismatch', { twod: '44' })]);
      const none = await call(b, '/results/reject', { date: '2026-01-07', session: 'morning' });
      expect([none.status, none.refusal?.code, none.body.message]).toEqual([409, 'two_d.nothing_pending', words(lng, 'two_d.nothing_pending')]);
    }
    await post(b, '/results/reject', { date: '2026-01-06', session: 'morning' });
  });

  it('the CLI rejects the waiting result', async () => {
    await post(a, '/results', { date: '2026-01-06', session: 'morning', twod: '55', confirm: true });
    const run = await runAdminCli(['two-d', 'reject', '2026-01-06', 'morning'], { ADMIN_URL: server.url, ADMIN_TOKEN });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Result 55 rejected');
    expect(await resultOf('2026-01-06', 'morning')).toMatchObject({ status: 'provisional', pending: null });
  });
});

describe('2D confirmation by default (one operator)', () => {
  it('a confirm settles at once, as before', async () => {
    const { server, clock } = await startOperatorServer(dbKinds[0]!, { env: { TWO_D_SIMULATE: false } });
    try {
      clock.set(yangon('2026-01-05', '12:30'));
      const a = await enrolOperator(server, clock, 'two_d', 'tp_solo');
      const p = await makePlayer(server.database.db, 1000);
      await placeSlip(server.database.db, p, '2026-01-05', 'morning', [['38', 100]]);
      const res = await server.call('POST', '/api/admin/two-d/results', { token: a.token, body: { date: '2026-01-05', session: 'morning', twod: '38', confirm: true } });
      expect(res.body.data).toMatchObject({ action: 'enter', result: { status: 'confirmed' }, settlement: { outcome: 'settled', winners: 1 } });
    } finally {
      await server.close();
    }
  });
});
