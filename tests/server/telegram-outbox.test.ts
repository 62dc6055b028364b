import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { notificationPreferences, telegramChats, telegramOutbox, users } from '../../server/db/schema';
import { decideDeposit } from '../../server/domain/cashier-decisions';
import type { Db } from '../../server/db/client';
import { manualClock } from '../../server/lib/clock';
import { dbKinds } from '../support/db';
import { registerPlayer, type Player } from './accounts-helpers';
import { ADMIN_TOKEN, demoAccounts, fund, paymentTypeId, startCashierServer, type CashierServer } from './cashier-helpers';

/**
 * Issue 29: a decision queues its player's Telegram message in the same transaction — exactly one
 * per event, in the player's language, only to linked players who want that kind.
 */
describe.each(dbKinds)('Telegram outbox on %s', (kind) => {
  const clock = manualClock('2026-11-23T05:00:00Z');
  let server: CashierServer;
  let accounts: Record<string, number>;
  let ref = 700000;
  let telegramId = 880000;

  beforeAll(async () => {
    server = await startCashierServer(kind, { clock, env: { ADMIN_TOKEN } });
    accounts = await demoAccounts(server.database.db);
  });
  afterAll(() => server?.close());

  const db = (): Db => server.database.db;
  const admin = (path: string, body?: unknown) => server.call('POST', `/api/admin${path}`, { token: ADMIN_TOKEN, body });

  async function linkedPlayer(lang: 'en' | 'mm' | 'zh' | 'th' | null, opts: { telegramLanguage?: string } = {}) {
    const player = await registerPlayer(server);
    const chatId = ++telegramId;
    await db().update(users).set({ telegramId: chatId }).where(eq(users.id, player.id));
    if (lang || opts.telegramLanguage) {
      await db().insert(notificationPreferences).values({ userId: player.id, language: lang, telegramLanguage: opts.telegramLanguage ?? null });
    }
    return { ...player, chatId };
  }

  async function pendingDeposit(player: Player, amount: number) {
    const res = await server.call('POST', '/api/depositfinicial', {
      token: player.token,
      body: { agent_payment_type_id: accounts.KBZPay, amount, refrence_no: String(++ref) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id as number;
  }

  const messagesOf = (userId: number) => db().select().from(telegramOutbox).where(eq(telegramOutbox.userId, userId)).orderBy(telegramOutbox.id);

  it('an approval queues exactly one message: amount and new balance, in each of the four languages, with the wallet button', async () => {
    const expected = {
      en: /Deposit approved: 12,345\.00 Ks added to your game wallet\.\nNew game balance: 12,345\.00 Ks\./,
      mm: /ငွေသွင်းမှု အတည်ပြုပြီးပါပြီ — 12,345\.00 ကျပ်.*ဂိမ်းလက်ကျန်ငွေ အသစ် — 12,345\.00 ကျပ်/s,
      zh: /存款已批准：12,345\.00 缅元 已存入您的游戏钱包。\n游戏余额：12,345\.00 缅元。/,
      th: /อนุมัติการฝากเงินแล้ว: เพิ่ม 12,345\.00 จ๊าด เข้ากระเป๋าเกมของคุณแล้ว\nยอดเงินในเกมใหม่: 12,345\.00 จ๊าด/,
    } as const;
    const buttons = { en: 'Open my wallet', mm: 'ပိုက်ဆံအိတ် ဖွင့်ရန်', zh: '打开钱包', th: 'เปิดกระเป๋าเงิน' } as const;
    for (const lang of ['en', 'mm', 'zh', 'th'] as const) {
      const player = await linkedPlayer(lang);
      const id = await pendingDeposit(player, 12_345);
      expect((await admin(`/deposits/${id}/approve`, { note: 'checked' })).status).toBe(200);
      const rows = await messagesOf(player.id);
      expect(rows, lang).toHaveLength(1);
      expect(rows[0]).toMatchObject({ chatId: player.chatId, kind: 'deposit', dedupeKey: `deposit:${id}:approved`, status: 'pending', priority: 0 });
      expect(rows[0]!.text, lang).toMatch(expected[lang]);
      expect(rows[0]!.button).toEqual({ text: buttons[lang], page: 'wallet' });
    }
  });

  it("no chosen language: Telegram's language_code decides (my → Burmese); neither: English", async () => {
    const burmese = await linkedPlayer(null, { telegramLanguage: 'mm' });
    await admin(`/deposits/${await pendingDeposit(burmese, 1000)}/approve`);
    expect((await messagesOf(burmese.id))[0]!.text).toMatch(/[\u1000-\u109f]/);
    const plain = await linkedPlayer(null);
    await admin(`/deposits/${await pendingDeposit(plain, 1000)}/approve`);
    expect((await messagesOf(plain.id))[0]!.text).toMatch(/^✅ Deposit approved/);
  });

  it("a rejection carries the cashier's reason; a second decision of the same request queues nothing more", async () => {
    const player = await linkedPlayer('en');
    const id = await pendingDeposit(player, 2500);
    expect((await admin(`/deposits/${id}/reject`, { note: 'Reference number not found in KBZPay' })).status).toBe(200);
    expect((await admin(`/deposits/${id}/approve`)).status).toBe(409);
    const rows = await messagesOf(player.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.text).toBe('❌ Your deposit of 2,500.00 Ks was not approved.\nReason: Reference number not found in KBZPay');
    expect(rows[0]!.button).toEqual({ text: 'My deposits', page: 'deposits' });
  });

  it('a rolled-back approval queues nothing (and credits nothing)', async () => {
    const player = await linkedPlayer('en');
    const id = await pendingDeposit(player, 4000);
    // The approval runs inside a transaction that then fails: everything of it goes.
    await expect(
      db().transaction(async (tx) => {
        await decideDeposit(tx as unknown as Db, { id, decision: 'approve', note: null, now: clock.now() });
        expect(await tx.select().from(telegramOutbox).where(eq(telegramOutbox.userId, player.id))).toHaveLength(1);
        throw new Error('the commit fails');
      }),
    ).rejects.toThrow('the commit fails');
    expect(await messagesOf(player.id)).toEqual([]);
    // The same approval, committed this time: exactly one.
    await admin(`/deposits/${id}/approve`);
    expect(await messagesOf(player.id)).toHaveLength(1);
  });

  it('nothing for a player without Telegram, one who turned deposits off, one who sent /stop, or whose chat blocked the bot', async () => {
    const web = await registerPlayer(server);
    const off = await linkedPlayer('en');
    await server.call('PUT', '/api/notifications', { token: off.token, body: { deposit: false } });
    const stopped = await linkedPlayer('en');
    await db().update(notificationPreferences).set({ stopped: true }).where(eq(notificationPreferences.userId, stopped.id));
    const blocked = await linkedPlayer('en');
    await db().insert(telegramChats).values({ chatId: blocked.chatId, blockedAt: clock.now() });
    for (const p of [web, off, stopped, blocked]) await admin(`/deposits/${await pendingDeposit(p, 1500)}/approve`);
    for (const p of [web, off, stopped, blocked]) expect(await messagesOf(p.id)).toEqual([]);
    // Withdrawals are another switch: still on for the player who turned deposits off.
    await fund(db(), off.id, 50_000);
    const w = await server.call('POST', '/api/withdrawfinicial', {
      token: off.token,
      body: { payment_type_id: await paymentTypeId(db(), 'KBZPay'), account_name: 'Ko Myo', account_number: '09966554433', amount: 20_000, password: off.password },
    });
    expect(w.status, JSON.stringify(w.body)).toBe(200);
    await admin(`/withdrawals/${w.body.data.id}/approve`);
    const rows = await messagesOf(off.id);
    expect(rows.map((r) => [r.kind, r.text])).toEqual([['withdraw', '✅ Withdrawal approved: 20,000.00 Ks is being sent to your KBZPay account.']]);
  });

  it('the event key makes a repeat impossible: the outbox refuses a second row for one event', async () => {
    const result = (await db().execute(sql`select count(*)::int as n from telegram_outbox group by dedupe_key order by count(*) desc limit 1`)) as unknown as { rows: { n: number }[] };
    const n = result.rows[0]!.n;
    expect(n).toBe(1);
  });
});
