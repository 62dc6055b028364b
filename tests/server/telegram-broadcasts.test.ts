import { readFileSync } from 'node:fs';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, auditLog, notificationPreferences, telegramBroadcasts, telegramOutbox, users } from '../../server/db/schema';
import type { ConfirmedHook } from '../../server/domain/two-d/results';
import { setResult } from '../../server/domain/two-d/results';
import { resultsDigest } from '../../server/domain/telegram/results-digest';
import { dbKinds } from '../support/db';
import { registerPlayer } from './accounts-helpers';
import { ADMIN_TOKEN, enrolOperator, startOperatorServer, type Clock, type Operator } from './operator-helpers';
import type { CashierServer } from './cashier-helpers';

/**
 * Issue 29: broadcasts from the console (content role and the owner) and the daily 2D results to
 * subscribers. What a broadcast reaches is checked on the outbox rows it queues (the sender's own
 * tests prove those rows are delivered): only opted-in, linked, not stopped players, one agent's
 * when asked, each in their language; a preview first; progress counted from the outbox; audited.
 */
const BOT = '7000000001:AAH-test-bot-token-for-kyatplay-tests';
const PUBLIC_URL = 'https://play.example.com';
const TEXTS = { text_en: 'Weekend bonus: 10% on deposits!', text_mm: 'စနေ၊ တနင်္ဂနွေ ဘောနပ်စ်- ငွေဖြည့်လျှင် 10%!', text_zh: '周末奖金：充值送 10%！', text_th: 'โบนัสสุดสัปดาห์: เติมเงินรับ 10%!' };
const BUTTON = { button_en: 'Deposit', button_mm: 'ငွေဖြည့်မည်', button_zh: '充值', button_th: 'เติมเงิน', button_page: 'deposit' };

describe.each(dbKinds)('Telegram broadcasts (%s)', (kind) => {
  let server: CashierServer;
  let clock: Clock;
  let content: Operator;
  let cashier: Operator;
  const linked: Record<string, { id: number; chat: number }> = {};
  let chat = 6660000;

  /** A linked player with the given preferences, under `agentCode` (default the demo agent). */
  async function linkedPlayer(name: string, prefs: Partial<typeof notificationPreferences.$inferInsert>, agentCode?: string) {
    const p = await registerPlayer(server, agentCode ? { referral_code: agentCode } : {});
    const chatId = ++chat;
    await server.database.db.update(users).set({ telegramId: chatId }).where(eq(users.id, p.id));
    await server.database.db.insert(notificationPreferences).values({ userId: p.id, ...prefs });
    linked[name] = { id: p.id, chat: chatId };
  }

  beforeAll(async () => {
    ({ server, clock } = await startOperatorServer(kind, { env: { TELEGRAM_BOT_TOKEN: BOT, PUBLIC_URL } }));
    content = await enrolOperator(server, clock, 'content');
    cashier = await enrolOperator(server, clock, 'cashier');
    await server.database.db.insert(agents).values({ name: 'Second agent', referralCode: 'AGENT2BC' });
    await linkedPlayer('burmese', { announcements: true, language: 'mm' });
    await linkedPlayer('thai', { announcements: true, telegramLanguage: 'th' });
    await linkedPlayer('notOptedIn', {});
    await linkedPlayer('stopped', { announcements: true, stopped: true });
    await linkedPlayer('otherAgent', { announcements: true, language: 'zh' }, 'AGENT2BC');
    await registerPlayer(server); // not linked to Telegram at all
  });
  afterAll(async () => {
    await server?.close();
  });

  const call = (method: string, path: string, token: string, body?: unknown) => server.call(method, `/api/admin${path}`, { token, body });
  const create = async (body: Record<string, unknown>, token = content.token) => {
    const res = await call('POST', '/broadcasts', token, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as number;
  };
  const rowsOf = (broadcastId: number) =>
    server.database.db.select().from(telegramOutbox).where(eq(telegramOutbox.broadcastId, broadcastId)).orderBy(asc(telegramOutbox.userId));
  const audit = (action: string, id: number) =>
    server.database.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(id))));

  it('a draft needs all four languages and a button with one target', async () => {
    const missing = await call('POST', '/broadcasts', content.token, { ...TEXTS, text_mm: '' });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors)).toEqual(['text_mm']);
    const both = await call('POST', '/broadcasts', content.token, { ...TEXTS, ...BUTTON, button_url: 'https://example.com' });
    expect(both.status).toBe(422);
    expect(Object.keys(both.body.errors)).toContain('button_url');
    const unknownAgent = await call('POST', '/broadcasts', content.token, { ...TEXTS, agent_code: 'NOPE_NOPE' });
    expect(unknownAgent.status).toBe(422);
    expect(await server.database.db.select().from(telegramBroadcasts)).toEqual([]);
  });

  it('is sent only after a preview; the preview goes to the given chat once per language; audited', async () => {
    const id = await create({ ...TEXTS, ...BUTTON });
    const early = await call('POST', `/broadcasts/${id}/send`, content.token, {});
    expect(early.status).toBe(400);
    expect(early.refusal?.code).toBe('broadcast.preview_first');
    expect(await rowsOf(id)).toEqual([]);

    const preview = await call('POST', `/broadcasts/${id}/preview`, content.token, { chat_id: '123456789' });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const previews = await server.database.db.select().from(telegramOutbox).where(and(eq(telegramOutbox.kind, 'preview'), eq(telegramOutbox.chatId, 123456789)));
    expect(previews.map((r) => r.text).sort()).toEqual(Object.values(TEXTS).sort());
    expect(previews.every((r) => r.broadcastId === null && r.button?.page === 'deposit')).toBe(true);

    const sent = await call('POST', `/broadcasts/${id}/send`, content.token, {});
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const rows = await rowsOf(id);
    // Opted in, linked, not stopped: the Burmese, Thai and other agent's players; each in their language.
    expect(rows.map((r) => r.userId)).toEqual([linked.burmese!.id, linked.thai!.id, linked.otherAgent!.id]);
    expect(rows.map((r) => r.chatId)).toEqual([linked.burmese!.chat, linked.thai!.chat, linked.otherAgent!.chat]);
    expect(rows.map((r) => r.text)).toEqual([TEXTS.text_mm, TEXTS.text_th, TEXTS.text_zh]);
    expect(rows.map((r) => r.button?.text)).toEqual([BUTTON.button_mm, BUTTON.button_th, BUTTON.button_zh]);
    expect(rows.every((r) => r.kind === 'announcement' && r.priority === 1 && r.status === 'pending')).toBe(true);
    expect(sent.body.data.progress).toMatchObject({ total: 3, queued: 3, sent: 0, failed: 0 });

    const again = await call('POST', `/broadcasts/${id}/send`, content.token, {});
    expect(again.refusal?.code).toBe('broadcast.already_sent');
    expect(await rowsOf(id)).toHaveLength(3);

    expect(await audit('broadcast.create', id)).toHaveLength(1);
    expect(await audit('broadcast.preview', id)).toHaveLength(1);
    const [sendRow] = await audit('broadcast.send', id);
    expect(sendRow!.actorName).toBe(content.userName);
    expect((sendRow!.after as any).status).toBe('sent');
  });

  it("only one agent's players when the broadcast names the agent", async () => {
    const id = await create({ ...TEXTS, agent_code: 'AGENT2BC' });
    await call('POST', `/broadcasts/${id}/preview`, content.token, { chat_id: 42 });
    await call('POST', `/broadcasts/${id}/send`, content.token, {});
    expect((await rowsOf(id)).map((r) => r.userId)).toEqual([linked.otherAgent!.id]);
  });

  it('progress and failures are read from the outbox as the sender marks it', async () => {
    const id = await create({ ...TEXTS, image: `/assets/media/${'a'.repeat(64)}.png` });
    await call('POST', `/broadcasts/${id}/preview`, content.token, { chat_id: 42 });
    await call('POST', `/broadcasts/${id}/send`, content.token, {});
    const rows = await rowsOf(id);
    expect(rows.every((r) => r.photo === `${PUBLIC_URL}/assets/media/${'a'.repeat(64)}.png`)).toBe(true);
    const db = server.database.db;
    await db.update(telegramOutbox).set({ status: 'sent' }).where(eq(telegramOutbox.id, rows[0]!.id));
    await db.update(telegramOutbox).set({ status: 'dropped', lastError: 'Forbidden: bot was blocked by the user' }).where(eq(telegramOutbox.id, rows[1]!.id));
    const read = await call('GET', `/broadcasts/${id}`, content.token);
    expect(read.body.data.progress).toMatchObject({ total: 3, queued: 1, sent: 1, failed: 1 });
    expect(read.body.data.progress.failures).toEqual([{ user_id: rows[1]!.userId, user_name: expect.any(String), status: 'dropped', error: 'Forbidden: bot was blocked by the user' }]);
    const list = await call('GET', '/broadcasts', content.token);
    expect(list.body.data).toMatchObject({ current_page: 1, per_page: 10 });
    expect(list.body.data.data[0]).toMatchObject({ id, created_by: expect.any(String), progress: { total: 3, queued: 1, sent: 1, failed: 1 } });
    expect(list.body.data.data.map((b: any) => b.id), 'newest first').toEqual([...list.body.data.data.map((b: any) => b.id)].sort((a: number, b: number) => b - a));
  });

  it('a cashier may not broadcast; the owner may', async () => {
    expect((await call('POST', '/broadcasts', cashier.token, TEXTS)).status).toBe(403);
    expect((await call('GET', '/broadcasts', cashier.token)).status).toBe(403);
    await create(TEXTS, ADMIN_TOKEN);
  });

  describe('daily 2D results to subscribers', () => {
    it('queued in the confirmation itself, once per subscriber, in their language', async () => {
      const db = server.database.db;
      await db.update(notificationPreferences).set({ twoDResults: true }).where(eq(notificationPreferences.userId, linked.burmese!.id));
      await db.update(notificationPreferences).set({ twoDResults: true }).where(eq(notificationPreferences.userId, linked.thai!.id));
      const confirm = await server.call('POST', '/api/admin/two-d/results', {
        token: ADMIN_TOKEN,
        body: { date: '2026-01-02', session: 'morning', set_index: '1346.23', value: '57388.58', confirm: true },
      });
      expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
      const digest = await db.select().from(telegramOutbox).where(eq(telegramOutbox.kind, 'two_d_results')).orderBy(asc(telegramOutbox.userId));
      expect(digest.map((r) => r.userId)).toEqual([linked.burmese!.id, linked.thai!.id]);
      expect(digest[0]!.text).toMatch(/[\u1000-\u109F]/);
      expect(digest[1]!.text).toMatch(/[\u0E00-\u0E7F]/);
      expect(digest.every((r) => r.text.includes('38') && r.text.includes('1,346.23') && r.button?.page === '2d' && r.priority === 1)).toBe(true);
      // Confirming again changes nothing and queues nothing more.
      await server.call('POST', '/api/admin/two-d/results', { token: ADMIN_TOKEN, body: { date: '2026-01-02', session: 'morning', confirm: true } });
      expect(await db.select().from(telegramOutbox).where(eq(telegramOutbox.kind, 'two_d_results'))).toHaveLength(2);
    });

    it('a confirmation that rolls back queues nothing', async () => {
      const db = server.database.db;
      const digest = resultsDigest({ TELEGRAM_BOT_TOKEN: BOT })!;
      const failing: ConfirmedHook = async (tx, result) => {
        await digest(tx, result);
        throw new Error('the settlement failed');
      };
      const figures = { setIndex: '1350.41', value: '60000.17', twod: '17' };
      await expect(setResult(db, { date: '2026-01-06', session: 'morning', figures, status: 'confirmed', source: 'operator', actor: 'test' }, clock.now(), failing)).rejects.toThrow('the settlement failed');
      expect(await db.select().from(telegramOutbox).where(eq(telegramOutbox.dedupeKey, `two_d_results:2026-01-06:morning:17:${linked.burmese!.id}`))).toEqual([]);
    });
  });
});

/** The broadcast refusals over HTTP with their codes and their words in four languages (the catalogue test lists them as proven here). */
describe('broadcast refusals in four languages', () => {
  const LANGS = ['en', 'mm', 'zh', 'th'] as const;
  const words = (lng: string, code: string) => JSON.parse(readFileSync(`locales/refusals/${lng}.json`, 'utf8')).refusal[code] as string;
  let server: CashierServer;
  let off: CashierServer;
  let sentId: number;
  let draftId: number;
  let offDraft: number;
  beforeAll(async () => {
    ({ server } = await startOperatorServer('pglite', { env: { TELEGRAM_BOT_TOKEN: BOT, PUBLIC_URL } }));
    ({ server: off } = await startOperatorServer('pglite'));
    const make = async (s: CashierServer, body: Record<string, unknown>) => (await s.call('POST', '/api/admin/broadcasts', { token: ADMIN_TOKEN, body })).body.data.id as number;
    sentId = await make(server, TEXTS);
    await server.call('POST', `/api/admin/broadcasts/${sentId}/preview`, { token: ADMIN_TOKEN, body: { chat_id: 42 } });
    await server.call('POST', `/api/admin/broadcasts/${sentId}/send`, { token: ADMIN_TOKEN, body: {} });
    draftId = await make(server, TEXTS);
    offDraft = await make(off, TEXTS);
  });
  afterAll(async () => {
    await server?.close();
    await off?.close();
  });

  it.each(LANGS)('%s', async (lng) => {
    const headers = { 'x-lang': lng };
    const as = (s: CashierServer, method: string, path: string, body?: unknown) => s.call(method, `/api/admin${path}`, { token: ADMIN_TOKEN, headers, body });
    const expectRefusal = (res: Awaited<ReturnType<typeof as>>, status: number, code: string) =>
      expect([res.status, res.refusal?.code, res.body.message]).toEqual([status, code, words(lng, code)]);
    expectRefusal(await as(server, 'GET', '/broadcasts/999999'), 404, 'broadcast.not_found');
    expectRefusal(await as(server, 'POST', `/broadcasts/${sentId}/send`, {}), 400, 'broadcast.already_sent');
    expectRefusal(await as(server, 'POST', `/broadcasts/${draftId}/send`, {}), 400, 'broadcast.preview_first');
    expectRefusal(await as(off, 'POST', `/broadcasts/${offDraft}/preview`, { chat_id: 42 }), 409, 'broadcast.bot_off');
    const noAgent = await as(server, 'POST', '/broadcasts', { ...TEXTS, agent_code: 'NOBODY_HERE' });
    expect([noAgent.status, noAgent.body.errors.agent_code[0]]).toEqual([422, words(lng, 'broadcast.no_agent')]);
    const both = await as(server, 'POST', '/broadcasts', { ...TEXTS, ...BUTTON, button_url: 'https://example.com' });
    expect([both.status, both.body.errors.button_url[0]]).toEqual([422, words(lng, 'broadcast.button_target')]);
  });
});
