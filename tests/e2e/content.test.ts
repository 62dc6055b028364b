import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginDemo, PHONE, snap, startHarness, type Harness } from './support/harness';
import { DEMO_PASSWORD, DEMO_USER_NAME } from '../../server/db/seed';

const ADMIN_TOKEN = 'e2e-admin-token-0123456789';

/**
 * Managed content in Chromium against the real server: an operator edits a promotion through the
 * admin API and a player sees it on /promotion at once (Learn More → Claim Offer → /contact);
 * /ads-video autoplays the demo videos muted; on /reels only the reel that is (at least 90%)
 * visible plays, and scrolling hands playback to the next one.
 */
describe('content journey in the browser', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ ADMIN_TOKEN });
  });
  afterAll(() => h?.close());

  const admin = (path: string, init: RequestInit = {}) =>
    fetch(`${h.server.url}/api/admin${path}`, {
      ...init,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, accept: 'application/json', 'content-type': 'application/json', ...init.headers },
    });

  it('shows an operator-edited promotion, and claims it through a contact channel', async () => {
    const { page } = await h.newPage({ viewport: PHONE });
    await page.goto('/promotion');
    const cards = page.getByRole('button', { name: /Learn More/ });
    await expect.poll(() => cards.count()).toBeGreaterThan(1);

    // The operator renames the first promotion and moves it last.
    const list = (await (await admin('/content/promotions')).json()) as { data: Array<{ id: number }> };
    const first = list.data[0]!;
    const edited = await admin(`/content/promotions/${first.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ title_en: 'Thingyan Splash Bonus', description_en: 'Deposit during the water festival and get 30% extra.' }),
    });
    expect(edited.status).toBe(200);
    const ids = [...list.data.slice(1).map((p) => p.id), first.id];
    expect((await admin('/content/promotions/order', { method: 'POST', body: JSON.stringify({ ids }) })).status).toBe(200);

    await page.reload();
    // The edit and the new order show on the next visit (the browser revalidates managed content).
    const titles = page.locator('main article h2');
    // (Polled as a whole: the server's first screen is swapped for the app's, which may show its
    // placeholders for a moment when the machine is slow.)
    await expect.poll(async () => (await titles.allTextContents()).at(-1)).toBe('Thingyan Splash Bonus');
    await snap(page, 'content-promotion-edited-phone-en');

    await page.getByRole('button', { name: 'Learn More: Thingyan Splash Bonus' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Deposit during the water festival and get 30% extra.').waitFor();
    await dialog.getByRole('button', { name: 'Claim Offer' }).click();
    await page.waitForURL(/\/contact/);
    await page.getByText('Thingyan Splash Bonus').first().waitFor();
    await expect.poll(() => page.locator('main a[target="_blank"]').count()).toBeGreaterThanOrEqual(4);
    const hrefs = await page.locator('main a[target="_blank"]').evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    expect(hrefs.some((href) => href!.startsWith('https://t.me/'))).toBe(true);
    await snap(page, 'content-contact-phone-en');
  });

  it('autoplays the ads muted and plays only the visible reel', async () => {
    const { page } = await h.newPage({ viewport: PHONE });
    await loginDemo(page, DEMO_USER_NAME, DEMO_PASSWORD);
    await page.goto('/ads-video');
    const ads = page.getByTestId('ad-video');
    await expect.poll(() => ads.count()).toBe(4);
    await page.getByText('Promotion Video 1').waitFor();
    const first = ads.first();
    await expect.poll(() => first.evaluate((v: HTMLVideoElement) => v.muted && v.loop && !v.paused && v.currentTime > 0), { timeout: 10_000 }).toBe(true);
    await snap(page, 'content-ads-video-phone-en');

    await page.goto('/reels');
    const reels = page.getByTestId('reel-video');
    await expect.poll(() => reels.count()).toBe(4);
    const playing = () => reels.evaluateAll((els) => els.map((v) => !(v as HTMLVideoElement).paused));
    const states = () => reels.evaluateAll((els) => els.map((v) => v.getAttribute('data-state')));
    await expect.poll(playing, { timeout: 10_000 }).toEqual([true, false, false, false]);
    expect(await states()).toEqual(['playing', 'paused', 'paused', 'paused']);
    await snap(page, 'content-reels-first-phone-en');

    // Swiping to the next reel hands playback over.
    await reels.nth(1).evaluate((v) => v.scrollIntoView({ block: 'center', behavior: 'instant' as ScrollBehavior }));
    await expect.poll(playing, { timeout: 10_000 }).toEqual([false, true, false, false]);
    expect(await states()).toEqual(['paused', 'playing', 'paused', 'paused']);
  });
});
