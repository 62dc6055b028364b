import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { openPostgres, type Database, type Db } from '../../server/db/client';
import { notificationPreferences, telegramFanouts, telegramOutbox, users } from '../../server/db/schema';
import { fanOutAll, fanOutChunk } from '../../server/domain/telegram/fanout';
import { enqueueTelegramMany, type OutboxMessage } from '../../server/domain/telegram/outbox';
import { saveNotificationSettings, setStopped } from '../../server/domain/telegram/preferences';
import { startTelegramSender, type Sender } from '../../server/domain/telegram/sender';
import { grammyTransport } from '../../server/domain/telegram/transport';
import { settleDraw } from '../../server/domain/two-d/settlement';
import { twoDConfig } from '../../server/domain/two-d/calendar';
import { liveFigures } from '../../server/domain/operators/live-figures';
import { testEnv } from '../../server/env';
import { manualClock } from '../../server/lib/clock';
import { createTestDatabase, currentDatabaseUrl, dbKinds } from '../support/db';
import { startBotApiStandIn, type BotApiStandIn } from '../support/bot-api-stand-in';
import { confirmResult, makePlayer, placeSlip, slipStatus, yangon } from './two-d-results-helpers';

/**
 * Issue 29, a 2D draw's messages: the settlement's transaction writes ONE fan-out row for the draw
 * (not a row per player), and a sender writes each linked player's message after the commit, a
 * chunk at a time — exactly one per player per draw whatever their slips, none after a rollback,
 * none twice and none missing when a fan-out breaks off and runs again or two processes share it.
 * And a message whose kind the player turned off while it waited is never sent.
 */
describe.each(dbKinds)('Telegram fan-out on %s', (kind) => {
  let database: Database;
  let stand: BotApiStandIn;
  let sender: Sender | undefined;
  const clock = manualClock(yangon('2026-04-30', '18:00'));
  const db = (): Db => database.db;
  let chat = 610_000;
  let day = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    stand = await startBotApiStandIn({ limits: { global: 30, perChat: 1 } });
  }, 180_000);
  afterEach(async () => {
    await sender?.stop();
    sender = undefined;
  });
  afterAll(async () => {
    await stand?.close();
    await database?.close();
  });

  /** A fresh trading day in April 2026 for each draw (Mondays to Fridays). */
  const nextDate = () => {
    for (;;) {
      const d = new Date(Date.UTC(2026, 3, 1 + day++));
      if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) return d.toISOString().slice(0, 10);
    }
  };
  async function linked(lang: 'en' | 'mm' = 'en') {
    const id = await makePlayer(db(), 10_000);
    await db().update(users).set({ telegramId: ++chat }).where(eq(users.id, id));
    await db().insert(notificationPreferences).values({ userId: id, language: lang });
    return { id, chatId: chat };
  }
  /** `n` linked players, each with two slips on the draw (one on 38), settled with 38. */
  async function settledDraw(n: number, opts: { unlinked?: number } = {}) {
    const date = nextDate();
    const players = [];
    for (let i = 0; i < n; i++) players.push(await linked(i % 2 ? 'mm' : 'en'));
    for (const p of players) {
      await placeSlip(db(), p.id, date, 'morning', [['38', 10], ['12', 5]]);
      await placeSlip(db(), p.id, date, 'morning', [['45', 5]]);
    }
    for (let i = 0; i < (opts.unlinked ?? 0); i++) await placeSlip(db(), await makePlayer(db(), 1000), date, 'morning', [['38', 10]]);
    await confirmResult(db(), date, 'morning', '38', clock.now());
    await settleDraw(db(), date, 'morning', clock);
    return { date, players };
  }
  const messagesOf = (date: string) => db().select().from(telegramOutbox).where(like(telegramOutbox.dedupeKey, `two_d:${date}:%`)).orderBy(telegramOutbox.userId);
  const fanoutOf = async (date: string) => (await db().select().from(telegramFanouts).where(eq(telegramFanouts.dedupeKey, `two_d:${date}:morning`)))[0];
  /** Exactly one message per player of the draw, to their chat, with the prize. */
  async function expectOneEach(date: string, players: { id: number; chatId: number }[]) {
    const rows = await messagesOf(date);
    expect(rows.map((r) => r.userId)).toEqual(players.map((p) => p.id).sort((a, b) => a - b));
    for (const r of rows) {
      expect(r.chatId).toBe(players.find((p) => p.id === r.userId)!.chatId);
      expect(r.text).toMatch(/800\.00|၈၀၀\.၀၀|800/);
    }
  }

  it('a settlement writes one fan-out row and no message; the fan-out writes one message per linked player, in chunks, once', async () => {
    const { date, players } = await settledDraw(12, { unlinked: 3 });
    expect(await messagesOf(date)).toEqual([]);
    expect(await fanoutOf(date)).toMatchObject({ kind: 'two_d', status: 'pending', cursor: 0, payload: { date, session: 'morning', outcome: 'settled', twod: '38' } });
    // The person on call sees the draw's messages waiting (the oldest-waiting gauge) before any is written.
    const waiting = (await liveFigures(db(), clock.now(), twoDConfig(testEnv()))).telegram;
    expect(waiting.oldestQueuedAt?.getTime()).toBe((await fanoutOf(date))!.createdAt.getTime());
    // 12 linked players in chunks of 5: 5, 5, 2 (the last, short, finishes it).
    expect(await fanOutAll(db(), 5)).toBe(3);
    await expectOneEach(date, players);
    const [first] = await messagesOf(date);
    expect(first!.text).toBe(`🎉 You won 800.00 Ks in 2D! The number 38 came up in the ${date} 12:01 PM draw. The prize is in your main wallet.`);
    expect(first!.button).toEqual({ text: 'My 2D slips', page: 'slips-morning' });
    expect(await fanoutOf(date)).toMatchObject({ status: 'done', queued: 12, cursor: Math.max(...players.map((p) => p.id)) });
    // Nothing more to do; a second settlement of the draw queues no second fan-out.
    expect(await fanOutAll(db(), 5)).toBe(0);
    await settleDraw(db(), date, 'morning', clock);
    expect(await fanOutAll(db(), 5)).toBe(0);
    expect(await messagesOf(date)).toHaveLength(12);
  });

  it('a rolled-back settlement leaves no fan-out and sends nothing; settled again, every player gets one', async () => {
    const date = nextDate();
    const players = [await linked(), await linked()];
    const slips = [];
    for (const p of players) slips.push((await placeSlip(db(), p.id, date, 'morning', [['38', 10]])).slipId);
    await confirmResult(db(), date, 'morning', '38', clock.now());
    await expect(
      db().transaction(async (tx) => {
        await settleDraw(tx as unknown as Db, date, 'morning', clock);
        expect(await tx.select().from(telegramFanouts).where(eq(telegramFanouts.dedupeKey, `two_d:${date}:morning`))).toHaveLength(1);
        throw new Error('the commit fails');
      }),
    ).rejects.toThrow('the commit fails');
    expect(await fanoutOf(date)).toBeUndefined();
    await fanOutAll(db());
    expect(await messagesOf(date)).toEqual([]);
    expect(await slipStatus(db(), slips[0]!)).toBe('pending');
    await settleDraw(db(), date, 'morning', clock);
    await fanOutAll(db());
    await expectOneEach(date, players);
  });

  it('a fan-out that breaks off mid-chunk (and even one rerun from the first player) writes every message once', async () => {
    const { date, players } = await settledDraw(10);
    const ids = players.map((p) => p.id).sort((a, b) => a - b);
    expect(await fanOutChunk(db(), 4)).toBe(true);
    expect((await messagesOf(date)).map((r) => r.userId)).toEqual(ids.slice(0, 4));
    // The second chunk fails at its sixth player's row: the whole chunk and its cursor roll back.
    await db().execute(sql.raw(`create function test_fanout_fails() returns trigger language plpgsql as $$ begin raise exception 'the process died mid-chunk'; end $$`));
    await db().execute(
      sql.raw(`create trigger test_fanout_fails before insert on telegram_outbox for each row
                 when (new.dedupe_key = 'two_d:${date}:morning:${ids[5]}') execute function test_fanout_fails()`),
    );
    try {
      const failure = await fanOutChunk(db(), 4).then(() => null, (err: Error & { cause?: Error }) => err);
      expect(`${failure?.message} ${failure?.cause?.message}`).toMatch(/died mid-chunk/);
    } finally {
      await db().execute(sql.raw('drop trigger test_fanout_fails on telegram_outbox'));
      await db().execute(sql.raw('drop function test_fanout_fails()'));
    }
    expect((await messagesOf(date)).map((r) => r.userId)).toEqual(ids.slice(0, 4));
    expect((await fanoutOf(date))!.cursor).toBe(ids[3]);
    // Rerun. Then, as if the cursor had been lost, once more from the start: the dedupe keys refuse every repeat.
    await fanOutAll(db(), 4);
    await expectOneEach(date, players);
    await db().update(telegramFanouts).set({ cursor: 0, status: 'pending' }).where(eq(telegramFanouts.dedupeKey, `two_d:${date}:morning`));
    await fanOutAll(db(), 4);
    await expectOneEach(date, players);
  });

  it('two processes fanning out at once (each its own connections on PostgreSQL) write every message once', async () => {
    const draws = [await settledDraw(9), await settledDraw(9), await settledDraw(9)];
    const other = kind === 'postgres' ? await openPostgres(await currentDatabaseUrl(database), 3) : database;
    try {
      const counts = [0, 0];
      const worker = async (handle: Db, i: number) => {
        while (await fanOutChunk(handle, 2)) counts[i]!++;
      };
      await Promise.all([worker(db(), 0), worker(other.db, 1)]);
      // One may have stopped while the other still held the last row: finish, as a sender's next wake would.
      await fanOutAll(db(), 2);
      for (const d of draws) await expectOneEach(d.date, d.players);
      // 27 players in chunks of 2 over three draws: 15 chunks, shared.
      expect(counts[0]! + counts[1]!).toBeGreaterThanOrEqual(14);
      if (kind === 'postgres') expect(counts.every((n) => n > 0), `chunks by each: ${counts}`).toBe(true);
    } finally {
      if (other !== database) await other.close();
    }
  });

  it('the sender fans out and delivers: each linked player of the draw gets exactly one message at the Bot API', async () => {
    const { date, players } = await settledDraw(6, { unlinked: 2 });
    let chunks = 0;
    sender = startTelegramSender({
      db: db(),
      wake: database.channel('telegram_outbox'),
      transport: grammyTransport({ base: stand.url, token: '7000000004:AAH-fanout-test', appUrl: 'https://play.example.com', timeoutSeconds: 2 }),
      pollMs: 50,
      fanoutChunk: 4,
      onFanout: () => void chunks++,
    });
    const chats = players.map((p) => p.chatId);
    const end = Date.now() + 20_000;
    while ((await messagesOf(date)).some((r) => r.status !== 'sent') || (await messagesOf(date)).length < players.length) {
      if (Date.now() > end) throw new Error('timed out waiting for the draw messages');
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(chunks).toBe(2);
    const delivered = stand.delivered.filter((d) => chats.includes(d.chatId)).map((d) => d.chatId);
    expect(delivered.sort()).toEqual([...chats].sort());
  });

  it('a message waiting in the outbox is not sent once its player turns that kind off (or sends /stop); security notices still go', async () => {
    const off = await linked();
    const stopped = await linked();
    const m = (p: { id: number; chatId: number }, k: OutboxMessage['kind'], n: number): OutboxMessage => ({ chatId: p.chatId, userId: p.id, kind: k, dedupeKey: `wait:${kind}:${p.id}:${n}`, text: `${k} ${n}` });
    await enqueueTelegramMany(db(), [m(off, 'deposit', 1), m(off, 'two_d', 2), m(off, 'deposit', 3), m(stopped, 'withdraw', 4), m(stopped, 'security', 5)]);
    // While they wait: one player turns deposit messages off in the profile, the other sends /stop.
    await saveNotificationSettings(db(), off.id, { kinds: { deposit: false }, lang: 'en' });
    await setStopped(db(), stopped.id, true);
    sender = startTelegramSender({
      db: db(),
      wake: database.channel('telegram_outbox'),
      transport: grammyTransport({ base: stand.url, token: '7000000004:AAH-fanout-test', appUrl: 'https://play.example.com', timeoutSeconds: 2 }),
      pollMs: 50,
    });
    const mine = () => db().select().from(telegramOutbox).where(inArray(telegramOutbox.userId, [off.id, stopped.id])).orderBy(telegramOutbox.id);
    const end = Date.now() + 15_000;
    while ((await mine()).some((r) => r.status === 'pending' || r.status === 'sending')) {
      if (Date.now() > end) throw new Error('timed out waiting');
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await mine()).map((r) => [r.text, r.status])).toEqual([
      ['deposit 1', 'dropped'],
      ['two_d 2', 'sent'],
      ['deposit 3', 'dropped'],
      ['withdraw 4', 'dropped'],
      ['security 5', 'sent'],
    ]);
    const texts = stand.delivered.filter((d) => d.chatId === off.chatId || d.chatId === stopped.chatId).map((d) => d.text);
    expect(texts.sort()).toEqual(['security 5', 'two_d 2']);
    expect(await db().select().from(telegramOutbox).where(and(eq(telegramOutbox.userId, off.id), eq(telegramOutbox.status, 'dropped')))).toHaveLength(2);
  });
});
