import { readFileSync } from 'node:fs';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentPaymentAccounts, agents, paymentTypes, withdrawRequests } from '../../server/db/schema';
import { dbKinds } from '../support/db';
import { registerPlayer, type Player } from './accounts-helpers';
import { demoAccounts, expectNothingWritten, fund, paymentTypeId, startCashierServer, type CashierServer } from './cashier-helpers';

/**
 * Issue 15: a withdrawal's `payment_type_id` is what either client sends — the existing frontend
 * the id of the `/banks` row it shows (an account of the player's agent), our site before issue 15
 * and API scripts a payment type id — and the request records the right payment type. An agent
 * whose account ids differ from the payment type ids proves it (the demo seed's are equal).
 */
const LANGS = ['en', 'mm', 'zh', 'th'] as const;
const REFUSALS = Object.fromEntries(LANGS.map((l) => [l, JSON.parse(readFileSync(`locales/refusals/${l}.json`, 'utf8')).refusal as Record<string, string>]));

describe.each(dbKinds)('withdraw: payment type or /banks row (%s)', (kind) => {
  let server: CashierServer;
  let types: Record<string, number>;
  let demo: Record<string, number>;
  /** The extra agent's accounts by type name; ids after the demo agent's, none equal to its type's id. */
  let mine: Record<string, number>;
  let player: Player;
  let demoPlayer: Player;

  beforeAll(async () => {
    server = await startCashierServer(kind);
    const db = server.database.db;
    types = Object.fromEntries(await Promise.all(['KBZPay', 'WavePay', 'AYA Pay', 'CB Pay'].map(async (n) => [n, await paymentTypeId(db, n)])));
    demo = await demoAccounts(db);
    const [agent] = await db.insert(agents).values({ name: 'Mandalay Agent', referralCode: 'MDY2026' }).returning();
    // Listed in another order than the payment types, as a real agent adds them.
    mine = {};
    for (const [name, no] of [['CB Pay', '09420000001'], ['WavePay', '09420000002'], ['KBZPay', '09420000003']] as const) {
      const [row] = await db.insert(agentPaymentAccounts).values({ agentId: agent!.id, paymentTypeId: types[name]!, accountName: 'U Min', accountNo: no }).returning();
      mine[name] = row!.id;
    }
    for (const [name, id] of Object.entries(mine)) expect(id, name).not.toBe(types[name]);
    player = await registerPlayer(server, { referral_code: 'MDY2026' });
    demoPlayer = await registerPlayer(server);
    await fund(db, player.id, 200_000);
    await fund(db, demoPlayer.id, 200_000);
  });
  afterAll(() => server?.close());

  const withdraw = (p: Player, paymentTypeIdValue: unknown, headers?: Record<string, string>) =>
    server.call('POST', '/api/withdrawfinicial', {
      token: p.token,
      headers,
      body: { payment_type_id: paymentTypeIdValue, account_name: 'Ko Zaw', account_number: '09777000111', amount: 10_000, password: p.password },
    });
  const lastTypeOf = async (p: Player) => {
    const [row] = await server.database.db
      .select({ type: paymentTypes.name })
      .from(withdrawRequests)
      .innerJoin(paymentTypes, eq(paymentTypes.id, withdrawRequests.paymentTypeId))
      .where(eq(withdrawRequests.userId, p.id))
      .orderBy(desc(withdrawRequests.id))
      .limit(1);
    return row?.type;
  };

  it('the /banks and /agent-payment-type rows the existing frontend shows name their own payment type', async () => {
    const banks = (await server.call('GET', '/api/banks', { token: player.token })).body.data as { id: number; bank_name: string }[];
    const apt = (await server.call('GET', '/api/agent-payment-type', { token: player.token })).body.data as { id: number; payment_type: { name: string } }[];
    expect(banks.map((b) => [b.bank_name, b.id])).toEqual([['CB Pay', mine['CB Pay']], ['WavePay', mine.WavePay], ['KBZPay', mine.KBZPay]]);
    expect(apt.map((a) => [a.payment_type.name, a.id])).toEqual(banks.map((b) => [b.bank_name, b.id]));
    for (const bank of banks) {
      // The existing frontend sends its <select>'s value: the row id, as text.
      const res = await withdraw(player, String(bank.id));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.payment_type).toBe(bank.bank_name);
      expect(await lastTypeOf(player)).toBe(bank.bank_name);
    }
    const log = (await server.call('GET', '/api/withdrawlogfinicial', { token: player.token })).body.data as { payment_type: string }[];
    expect(log.slice(0, 3).map((r) => r.payment_type).sort()).toEqual(['CB Pay', 'KBZPay', 'WavePay']);
    const saved = (await server.call('GET', '/api/user-payment?all=1', { token: player.token })).body.data as { payment_type: { name: string } }[];
    expect(saved.map((s) => s.payment_type.name).sort()).toEqual(['CB Pay', 'KBZPay', 'WavePay']);
  });

  it('a payment type id (what other clients send) is still that payment type', async () => {
    for (const name of ['AYA Pay', 'KBZPay']) {
      const res = await withdraw(player, types[name]);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await lastTypeOf(player)).toBe(name);
    }
  });

  it('another agent`s account is refused with cashier.account_not_yours, in four languages, and nothing is written', async () => {
    for (const lang of LANGS) {
      await expectNothingWritten(server, async () => {
        const res = await withdraw(demoPlayer, mine.WavePay, { 'x-lang': lang });
        expect(res.status, JSON.stringify(res.body)).toBe(422);
        expect(res.refusal?.error_codes?.payment_type_id).toEqual([{ code: 'cashier.account_not_yours' }]);
        expect(res.body.errors.payment_type_id).toEqual([REFUSALS[lang]!['cashier.account_not_yours']]);
      });
    }
  });

  it('a number that is both an account of the player`s agent and a payment type means the account', async () => {
    const db = server.database.db;
    // The demo agent's KBZPay row now takes WavePay payments: its id is still KBZPay's type id.
    const row = demo.KBZPay!;
    expect(row).toBe(types.KBZPay);
    await db.update(agentPaymentAccounts).set({ paymentTypeId: types.WavePay! }).where(eq(agentPaymentAccounts.id, row));
    try {
      const res = await withdraw(demoPlayer, row);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await lastTypeOf(demoPlayer)).toBe('WavePay');
      // For a player of another agent the same number is only a payment type.
      const other = await withdraw(player, row);
      expect(other.status, JSON.stringify(other.body)).toBe(200);
      expect(await lastTypeOf(player)).toBe('KBZPay');
    } finally {
      await db.update(agentPaymentAccounts).set({ paymentTypeId: types.KBZPay! }).where(eq(agentPaymentAccounts.id, row));
    }
  });

  it('an own account switched off still names its type; one on a switched-off type is refused, never read as a type id', async () => {
    const db = server.database.db;
    await db.update(agentPaymentAccounts).set({ status: 0 }).where(eq(agentPaymentAccounts.id, mine.WavePay!));
    try {
      expect((await withdraw(player, mine.WavePay)).status).toBe(200);
      expect(await lastTypeOf(player)).toBe('WavePay');
    } finally {
      await db.update(agentPaymentAccounts).set({ status: 1 }).where(eq(agentPaymentAccounts.id, mine.WavePay!));
    }
    // The demo agent's CB Pay row has CB Pay's type id: with the type off, the row refuses.
    await db.update(paymentTypes).set({ status: 0 }).where(eq(paymentTypes.id, types['CB Pay']!));
    try {
      await expectNothingWritten(server, async () => {
        const res = await withdraw(demoPlayer, demo['CB Pay']);
        expect(res.status).toBe(422);
        expect(res.refusal?.error_codes?.payment_type_id).toEqual([{ code: 'field.selected_invalid', params: { field: 'payment_type_id' } }]);
      });
    } finally {
      await db.update(paymentTypes).set({ status: 1 }).where(eq(paymentTypes.id, types['CB Pay']!));
    }
  });

  it('an id that is neither is an invalid selection', async () => {
    await expectNothingWritten(server, async () => {
      const res = await withdraw(player, 987_654);
      expect(res.status).toBe(422);
      expect(res.refusal?.error_codes?.payment_type_id).toEqual([{ code: 'field.selected_invalid', params: { field: 'payment_type_id' } }]);
    });
  });
});
