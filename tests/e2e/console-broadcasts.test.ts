import { mkdirSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { agents, notificationPreferences, telegramBroadcasts, telegramOutbox, users } from '../../server/db/schema';
import { createBroadcast } from '../../server/domain/telegram/broadcasts';
import { OUTBOX_CHANNEL } from '../../server/domain/telegram/outbox';
import { startTelegramSender, type Sender } from '../../server/domain/telegram/sender';
import { grammyTransport } from '../../server/domain/telegram/transport';
import { manualClock } from '../../server/lib/clock';
import { registerPlayer } from '../server/accounts-helpers';
import { startBotApiStandIn, type BotApiStandIn } from '../support/bot-api-stand-in';
import { enrolOperator, signInToConsole, type ConsoleOperator } from './support/console';
import { DESKTOP, PHONE, startHarness, type Harness } from './support/harness';

const ADMIN_TOKEN = 'e2e-admin-token-broadcasts-0123';
const BOT_TOKEN = '7000000005:AAH-e2e-console-broadcasts';
const PUBLIC_URL = 'https://play.example.com';
const OPERATOR_CHAT = 9_990_001;
const SHOTS = process.env.KP_SHOTS ?? '/tmp/shots-d';
const TEXTS = {
  en: 'Weekend bonus: 10% on every deposit!',
  mm: 'စနေ၊ တနင်္ဂနွေ ဘောနပ်စ်- ငွေဖြည့်တိုင်း 10%!',
  zh: '周末奖金：每次充值送 10%！',
  th: 'โบนัสสุดสัปดาห์: เติมเงินทุกครั้งรับ 10%!',
};

/**
 * Issue 29 in the browser: a content operator writes a broadcast in four languages with a button
 * to the deposit page, previews it to their own chat (the stand-in Bot API receives it once per
 * language), sends it after confirming, and watches the progress live: two opted-in players
 * receive it in their languages, a third has blocked the bot and shows as a failure.
 */
describe('operator console: Telegram broadcasts', () => {
  let h: Harness;
  let stand: BotApiStandIn;
  let sender: Sender;
  let operator: ConsoleOperator;
  const clock = manualClock(new Date().toISOString());
  const chats = { burmese: 7_770_001, thai: 7_770_002, blocked: 7_770_003 };

  beforeAll(async () => {
    stand = await startBotApiStandIn({ fault: (call) => (call.body?.chat_id === chats.blocked ? { status: 403 } : undefined) });
    h = await startHarness({ ADMIN_TOKEN, TELEGRAM_BOT_TOKEN: BOT_TOKEN, TELEGRAM_API_BASE: stand.url, PUBLIC_URL }, clock);
    const db = h.server.database.db;
    for (const [name, chat] of Object.entries(chats)) {
      const p = await registerPlayer(h.server, { name: `Player ${name}` });
      await db.update(users).set({ telegramId: chat }).where(eq(users.id, p.id));
      await db.insert(notificationPreferences).values({ userId: p.id, announcements: true, language: name === 'thai' ? 'th' : 'mm' });
    }
    sender = startTelegramSender({
      db,
      wake: h.server.database.channel(OUTBOX_CHANNEL),
      transport: grammyTransport({ base: stand.url, token: BOT_TOKEN, appUrl: PUBLIC_URL }),
      pollMs: 200,
    });
    operator = await enrolOperator(h, clock, ADMIN_TOKEN, { user_name: 'nandar', display_name: 'Ma Nandar', role: 'content' });
  }, 300_000);
  afterAll(async () => {
    await sender?.stop();
    await h?.close();
    await stand?.close();
  });

  async function compose(page: Page) {
    const form = page.getByRole('form', { name: 'New broadcast' });
    await form.getByLabel('Message (English)').fill(TEXTS.en);
    await form.getByLabel('Message (မြန်မာ)').fill(TEXTS.mm);
    await form.getByLabel('Message (简体中文)').fill(TEXTS.zh);
    await form.getByLabel('Message (ไทย)').fill(TEXTS.th);
    await form.getByLabel('Button', { exact: true }).selectOption('page');
    await form.getByLabel('Page', { exact: true }).selectOption('deposit');
    await form.getByLabel('Button text (English)').fill('Deposit');
    await form.getByLabel('Button text (မြန်မာ)').fill('ငွေဖြည့်မည်');
    await form.getByLabel('Button text (简体中文)').fill('充值');
    await form.getByLabel('Button text (ไทย)').fill('เติมเงิน');
    await form.getByLabel(/chat id/).fill(String(OPERATOR_CHAT));
    return form;
  }

  it('compose in four languages → preview in my chat → send (confirmed) → live progress with the failure', async () => {
    const { page } = await h.newPage({ viewport: DESKTOP });
    await signInToConsole(page, clock, operator);
    await page.getByRole('link', { name: 'Broadcasts' }).click();
    const form = await compose(page);

    // A missing language is refused with the field named; nothing is sent anywhere.
    await form.getByLabel('Message (ไทย)').fill('');
    await form.getByRole('button', { name: 'Send me a preview' }).click();
    await form.getByText(/Thai message field is required/).waitFor();
    expect(stand.delivered).toEqual([]);
    await form.getByLabel('Message (ไทย)').fill(TEXTS.th);

    await form.getByRole('button', { name: 'Send me a preview' }).click();
    await page.getByTestId('broadcast-previewed').waitFor();
    await expect.poll(() => stand.delivered.filter((d) => d.chatId === OPERATOR_CHAT).length, { timeout: 15_000 }).toBe(4);
    const previews = stand.delivered.filter((d) => d.chatId === OPERATOR_CHAT);
    expect(previews.map((d) => d.text).sort()).toEqual(Object.values(TEXTS).sort());
    const button = previews[0]!.replyMarkup.inline_keyboard[0][0];
    expect(new URL(button.web_app.url).searchParams.get('startapp')).toBe('deposit');
    expect(stand.delivered.filter((d) => d.chatId !== OPERATOR_CHAT)).toEqual([]);
    await shots(page, 'previewed');

    await page.getByRole('button', { name: 'Send to players' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Send this broadcast?' });
    await dialog.getByText(/every player who opted in/).waitFor();
    await dialog.getByRole('button', { name: 'Send to players' }).click();

    const progress = page.getByTestId('broadcast-progress');
    await progress.waitFor();
    await expect.poll(() => progress.getByTestId('broadcast-sent').innerText(), { timeout: 20_000 }).toBe('2');
    await expect.poll(() => progress.getByTestId('broadcast-failed').innerText(), { timeout: 20_000 }).toBe('1');
    await progress.getByText('Every message has been handed to Telegram.').waitFor();
    await progress.getByText(/blocked/).waitFor();
    expect(stand.delivered.find((d) => d.chatId === chats.burmese)!.text).toBe(TEXTS.mm);
    expect(stand.delivered.find((d) => d.chatId === chats.thai)!.text).toBe(TEXTS.th);
    expect(stand.delivered.find((d) => d.chatId === chats.thai)!.replyMarkup.inline_keyboard[0][0].text).toBe('เติมเงิน');
    const audit = await h.server.call('GET', '/api/admin/audit?action=broadcast.send', { token: ADMIN_TOKEN });
    expect(JSON.stringify(audit.body)).toContain('broadcast.send');
    await shots(page, 'sent');
  }, 180_000);

  it('the list of past broadcasts: newest first, ten a page, who, to whom, the first line, and counts read live while sending', async () => {
    const db = h.server.database.db;
    const [agent] = await db.select().from(agents).limit(1);
    // Ten older drafts by another operator, then one to an agent's players still being sent (two messages waiting).
    for (let i = 1; i <= 10; i++) {
      await createBroadcast(db, { texts: { en: `Old offer ${i}\nsecond line`, mm: `ကမ်းလှမ်းချက်ဟောင်း ${i}\nဒုတိယ စာကြောင်း`, zh: `旧优惠 ${i}`, th: `ข้อเสนอเก่า ${i}` }, image: null, button: null, agentId: null }, 'thida', clock.now());
    }
    const live = await createBroadcast(db, { texts: { en: 'Agent night: double points\nTonight only', mm: 'ကိုယ်စားလှယ် ည- အမှတ်နှစ်ဆ\nယနေ့ညသာ', zh: '代理之夜：双倍积分', th: 'คืนเอเจนต์: คะแนนสองเท่า' }, image: null, button: null, agentId: agent!.id }, 'thida', clock.now());
    await db.update(telegramBroadcasts).set({ status: 'sent', queued: 2, previewedAt: clock.now(), sentAt: clock.now() }).where(eq(telegramBroadcasts.id, live.id));
    const later = new Date(Date.now() + 3_600_000);
    await db.insert(telegramOutbox).values(
      [1, 2].map((n) => ({ chatId: 7_780_000 + n, kind: 'announcement', dedupeKey: `announcement:${live.id}:e2e${n}`, text: 'Agent night', priority: 1, broadcastId: live.id, nextAttemptAt: later })),
    );

    const { page } = await h.newPage({ viewport: DESKTOP });
    await signInToConsole(page, clock, operator);
    await page.getByRole('link', { name: 'Broadcasts' }).click();
    const list = page.getByTestId('broadcast-list');
    const rows = list.getByTestId('broadcast-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(10);
    await list.getByText('Broadcasts: 12').waitFor();
    const top = rows.first();
    expect(await top.getAttribute('data-id')).toBe(String(live.id));
    await top.getByText(`Agent ${agent!.referralCode}'s players`).waitFor();
    await top.getByText('Agent night: double points', { exact: true }).waitFor();
    expect(await top.innerText()).not.toContain('Tonight only');
    await top.getByText('Sending…').waitFor();
    expect(await top.getByTestId('broadcast-row-counts').innerText()).toBe('0 sent · 0 failed · 2 waiting');
    expect(await rows.nth(1).innerText()).toContain('Draft, not sent');
    expect(await rows.nth(1).innerText()).toContain('thida');
    await shots(page, 'list');

    // Telegram takes one, refuses the other: the counts change on screen without a reload.
    const waiting = await db.select({ id: telegramOutbox.id }).from(telegramOutbox).where(eq(telegramOutbox.broadcastId, live.id)).orderBy(telegramOutbox.id);
    await db.update(telegramOutbox).set({ status: 'sent' }).where(eq(telegramOutbox.id, waiting[0]!.id));
    await db.update(telegramOutbox).set({ status: 'failed', lastError: 'Bad Request: chat not found' }).where(eq(telegramOutbox.id, waiting[1]!.id));
    await expect.poll(() => top.getByTestId('broadcast-row-counts').innerText(), { timeout: 10_000 }).toBe('1 sent · 1 failed · 0 waiting');
    await top.getByText('Sent', { exact: true }).waitFor();

    // Page 2: the broadcast composed in the first test, to everyone, by this operator.
    await list.getByRole('button', { name: 'Next' }).click();
    await list.getByText('Page 2 of 2').waitFor();
    await expect.poll(() => rows.count()).toBe(2);
    const composed = rows.last();
    await composed.getByText(TEXTS.en, { exact: true }).waitFor();
    await composed.getByText('Everyone who opted in').waitFor();
    await composed.getByText('nandar').waitFor();
    expect(await composed.getByTestId('broadcast-row-counts').innerText()).toBe('2 sent · 1 failed · 0 waiting');
    // In Burmese: the message's Burmese first line and the words.
    await page.locator('select[aria-label]').first().selectOption('mm');
    await composed.getByText(TEXTS.mm, { exact: true }).waitFor();
    await composed.getByText('ပို့ပြီး 2 · မအောင်မြင် 1 · စောင့်ဆဲ 0').waitFor();
    await page.locator('select[aria-label]').first().selectOption('en');
  }, 180_000);

  /** The screen at phone and desktop size in each language, for a person to look at; no sideways scroll. */
  async function shots(page: Page, name: string) {
    mkdirSync(SHOTS, { recursive: true });
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      for (const lang of ['en', 'mm', 'zh', 'th'] as const) {
        await page.locator('select[aria-label]').first().selectOption(lang);
        await page.waitForFunction((l) => document.documentElement.lang.startsWith(l === 'mm' ? 'my' : l), lang);
        await page.evaluate(() => document.fonts.ready);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${viewport.width} ${lang}: no sideways scroll`).toBe(true);
        await page.screenshot({ path: `${SHOTS}/broadcast-${name}-${viewport.width}-${lang}.png`, fullPage: true });
      }
    }
    await page.locator('select[aria-label]').first().selectOption('en');
    await page.setViewportSize(DESKTOP);
  }
});
