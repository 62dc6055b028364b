import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBooks } from '../../server/domain/books';
import { speak, type RefusalCode } from '../../server/i18n/refusals';
import { dbKinds } from '../support/db';
import { registerPlayer, type Player } from './accounts-helpers';
import type { CashierServer } from './cashier-helpers';
import { ADMIN_TOKEN, enrolOperator, startOperatorServer, type Clock, type Operator } from './operator-helpers';

/**
 * Balance adjustments (issue 26 part 2), over the real HTTP server. The rules, as a finance lead
 * states them: only finance and the owner adjust; every adjustment has a kind, a reason and an
 * Idempotency-Key, and a repeat never moves money twice; a debit never takes a wallet below zero;
 * at or above the threshold a DIFFERENT operator approves before anything moves; every change has
 * its audit row with the player's balances before and after; the books balance afterwards; the
 * player sees the movement in their own log under its own kind.
 */
const THRESHOLD = 50_000;

type Q = { rows: Record<string, any>[] };

describe.each(dbKinds)('balance adjustments (%s)', (kind) => {
  let server: CashierServer;
  let clock: Clock;
  let owner: Operator;
  let finance: Operator;
  let finance2: Operator;
  let cashier: Operator;
  let content: Operator;
  let player: Player;
  let keySeq = 0;
  const freshKey = () => `adj-test-${kind}-${++keySeq}`;
  const rows = async (text: string) => ((await server.database.db.execute(sql.raw(text))) as unknown as Q).rows;

  const adjust = (token: string, playerId: number, body: Record<string, unknown>, key: string | null = freshKey(), lang?: string) =>
    server.call('POST', `/api/admin/players/${playerId}/adjustments`, {
      token,
      body,
      headers: { ...(key === null ? {} : { 'Idempotency-Key': key }), ...(lang ? { 'X-Lang': lang } : {}) },
    });
  const decide = (token: string, id: number, action: 'approve' | 'reject') => server.call('POST', `/api/admin/adjustments/${id}/${action}`, { token, body: {} });
  const balances = async (id = player.id) => {
    const [row] = await rows(`select balance::text as game, main_balance::text as main from users where id = ${id}`);
    return { game: BigInt(row!.game), main: BigInt(row!.main) };
  };
  const auditRows = (action: string, targetId: number) =>
    rows(`select actor_name, target_type, target_id, before, after from audit_log where action = '${action}' and target_id = '${targetId}' order by id`);

  beforeAll(async () => {
    ({ server, clock } = await startOperatorServer(kind, { env: { ADJUSTMENT_SECOND_APPROVAL_KYAT: THRESHOLD, ADJUSTMENT_MAX_KYAT: 1_000_000 } }));
    owner = await enrolOperator(server, clock, 'owner');
    finance = await enrolOperator(server, clock, 'finance');
    finance2 = await enrolOperator(server, clock, 'finance');
    cashier = await enrolOperator(server, clock, 'cashier');
    content = await enrolOperator(server, clock, 'content');
    player = await registerPlayer(server);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('finance credits a bonus at once below the threshold: one ledger row, the player sees it, the audit has the balances before and after', async () => {
    const before = await balances();
    const res = await adjust(finance.token, player.id, { wallet: 'main', direction: 'credit', kind: 'bonus', amount: 5000, reason: 'First-deposit bonus' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.adjustment).toMatchObject({ status: 'applied', kind: 'bonus', wallet: 'main', amount: '5000.00', requested_by: finance.userName, decided_by: finance.userName });
    expect(await balances()).toEqual({ game: before.game, main: before.main + 500_000n });

    const ledger = await rows(`select kind, amount::text as amount, reference from ledger where user_id = ${player.id} and reference = 'adjustment:${res.body.data.adjustment.id}'`);
    expect(ledger).toEqual([{ kind: 'adjust_bonus', amount: '500000', reference: `adjustment:${res.body.data.adjustment.id}` }]);

    const log = await server.call('GET', '/api/transactions', { token: player.token });
    expect(log.body.data.data[0]).toMatchObject({ kind: 'adjust_bonus', wallet: 'main', amount: '+5000.00' });

    const audit = await auditRows('player.adjust', player.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_name: finance.userName, target_type: 'player', target_id: String(player.id) });
    expect(audit[0]!.before.mainBalance).toBe(String(before.main));
    expect(audit[0]!.after.mainBalance).toBe(String(before.main + 500_000n));
  });

  it('the same request again with its key is replayed: money moves once, one adjustment, one audit row; the key with another body is refused', async () => {
    const key = freshKey();
    const body = { wallet: 'game', direction: 'credit', kind: 'goodwill', amount: 1234.5, reason: 'Sorry for the outage' };
    const before = await balances();
    const auditBefore = (await auditRows('player.adjust', player.id)).length;
    const first = await adjust(owner.token, player.id, body, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // Sequential and concurrent repeats.
    const repeats = await Promise.all([adjust(owner.token, player.id, body, key), adjust(owner.token, player.id, body, key), adjust(owner.token, player.id, body, key)]);
    for (const r of repeats) {
      expect(r.status).toBe(200);
      expect(r.headers.get('idempotent-replayed')).toBe('true');
      expect(r.body.data.adjustment.id).toBe(first.body.data.adjustment.id);
    }
    expect(await balances()).toEqual({ game: before.game + 123_450n, main: before.main });
    expect(await rows(`select id from balance_adjustments where reason = 'Sorry for the outage'`)).toHaveLength(1);
    expect(await auditRows('player.adjust', player.id)).toHaveLength(auditBefore + 1);

    const other = await adjust(owner.token, player.id, { ...body, amount: 9999 }, key);
    expect(other.status).toBe(422);
    expect(await balances()).toEqual({ game: before.game + 123_450n, main: before.main });
  });

  it('no Idempotency-Key: refused with a code, nothing moves', async () => {
    const before = await balances();
    const res = await adjust(finance.token, player.id, { wallet: 'main', direction: 'credit', kind: 'bonus', amount: 100, reason: 'no key' }, null, 'mm');
    expect(res.status).toBe(400);
    expect(res.refusal?.code).toBe('adjustment.key_required');
    expect(res.body.message).toMatch(/ငွေညှိမှု/);
    expect(await balances()).toEqual(before);
  });

  it('a debit that would take the wallet below zero is refused with a code; nothing is recorded, and the key is free for a retry', async () => {
    const before = await balances();
    const key = freshKey();
    const body = { wallet: 'game', direction: 'debit', kind: 'correction', amount: Number(before.game / 100n) + 1, reason: 'Double-credited deposit' };
    const res = await adjust(finance.token, player.id, body, key);
    expect(res.status).toBe(409);
    expect(res.refusal?.code).toBe('adjustment.insufficient_balance');
    expect(res.refusal?.params?.available).toBe((Number(before.game) / 100).toFixed(2));
    expect(await balances()).toEqual(before);
    expect(await rows(`select id from balance_adjustments where reason = 'Double-credited deposit'`)).toHaveLength(0);
    expect(await rows(`select id from idempotency_keys where key = '${key}'`)).toHaveLength(0);

    // A debit within the balance: applied, the wallet goes down by exactly that.
    const fits = await adjust(finance.token, player.id, { ...body, amount: 1000 }, key);
    expect(fits.status, JSON.stringify(fits.body)).toBe(200);
    expect(fits.body.data.adjustment.amount).toBe('-1000.00');
    expect(await balances()).toEqual({ game: before.game - 100_000n, main: before.main });
    const log = await server.call('GET', '/api/transactions', { token: player.token });
    expect(log.body.data.data[0]).toMatchObject({ kind: 'adjust_correction', wallet: 'game', amount: '-1000.00' });
  });

  it('a pending debit the wallet cannot cover is refused at once', async () => {
    const before = await balances();
    const res = await adjust(finance.token, player.id, { wallet: 'main', direction: 'debit', kind: 'correction', amount: Number(before.main / 100n) + THRESHOLD, reason: 'too large' });
    expect(res.status).toBe(409);
    expect(res.refusal?.code).toBe('adjustment.insufficient_balance');
    expect(await rows(`select id from balance_adjustments where reason = 'too large'`)).toHaveLength(0);
  });

  it('at the threshold it waits for a second, different operator: the requester cannot approve it; another can, once', async () => {
    const before = await balances();
    const res = await adjust(finance.token, player.id, { wallet: 'main', direction: 'credit', kind: 'bonus', amount: THRESHOLD, reason: 'VIP welcome bonus' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = res.body.data.adjustment.id as number;
    expect(res.body.data.adjustment.status).toBe('pending');
    expect(res.body.data.balances).toBeNull();
    expect(await balances()).toEqual(before);
    expect(await rows(`select id from ledger where reference = 'adjustment:${id}'`)).toHaveLength(0);

    const pending = await server.call('GET', '/api/admin/adjustments?status=pending', { token: finance2.token });
    expect(pending.status).toBe(200);
    expect(pending.body.data.adjustments.map((a: { id: number }) => a.id)).toContain(id);
    expect(pending.body.data.adjustments.find((a: { id: number }) => a.id === id).user).toMatchObject({ id: player.id, user_name: player.userName });

    const self = await decide(finance.token, id, 'approve');
    expect(self.status).toBe(409);
    expect(self.refusal?.code).toBe('adjustment.same_operator');
    expect(await balances()).toEqual(before);
    expect(await auditRows('player.adjust.approve', player.id)).toHaveLength(0);

    const approved = await decide(finance2.token, id, 'approve');
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data.adjustment).toMatchObject({ status: 'applied', requested_by: finance.userName, decided_by: finance2.userName });
    expect(await balances()).toEqual({ game: before.game, main: before.main + BigInt(THRESHOLD) * 100n });
    const audit = await auditRows('player.adjust.approve', player.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_name: finance2.userName, target_type: 'player', target_id: String(player.id) });
    expect(audit[0]!.before.mainBalance).toBe(String(before.main));
    expect(audit[0]!.after.mainBalance).toBe(String(before.main + BigInt(THRESHOLD) * 100n));

    const again = await decide(owner.token, id, 'approve');
    expect(again.status).toBe(409);
    expect(again.refusal?.code).toBe('adjustment.not_pending');
    expect(await balances()).toEqual({ game: before.game, main: before.main + BigInt(THRESHOLD) * 100n });
  });

  it('the ADMIN_TOKEN is one actor: it cannot approve its own; a pending one is rejected (or cancelled) and nothing moves', async () => {
    const before = await balances();
    const res = await adjust(ADMIN_TOKEN, player.id, { wallet: 'game', direction: 'credit', kind: 'goodwill', amount: THRESHOLD + 1, reason: 'token goodwill' });
    const id = res.body.data.adjustment.id as number;
    expect(res.body.data.adjustment.status).toBe('pending');
    expect((await decide(ADMIN_TOKEN, id, 'approve')).refusal?.code).toBe('adjustment.same_operator');

    const rejected = await decide(finance.token, id, 'reject');
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.data.adjustment).toMatchObject({ status: 'rejected', decided_by: finance.userName });
    expect((await decide(owner.token, id, 'approve')).refusal?.code).toBe('adjustment.not_pending');
    expect(await balances()).toEqual(before);
    const audit = await auditRows('player.adjust.reject', player.id);
    expect(audit.at(-1)).toMatchObject({ actor_name: finance.userName, target_type: 'player', target_id: String(player.id) });
    expect(audit.at(-1)!.before).toEqual(audit.at(-1)!.after);

    // The requester cancels their own.
    const mine = await adjust(finance.token, player.id, { wallet: 'game', direction: 'credit', kind: 'bonus', amount: THRESHOLD, reason: 'typo' });
    expect((await decide(finance.token, mine.body.data.adjustment.id, 'reject')).status).toBe(200);
    expect(await balances()).toEqual(before);
  });

  it('cashier and content operators cannot adjust, list or approve; finance reads players but not the cashier queue', async () => {
    const before = await balances();
    const pendingRes = await adjust(owner.token, player.id, { wallet: 'main', direction: 'credit', kind: 'bonus', amount: THRESHOLD, reason: 'for role test' });
    const id = pendingRes.body.data.adjustment.id as number;
    for (const op of [cashier, content]) {
      const res = await adjust(op.token, player.id, { wallet: 'main', direction: 'credit', kind: 'bonus', amount: 100, reason: 'not mine' });
      expect(res.status).toBe(403);
      expect((await server.call('GET', '/api/admin/adjustments', { token: op.token })).status).toBe(403);
      expect((await decide(op.token, id, 'approve')).status).toBe(403);
      expect((await decide(op.token, id, 'reject')).status).toBe(403);
    }
    expect(await balances()).toEqual(before);
    expect((await server.call('GET', `/api/admin/players/${player.id}`, { token: finance.token })).status).toBe(200);
    expect((await server.call('GET', '/api/admin/deposits', { token: finance.token })).status).toBe(403);
    expect((await server.call('POST', `/api/admin/players/${player.id}/ban`, { token: finance.token, body: {} })).status).toBe(403);
    const me = await server.call('GET', '/api/admin/me', { token: finance.token });
    expect(me.body.data.routes).toContain('POST /players/:id/adjustments');
    expect((await decide(owner.token, id, 'reject')).status).toBe(200);
  });

  it('bad input is refused field by field: amount zero, negative, three decimals, over the cap; a kind, wallet or direction not on the list; no reason; no such player', async () => {
    const base = { wallet: 'main', direction: 'credit', kind: 'bonus', amount: 100, reason: 'valid reason' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, amount: 0 }, 'amount'],
      [{ ...base, amount: -5 }, 'amount'],
      [{ ...base, amount: '10.001' }, 'amount'],
      [{ ...base, amount: 1_000_001 }, 'amount'],
      [{ ...base, amount: 'abc' }, 'amount'],
      [{ ...base, kind: 'gift' }, 'kind'],
      [{ ...base, wallet: 'savings' }, 'wallet'],
      [{ ...base, direction: 'sideways' }, 'direction'],
      [{ ...base, reason: '' }, 'reason'],
      [{ ...base, reason: 'x'.repeat(501) }, 'reason'],
    ];
    const before = await balances();
    for (const [body, field] of cases) {
      const res = await adjust(finance.token, player.id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(res.body)).toContain(field);
    }
    expect(await balances()).toEqual(before);
    expect((await adjust(finance.token, 99_999_999, base)).status).toBe(404);
  });

  it('every adjustment refusal is spoken in the caller\'s language (en, mm, zh, th) with its code', async () => {
    const pendingRes = await adjust(finance.token, player.id, { wallet: 'main', direction: 'credit', kind: 'bonus', amount: THRESHOLD, reason: 'for words' });
    const pendingId = pendingRes.body.data.adjustment.id as number;
    const applied = await adjust(finance.token, player.id, { wallet: 'main', direction: 'credit', kind: 'bonus', amount: 1, reason: 'for words' });
    const appliedId = applied.body.data.adjustment.id as number;
    const seen = new Map<string, string>();
    for (const lang of ['en', 'mm', 'zh', 'th'] as const) {
      const headers = { 'X-Lang': lang };
      const cases: [RefusalCode, Promise<Awaited<ReturnType<typeof adjust>>>][] = [
        ['adjustment.key_required', adjust(finance.token, player.id, { wallet: 'main', direction: 'credit', kind: 'bonus', amount: 1, reason: 'no key' }, null, lang)],
        ['adjustment.insufficient_balance', adjust(finance.token, player.id, { wallet: 'game', direction: 'debit', kind: 'correction', amount: 999_999, reason: 'too much' }, freshKey(), lang)],
        ['adjustment.same_operator', server.call('POST', `/api/admin/adjustments/${pendingId}/approve`, { token: finance.token, body: {}, headers })],
        ['adjustment.not_pending', server.call('POST', `/api/admin/adjustments/${appliedId}/approve`, { token: owner.token, body: {}, headers })],
      ];
      for (const [code, pending] of cases) {
        const res = await pending;
        expect(res.refusal?.code, `${lang} ${code}`).toBe(code);
        expect(res.body.message).toBe(speak(lang, { code, params: res.refusal?.params as Record<string, string> | undefined }));
        if (lang !== 'en') expect(res.body.message, `${lang} ${code} is not English`).not.toBe(seen.get(code));
        else seen.set(code, res.body.message);
      }
    }
    expect((await decide(owner.token, pendingId, 'reject')).status).toBe(200);
  });

  it('the books balance with adjustments; an applied adjustment without its ledger row is found', async () => {
    const result = await checkBooks(server.database.db);
    expect(result.discrepancies).toEqual([]);
    expect(result.ok).toBe(true);
    const [applied] = await rows(`select count(*)::int as n from balance_adjustments where status = 'applied'`);
    expect(applied!.n).toBeGreaterThanOrEqual(4);

    // An adjustment marked applied that never reached the ledger.
    await server.database.db.execute(
      sql.raw(`insert into balance_adjustments (user_id, wallet, kind, amount, reason, status, requested_by_key, requested_by_name) values (${player.id}, 'main', 'bonus', 700, 'forged', 'applied', 'x', 'x')`),
    );
    const broken = await checkBooks(server.database.db);
    expect(broken.ok).toBe(false);
    expect(broken.discrepancies.some((d) => d.kind === 'missing_ledger' && d.ids.some((i) => i.startsWith('adjustment:')))).toBe(true);
    await server.database.db.execute(sql.raw(`delete from balance_adjustments where reason = 'forged'`));
  });
});
