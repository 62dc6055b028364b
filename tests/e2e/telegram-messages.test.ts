import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_USER_NAME } from '../../server/db/seed';
import { notificationPreferences, telegramOutbox, users } from '../../server/db/schema';
import { OUTBOX_CHANNEL } from '../../server/domain/telegram/outbox';
import { startTelegramSender, type Sender } from '../../server/domain/telegram/sender';
import { grammyTransport } from '../../server/domain/telegram/transport';
import { manualClock } from '../../server/lib/clock';
import { startBotApiStandIn, type BotApiStandIn } from '../support/bot-api-stand-in';
import { enrolOperator, signInToConsole, type ConsoleOperator } from './support/console';
import { DESKTOP, PHONE, loginDemo, startHarness, type Harness } from './support/harness';

const ADMIN_TOKEN = 'e2e-admin-token-telegram-messages';
const BOT_TOKEN = '7000000004:AAH-e2e-telegram-messages';
const MINI_APP = 'https://play.example.com';
const CHAT = 5_550_001;
const SHOTS = '/tmp/shots-c';

/**
 * Issue 29 in the browser: a Telegram-linked player's deposit is approved in the console → the
 * stand-in Bot API receives the Burmese message with the Mini App button; the player turns deposit
 * messages off in the profile → the next approval sends none.
 */
describe('Telegram messages: a console approval reaches the player in Telegram', () => {
  let h: Harness;
  let stand: BotApiStandIn;
  let sender: Sender;
  let operator: ConsoleOperator;
  const clock = manualClock('2026-11-23T03:30:00Z');

  beforeAll(async () => {
    stand = await startBotApiStandIn({ limits: { global: 30, perChat: 1 } });
    h = await startHarness({ ADMIN_TOKEN, TELEGRAM_BOT_TOKEN: BOT_TOKEN, TELEGRAM_API_BASE: stand.url, PUBLIC_URL: MINI_APP }, clock);
    const db = h.server.database.db;
    // The demo player signed in with Telegram once (their Telegram speaks Burmese): linked.
    const [player] = await db.update(users).set({ telegramId: CHAT }).where(eq(users.userName, DEMO_USER_NAME)).returning({ id: users.id });
    await db.insert(notificationPreferences).values({ userId: player!.id, telegramLanguage: 'mm' }).onConflictDoUpdate({ target: notificationPreferences.userId, set: { telegramLanguage: 'mm' } });
    sender = startTelegramSender({
      db,
      wake: h.server.database.channel(OUTBOX_CHANNEL),
      transport: grammyTransport({ base: stand.url, token: BOT_TOKEN, appUrl: MINI_APP }),
      pollMs: 200,
    });
    operator = await enrolOperator(h, clock, ADMIN_TOKEN, { user_name: 'cashier1', role: 'owner' });
  });
  afterAll(async () => {
    await sender?.stop();
    await h?.close();
    await stand?.close();
  });

  async function pendingDeposit(token: string, amount: number, reference: string): Promise<number> {
    const banks = (await h.server.call('GET', '/api/banks', { token })).body.data as { id: number }[];
    const res = await h.server.call('POST', '/api/depositfinicial', { token, body: { agent_payment_type_id: banks[0]!.id, amount, refrence_no: reference } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id as number;
  }

  async function approveInConsole(desk: Page, id: number) {
    await desk.getByRole('link', { name: 'Cashier' }).click();
    await desk.getByRole('option', { name: new RegExp(`#${id} · ${DEMO_USER_NAME}`) }).click();
    await desk.keyboard.press('a');
    await desk.getByRole('alertdialog', { name: `Approve request #${id}?` }).waitFor();
    await desk.keyboard.press('Enter');
    await desk.getByText(`Request #${id} approved.`).waitFor();
  }

  it('approval → the Burmese message with the Mini App button; deposits turned off in the profile → the next approval sends nothing', async () => {
    const { page: player } = await h.newPage({ viewport: PHONE, lan: 'mm' });
    await loginDemo(player, DEMO_USER_NAME, DEMO_PASSWORD);
    const token = (await player.evaluate(() => localStorage.getItem('token')))!;
    const { page: desk } = await h.newPage({ viewport: DESKTOP });
    await signInToConsole(desk, clock, operator);

    const first = await pendingDeposit(token, 7000, '620011');
    await approveInConsole(desk, first);
    await expect.poll(() => stand.delivered.filter((d) => d.chatId === CHAT).length, { timeout: 15_000 }).toBe(1);
    const message = stand.delivered.find((d) => d.chatId === CHAT)!;
    expect(message.text).toMatch(/^✅ ငွေသွင်းမှု အတည်ပြုပြီးပါပြီ — 7,000\.00 ကျပ်/);
    expect(message.text).toContain('ဂိမ်းလက်ကျန်ငွေ အသစ် — 57,000.00 ကျပ်');
    const button = message.replyMarkup.inline_keyboard[0][0];
    expect(button.text).toBe('ပိုက်ဆံအိတ် ဖွင့်ရန်');
    expect(new URL(button.web_app.url).origin).toBe(MINI_APP);
    expect(new URL(button.web_app.url).searchParams.get('startapp')).toBe('wallet');

    // The player turns deposit messages off in the profile (in Burmese).
    await player.goto('/information?tab=profile');
    const card = player.getByTestId('notifications-card');
    const deposits = card.getByTestId('notify-deposit');
    await expect.poll(() => deposits.getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => card.getByTestId('notify-security').isDisabled()).toBe(true);
    await shots(player, 'notifications');
    await deposits.click();
    await expect.poll(() => deposits.getAttribute('aria-checked')).toBe('false');
    await expect.poll(async () => (await h.server.call('GET', '/api/notifications', { token })).body.data.kinds.deposit).toBe(false);

    const second = await pendingDeposit(token, 3000, '620012');
    await approveInConsole(desk, second);
    const queued = await h.server.database.db.select().from(telegramOutbox).where(eq(telegramOutbox.dedupeKey, `deposit:${second}:approved`));
    expect(queued).toEqual([]);
    await new Promise((r) => setTimeout(r, 1500));
    expect(stand.delivered.filter((d) => d.chatId === CHAT)).toHaveLength(1);
  });

  /** The profile's section at phone and desktop size, in each language, for a person to look at. */
  async function shots(page: Page, name: string) {
    mkdirSync(SHOTS, { recursive: true });
    const card = page.getByTestId('notifications-card');
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      for (const lang of ['en', 'mm', 'zh', 'th']) {
        await page.evaluate((l) => localStorage.setItem('lan', l), lang);
        await page.reload();
        await card.getByTestId('notify-deposit').waitFor();
        await page.evaluate(() => document.fonts.ready);
        await card.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/${name}-${viewport.width}-${lang}.png`, fullPage: false });
      }
    }
    await page.evaluate(() => localStorage.setItem('lan', 'mm'));
    await page.setViewportSize(PHONE);
    await page.reload();
    await card.getByTestId('notify-deposit').waitFor();
  }
});
