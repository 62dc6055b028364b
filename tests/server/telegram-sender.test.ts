import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { agents, telegramChats, telegramOutbox, users } from '../../server/db/schema';
import type { Database, Db } from '../../server/db/client';
import { enqueueTelegram, enqueueTelegramMany, type OutboxMessage } from '../../server/domain/telegram/outbox';
import { startTelegramSender, type Sender, type SenderOptions } from '../../server/domain/telegram/sender';
import { grammyTransport } from '../../server/domain/telegram/transport';
import { noticeDeposit } from '../../server/domain/telegram/notices';
import { unblockChat } from '../../server/domain/telegram/preferences';
import { createTestDatabase, dbKinds } from '../support/db';
import { startBotApiStandIn, type BotApiStandIn } from '../support/bot-api-stand-in';

/**
 * Issue 29: the sender delivers the outbox within Telegram's limits against a stand-in Bot API that
 * enforces them — 429 answered with its retry_after, 5xx retried with backoff, 403 blocks the
 * chat, a lost answer never re-sent — and the button opens the Mini App page.
 */
const TOKEN = '7000000002:AAH-sender-test-token';
const APP = 'https://play.example.com';

describe.each(dbKinds)('Telegram sender on %s', (kind) => {
  let database: Database;
  let stand: BotApiStandIn;
  let sender: Sender | undefined;
  let seq = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    stand = await startBotApiStandIn({ limits: { global: 30, perChat: 1 } });
  }, 180_000);
  afterEach(async () => {
    await sender?.stop();
    sender = undefined;
    stand.setFault(undefined);
  });
  afterAll(async () => {
    await stand?.close();
    await database?.close();
  });

  const db = (): Db => database.db;
  const start = (opts: Partial<SenderOptions> = {}) =>
    (sender = startTelegramSender({
      db: db(),
      wake: database.channel('telegram_outbox'),
      transport: grammyTransport({ base: stand.url, token: TOKEN, appUrl: APP, timeoutSeconds: 2 }),
      pollMs: 50,
      retry: { backoffMs: 100, maxBackoffMs: 400, maxAttempts: 3 },
      ...opts,
    }));
  const message = (chatId: number, over: Partial<OutboxMessage> = {}): OutboxMessage => ({
    chatId,
    kind: 'deposit',
    dedupeKey: `test:${++seq}`,
    text: `message ${seq}`,
    ...over,
  });
  const statusOf = async (dedupeKey: string) => (await db().select().from(telegramOutbox).where(eq(telegramOutbox.dedupeKey, dedupeKey)))[0]!;
  const until = async (check: () => Promise<boolean> | boolean, ms = 15_000) => {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error('timed out waiting');
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  const settled = (keys: string[]) => async () =>
    (await db().select({ s: telegramOutbox.status }).from(telegramOutbox).where(inArray(telegramOutbox.dedupeKey, keys))).every((r) => r.s !== 'pending' && r.s !== 'sending');
  const deliveredTo = (chatId: number) => stand.delivered.filter((d) => d.chatId === chatId);

  it('delivers a queued message once, with a web_app button opening the Mini App page, and records it sent', async () => {
    const m = message(5001, { button: { text: 'Open my wallet', page: 'wallet' } });
    expect(await enqueueTelegram(db(), m)).toBe(true);
    expect(await enqueueTelegram(db(), { ...m, text: 'again' })).toBe(false);
    start();
    await until(settled([m.dedupeKey]));
    const row = await statusOf(m.dedupeKey);
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(row.telegramMessageId).toBeGreaterThan(0);
    expect(deliveredTo(5001)).toHaveLength(1);
    const button = deliveredTo(5001)[0]!.replyMarkup.inline_keyboard[0][0];
    expect(button.text).toBe('Open my wallet');
    expect(new URL(button.web_app.url).origin).toBe(APP);
    expect(new URL(button.web_app.url).searchParams.get('startapp')).toBe('wallet');
    expect(stand.calls.at(-1)!.token).toBe(TOKEN);
  });

  it('stays within 30 a second in all and 1 a second per chat: the limiting stand-in never answers 429', async () => {
    const before = stand.tooMany;
    const many = Array.from({ length: 45 }, (_, i) => message(6000 + i));
    const sameChat = [message(6999), message(6999), message(6999)];
    await enqueueTelegramMany(db(), [...many, ...sameChat]);
    const t0 = Date.now();
    start();
    await until(settled([...many, ...sameChat].map((m) => m.dedupeKey)));
    expect(stand.tooMany - before).toBe(0);
    // 48 messages at 29 a second take at least 1.5 s; the three to one chat are a second apart.
    expect(Date.now() - t0).toBeGreaterThan(1400);
    const times = deliveredTo(6999).map((d) => d.at);
    expect(times).toHaveLength(3);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(1000);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(1000);
    for (const m of many) expect(deliveredTo(m.chatId)).toHaveLength(1);
  });

  it('429: the message waits its retry_after, then goes once', async () => {
    const m = message(7001);
    let first = true;
    stand.setFault((call) => (call.body?.chat_id === 7001 && first ? ((first = false), { status: 429, retryAfter: 1 }) : undefined));
    await enqueueTelegram(db(), m);
    start();
    await until(settled([m.dedupeKey]));
    const attempts = stand.calls.filter((c) => c.body?.chat_id === 7001);
    expect(attempts).toHaveLength(2);
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(1000);
    expect(await statusOf(m.dedupeKey)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(deliveredTo(7001)).toHaveLength(1);
  });

  it('5xx: retried with backoff until Telegram takes it; out of attempts it fails', async () => {
    const flaky = message(7101);
    const dead = message(7102);
    let flakyCalls = 0;
    stand.setFault((call) => {
      if (call.body?.chat_id === 7101 && ++flakyCalls <= 2) return { status: 502 };
      if (call.body?.chat_id === 7102) return { status: 500 };
      return undefined;
    });
    await enqueueTelegramMany(db(), [flaky, dead]);
    start();
    await until(settled([flaky.dedupeKey, dead.dedupeKey]));
    expect(await statusOf(flaky.dedupeKey)).toMatchObject({ status: 'sent', attempts: 3 });
    expect(deliveredTo(7101)).toHaveLength(1);
    const failed = await statusOf(dead.dedupeKey);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3 });
    expect(failed.lastError).toMatch(/^500 /);
    const tries = stand.calls.filter((c) => c.body?.chat_id === 7101).map((c) => c.at);
    expect(tries[1]! - tries[0]!).toBeGreaterThanOrEqual(80);
  });

  it('403: the chat is marked blocked, its pending messages dropped (a security notice still tried), no new ones queue; /start unblocks', async () => {
    const chatId = 7201;
    const [agent] = await db().insert(agents).values({ name: 'Sender test agent', referralCode: `SND${kind.toUpperCase()}` }).returning();
    const [player] = await db().insert(users).values({ userName: `blocked${kind}`, name: 'Blocked', agentId: agent!.id, telegramId: chatId }).returning();
    stand.setFault((call) => (call.body?.chat_id === chatId ? { status: 403 } : undefined));
    const first = message(chatId, { userId: player!.id });
    const later = message(chatId, { userId: player!.id });
    const security = message(chatId, { userId: player!.id, kind: 'security' });
    await enqueueTelegramMany(db(), [first, later, security]);
    start();
    await until(settled([first.dedupeKey, later.dedupeKey, security.dedupeKey]));
    expect((await statusOf(first.dedupeKey)).status).toBe('failed');
    expect((await statusOf(later.dedupeKey)).status).toBe('dropped');
    expect((await statusOf(security.dedupeKey)).status).toBe('failed');
    expect(stand.calls.filter((c) => c.body?.chat_id === chatId).map((c) => c.body.text)).toEqual([first.text, security.text]);
    const [chat] = await db().select().from(telegramChats).where(eq(telegramChats.chatId, chatId));
    expect(chat!.blockedAt).not.toBeNull();
    // A new event for the blocked chat queues nothing; after /start (unblockChat) it does.
    expect(await noticeDeposit(db(), { id: 999_001, userId: player!.id, amount: 100n, approved: true, note: null, balance: 100n })).toBe(false);
    await unblockChat(db(), chatId);
    expect(await noticeDeposit(db(), { id: 999_002, userId: player!.id, amount: 100n, approved: true, note: null, balance: 100n })).toBe(true);
  });

  it('an answer that never comes (cut connection, or slower than the timeout): the message is "unknown" and never sent again', async () => {
    const cut = message(7301);
    const slow = message(7302);
    stand.setFault((call) => (call.body?.chat_id === 7301 ? { cut: true } : call.body?.chat_id === 7302 ? { delayMs: 3000 } : undefined));
    await enqueueTelegramMany(db(), [cut, slow]);
    start();
    await until(settled([cut.dedupeKey, slow.dedupeKey]));
    stand.setFault(undefined);
    await new Promise((r) => setTimeout(r, 3500));
    expect((await statusOf(cut.dedupeKey)).status).toBe('unknown');
    expect((await statusOf(slow.dedupeKey)).status).toBe('unknown');
    expect(stand.calls.filter((c) => c.body?.chat_id === 7301)).toHaveLength(1);
    expect(stand.calls.filter((c) => c.body?.chat_id === 7302)).toHaveLength(1);
  });

  it("a process that died mid-send leaves 'sending' rows: after the timeout they are 'unknown', the rest is delivered once", async () => {
    const rows = Array.from({ length: 6 }, (_, i) => message(7400 + i));
    await enqueueTelegramMany(db(), rows);
    // A dead process's claim: two rows marked sending long ago, never answered.
    await db().execute(sql`
      update telegram_outbox set status = 'sending', claimed_at = now() - interval '10 minutes', attempts = 1
       where dedupe_key in (${rows[0]!.dedupeKey}, ${rows[1]!.dedupeKey})`);
    start({ sendingTimeoutMs: 60_000 });
    await until(settled(rows.map((r) => r.dedupeKey)));
    expect((await statusOf(rows[0]!.dedupeKey)).status).toBe('unknown');
    expect((await statusOf(rows[1]!.dedupeKey)).status).toBe('unknown');
    for (const r of rows.slice(2)) expect(deliveredTo(r.chatId)).toHaveLength(1);
    expect(deliveredTo(7400)).toHaveLength(0);
  });
});
