import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositRequests, ledger } from '../../server/db/schema';
import { manualClock } from '../../server/lib/clock';
import { dbKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { FAILED, OK, UNAUTHENTICATED, expect422, registerPlayer, type Player } from './accounts-helpers';
import {
  ADMIN_TOKEN,
  demoAccounts,
  expectBooksBalanced,
  fund,
  gameBalance,
  paymentTypeId,
  pngBytes,
  postForm,
  startCashierServer,
  type CashierServer,
} from './cashier-helpers';

describe.each(dbKinds)('admin API (%s)', (kind) => {
  const clock = manualClock('2026-01-05T05:00:00Z');
  let server: CashierServer;
  let off: TestServer;
  let accounts: Record<string, number>;
  let refSeq = 300000;

  beforeAll(async () => {
    server = await startCashierServer(kind, { clock, env: { ADMIN_TOKEN } });
    // The same database behind a server started without ADMIN_TOKEN.
    off = await startTestServer(kind, { database: server.database, env: { UPLOAD_DIR: server.uploadDir } });
    accounts = await demoAccounts(server.database.db);
  });
  afterAll(async () => {
    await off?.close();
    await server?.close();
  });

  const db = () => server.database.db;
  const admin = (method: string, path: string, body?: unknown, token = ADMIN_TOKEN) =>
    server.call(method, `/api/admin${path}`, { token, body });

  async function pendingDeposit(player: Player, amount = 5000) {
    const res = await server.call('POST', '/api/depositfinicial', {
      token: player.token,
      body: { agent_payment_type_id: accounts.KBZPay, amount, refrence_no: String(++refSeq) },
    });
    expect(res.status).toBe(200);
    return res.body.data.id as number;
  }

  async function pendingWithdrawal(player: Player, amount = 20_000) {
    const res = await server.call('POST', '/api/withdrawfinicial', {
      token: player.token,
      body: {
        payment_type_id: await paymentTypeId(db(), 'KBZPay'),
        account_name: 'Ko Myo',
        account_number: '09966554433',
        amount,
        password: player.password,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id as number;
  }

  const ledgerRows = (reference: string) => db().select().from(ledger).where(eq(ledger.reference, reference));

  describe('access', () => {
    it('does not exist without ADMIN_TOKEN: every /api/admin path answers 404', async () => {
      const player = await registerPlayer(server);
      const id = await pendingDeposit(player);
      for (const [method, path] of [
        ['GET', '/api/admin/deposits'],
        ['GET', '/api/admin/withdrawals?status=all'],
        ['POST', `/api/admin/deposits/${id}/approve`],
        ['GET', `/api/admin/deposits/${id}/receipt`],
        ['GET', '/api/admin'],
        ['GET', '/api/admin/anything'],
      ]) {
        const res = await off.call(method!, path!, { token: ADMIN_TOKEN });
        expect(res.status, path).toBe(404);
        expect(res.body.status).toBe(FAILED);
      }
      const [row] = await db().select().from(depositRequests).where(eq(depositRequests.id, id));
      expect(row!.status).toBe(0);
    });

    it('401 without the token, with a wrong one, or with a player\'s token', async () => {
      const player = await registerPlayer(server);
      for (const token of [undefined, 'wrong-token', `${ADMIN_TOKEN}x`, player.token]) {
        const res = await server.call('GET', '/api/admin/deposits', { token });
        expect(res.status).toBe(401);
        expect(res.body).toEqual(UNAUTHENTICATED);
      }
      const res = await server.call('GET', '/api/admin/deposits', { headers: { authorization: ADMIN_TOKEN } });
      expect(res.status).toBe(401);
    });

    it('answers 404 for unknown admin paths and request ids', async () => {
      expect((await admin('GET', '/nothing')).status).toBe(404);
      expect((await admin('POST', '/deposits/999999/approve')).body).toEqual({ status: FAILED, message: 'Deposit request not found.', data: null });
      expect((await admin('POST', '/withdrawals/abc/reject')).status).toBe(404);
    });
  });

  describe('lists', () => {
    it('lists pending deposits by default, with the player and the account, newest first', async () => {
      const player = await registerPlayer(server);
      const a = await pendingDeposit(player, 1000);
      const b = await pendingDeposit(player, 2000);
      const res = await admin('GET', '/deposits');
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(OK);
      expect(res.body.data).toMatchObject({ current_page: 1, per_page: 20 });
      const ids = res.body.data.data.map((r: any) => r.id);
      expect(ids.indexOf(b)).toBeLessThan(ids.indexOf(a));
      expect(res.body.data.data.find((r: any) => r.id === b)).toMatchObject({
        status: 0,
        status_word: 'pending',
        amount: '2000.00',
        payment_type: 'KBZPay',
        account_name: 'U Kyaw Min',
        account_number: '09250123456',
        has_receipt: false,
        user: { id: player.id, user_name: player.userName, name: 'Test Player' },
        decided_at: null,
      });
    });

    it('filters by status and refuses an unknown one', async () => {
      const player = await registerPlayer(server);
      const id = await pendingDeposit(player);
      await admin('POST', `/deposits/${id}/reject`);
      const rejected = await admin('GET', '/deposits?status=rejected');
      expect(rejected.body.data.data.map((r: any) => r.id)).toContain(id);
      expect(rejected.body.data.data.every((r: any) => r.status === 2)).toBe(true);
      const pending = await admin('GET', '/deposits?status=pending');
      expect(pending.body.data.data.map((r: any) => r.id)).not.toContain(id);
      const all = await admin('GET', '/deposits?status=all');
      expect(all.body.data.total).toBeGreaterThan(pending.body.data.total);
      expect422(await admin('GET', '/deposits?status=done'), { status: ['The selected status is invalid.'] });
    });
  });

  describe('deposits', () => {
    it('approve credits the game balance once, with a ledger row; a second approval is 409', async () => {
      const player = await registerPlayer(server);
      const id = await pendingDeposit(player, 5000);
      clock.advance(5 * 60_000);
      const res = await admin('POST', `/deposits/${id}/approve`, { note: 'KBZ txn checked' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.message).toBe('Deposit approved.');
      expect(res.body.data).toMatchObject({ id, status: 1, status_word: 'approved', note: 'KBZ txn checked', decided_at: clock.now().toISOString() });
      expect(await gameBalance(db(), player.id)).toBe(500_000n);
      expect(await ledgerRows(`deposit_request:${id}`)).toEqual([
        expect.objectContaining({ userId: player.id, wallet: 'game', kind: 'deposit', amount: 500_000n, balanceBefore: 0n, balanceAfter: 500_000n }),
      ]);

      const again = await admin('POST', `/deposits/${id}/approve`);
      expect(again.status).toBe(409);
      expect(again.body).toEqual({
        status: FAILED,
        message: 'This deposit request is already approved.',
        data: { id, status: 1, status_word: 'approved' },
      });
      const reject = await admin('POST', `/deposits/${id}/reject`);
      expect(reject.status).toBe(409);
      expect(await gameBalance(db(), player.id)).toBe(500_000n);
      expect(await ledgerRows(`deposit_request:${id}`)).toHaveLength(1);
      await expectBooksBalanced(db(), player.id);

      const log = await server.call('GET', '/api/depositlogfinicial', { token: player.token });
      expect(log.body.data[0]).toMatchObject({ id, status: 'Success' });
      const me = await server.call('GET', '/api/user', { token: player.token });
      expect(me.body.data.balance).toBe('5000.00');
    });

    it('concurrent approvals credit once', async () => {
      const player = await registerPlayer(server);
      const id = await pendingDeposit(player, 7000);
      const results = await Promise.all(Array.from({ length: 6 }, () => admin('POST', `/deposits/${id}/approve`)));
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      expect(await gameBalance(db(), player.id)).toBe(700_000n);
      expect(await ledgerRows(`deposit_request:${id}`)).toHaveLength(1);
      await expectBooksBalanced(db(), player.id);
    });

    it('concurrent approve and reject: exactly one wins', async () => {
      const player = await registerPlayer(server);
      const id = await pendingDeposit(player, 3000);
      const [a, r] = await Promise.all([admin('POST', `/deposits/${id}/approve`), admin('POST', `/deposits/${id}/reject`)]);
      expect([a.status, r.status].sort()).toEqual([200, 409]);
      const credited = a.status === 200 ? 300_000n : 0n;
      expect(await gameBalance(db(), player.id)).toBe(credited);
      await expectBooksBalanced(db(), player.id);
    });

    it('reject moves no money, and approval after rejection is refused', async () => {
      const player = await registerPlayer(server);
      const id = await pendingDeposit(player, 4000);
      const res = await admin('POST', `/deposits/${id}/reject`, { note: 'no such transfer' });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Deposit rejected.');
      expect(res.body.data).toMatchObject({ status: 2, status_word: 'rejected', note: 'no such transfer' });
      const approve = await admin('POST', `/deposits/${id}/approve`);
      expect(approve.status).toBe(409);
      expect(approve.body.data).toEqual({ id, status: 2, status_word: 'rejected' });
      expect(await gameBalance(db(), player.id)).toBe(0n);
      expect(await ledgerRows(`deposit_request:${id}`)).toEqual([]);
      const log = await server.call('GET', '/api/depositlogfinicial', { token: player.token });
      expect(log.body.data[0]).toMatchObject({ id, status: 'Reject' });
    });

    it('refuses a note over 500 characters and changes nothing', async () => {
      const player = await registerPlayer(server);
      const id = await pendingDeposit(player);
      expect422(await admin('POST', `/deposits/${id}/approve`, { note: 'x'.repeat(501) }), {
        note: ['The note field must not be greater than 500 characters.'],
      });
      expect(await gameBalance(db(), player.id)).toBe(0n);
      const [row] = await db().select().from(depositRequests).where(eq(depositRequests.id, id));
      expect(row!.status).toBe(0);
    });

    it('streams the receipt with its real content type', async () => {
      const player = await registerPlayer(server);
      const png = pngBytes();
      const created = await postForm(server, '/api/depositfinicial', player.token, {
        agent_payment_type_id: String(accounts.WavePay),
        amount: '2500',
        refrence_no: String(++refSeq),
        receipt: new Blob([png], { type: 'text/plain' }),
      }, 'receipt.txt');
      expect(created.status).toBe(200);
      const id = created.body.data.id;
      const list = await admin('GET', '/deposits');
      expect(list.body.data.data.find((r: any) => r.id === id).has_receipt).toBe(true);

      const res = await fetch(`${server.url}/api/admin/deposits/${id}/receipt`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(png);

      const denied = await fetch(`${server.url}/api/admin/deposits/${id}/receipt`);
      expect(denied.status).toBe(401);
      const none = await admin('GET', `/deposits/${await pendingDeposit(player)}/receipt`);
      expect(none.status).toBe(404);
      expect(none.body.message).toBe('This deposit request has no receipt.');
    });
  });

  describe('withdrawals', () => {
    it('approve settles the hold: no money moves, balance stays reduced', async () => {
      const player = await registerPlayer(server);
      await fund(db(), player.id, 50_000);
      const id = await pendingWithdrawal(player, 20_000);
      const res = await admin('POST', `/withdrawals/${id}/approve`);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Withdrawal approved.');
      expect(res.body.data).toMatchObject({ id, status: 1, status_word: 'approved', user: { id: player.id } });
      expect(await gameBalance(db(), player.id)).toBe(3_000_000n);
      expect((await ledgerRows(`withdraw_request:${id}`)).map((r) => r.kind)).toEqual(['withdraw_hold']);
      const reject = await admin('POST', `/withdrawals/${id}/reject`);
      expect(reject.status).toBe(409);
      expect(reject.body.data).toEqual({ id, status: 1, status_word: 'approved' });
      expect(await gameBalance(db(), player.id)).toBe(3_000_000n);
      await expectBooksBalanced(db(), player.id);
    });

    it('reject releases the hold once, also when sent concurrently; approval afterwards is refused', async () => {
      const player = await registerPlayer(server);
      await fund(db(), player.id, 50_000);
      const id = await pendingWithdrawal(player, 20_000);
      expect(await gameBalance(db(), player.id)).toBe(3_000_000n);
      const results = await Promise.all(Array.from({ length: 5 }, () => admin('POST', `/withdrawals/${id}/reject`, { note: 'name mismatch' })));
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
      expect(await gameBalance(db(), player.id)).toBe(5_000_000n);
      const rows = await ledgerRows(`withdraw_request:${id}`);
      expect(rows.map((r) => [r.kind, r.amount])).toEqual([
        ['withdraw_hold', -2_000_000n],
        ['withdraw_release', 2_000_000n],
      ]);
      const approve = await admin('POST', `/withdrawals/${id}/approve`);
      expect(approve.status).toBe(409);
      expect(approve.body.message).toBe('This withdrawal request is already rejected.');
      expect(await gameBalance(db(), player.id)).toBe(5_000_000n);
      await expectBooksBalanced(db(), player.id);
      const log = await server.call('GET', '/api/withdrawlogfinicial', { token: player.token });
      expect(log.body.data[0]).toMatchObject({ id, status: 'Reject' });
    });

    it('lists withdrawals by status', async () => {
      const player = await registerPlayer(server);
      await fund(db(), player.id, 30_000);
      const id = await pendingWithdrawal(player, 10_000);
      const res = await admin('GET', '/withdrawals');
      expect(res.body.data.data.find((r: any) => r.id === id)).toMatchObject({
        status_word: 'pending',
        amount: '10000.00',
        payment_type: 'KBZPay',
        account_name: 'Ko Myo',
        account_number: '09966554433',
        user: { id: player.id, user_name: player.userName },
      });
      await admin('POST', `/withdrawals/${id}/approve`);
      const approved = await admin('GET', '/withdrawals?status=approved');
      expect(approved.body.data.data.map((r: any) => r.id)).toContain(id);
    });
  });

  it('leaves every player\'s balance equal to their ledger sum', async () => {
    const rows = await db().selectDistinct({ userId: ledger.userId }).from(ledger).where(and(eq(ledger.wallet, 'game')));
    expect(rows.length).toBeGreaterThan(3);
    for (const { userId } of rows) await expectBooksBalanced(db(), userId);
  });
});
