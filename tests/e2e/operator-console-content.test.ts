import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../server/lib/clock';
import { enrolOperator, signInToConsole, type ConsoleOperator } from './support/console';
import { DESKTOP, PHONE, startHarness, type Harness } from './support/harness';

const ADMIN_TOKEN = 'e2e-content-admin-token-0123456789';
const OPERATOR = { user_name: 'khin', display_name: 'Daw Khin', password: 'khin-content-2026' };
const BANNER_TITLE = { en: 'Grand opening week', mm: 'ဖွင့်ပွဲ အပတ် ဆုကြေးများ' };
const MARQUEE_MM = 'ယနေ့ ငွေသွင်းသူတိုင်း ဘောနပ်စ် ရယူနိုင်ပါသည်';
const SHOTS = '/work/notes/shots/content';
const TABLET = { width: 820, height: 1180 };
/** Text as a person reads it: the word joiners the site puts into Burmese (decision 0011) removed. */
const plain = (text: string) => text.replace(/[\u200b-\u200d\u2060]/g, '');

/**
 * The console's Content screen in Chromium against the real server, as a content operator: a
 * banner image is uploaded (previewed before it is saved), saved with a Burmese title and moved
 * first by dragging; a player in another context sees it first on the home carousel. The marquee
 * text is edited in Burmese and the player reads it in Burmese; a promotion is hidden and leaves
 * the player's /promotion. Refusals (a PDF, SVG bytes named .png) and a confirmed delete too.
 */
describe('operator console: content', () => {
  let h: Harness;
  const clock = manualClock('2026-11-23T03:30:00Z');
  let op: ConsoleOperator;
  const api = (method: string, path: string, body?: unknown) => h.server.call(method, `/api/admin${path}`, { token: ADMIN_TOKEN, body });

  beforeAll(async () => {
    h = await startHarness({ ADMIN_TOKEN }, clock);
    op = await enrolOperator(h, clock, ADMIN_TOKEN, { ...OPERATOR, role: 'content' });
  });
  afterAll(() => h?.close());

  /** A 1200×400 banner picture, drawn by Chromium. */
  async function bannerPng(): Promise<Buffer> {
    const maker = await h.browser.newPage({ viewport: { width: 1200, height: 400 } });
    await maker.setContent(
      `<body style="margin:0;background:linear-gradient(90deg,#5b2be0,#e0338b);font:bold 80px sans-serif;color:#fff;display:flex;align-items:center;justify-content:center;height:100vh">GRAND OPENING</body>`,
    );
    const png = await maker.screenshot();
    await maker.close();
    return png;
  }

  const ids = async (kind: string) => ((await api('GET', `/content/${kind}`)).body.data as { id: number }[]).map((r) => r.id);

  beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

  it('uploads, previews, saves, reorders, edits the marquee in Burmese and hides a promotion; the player sees each', async () => {
    const { page: desk } = await h.newPage({ viewport: DESKTOP });
    await signInToConsole(desk, clock, op);
    await desk.getByRole('link', { name: 'Content' }).click();
    await desk.getByRole('tab', { name: 'Banners', selected: true }).waitFor();
    const bannersBefore = await ids('banners');
    expect(bannersBefore.length).toBeGreaterThan(1);

    // A new banner: a PDF is refused on the spot (nothing sent), SVG bytes named .png by the server.
    await desk.getByRole('button', { name: 'Add new' }).click();
    await desk.getByRole('form', { name: 'New: Banners' }).waitFor();
    // Saved, the same form is headed "Banners #<id>".
    const editor = desk.locator('form.kc-cm-editor');
    const file = editor.locator('input[type="file"][name="image"]');
    await file.setInputFiles({ name: 'terms.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n') });
    await editor.getByText('This file is not a PNG, JPEG, WebP or GIF image.').waitFor();
    await desk.screenshot({ path: `${SHOTS}/banner-refused-pdf-en.png`, fullPage: true });
    await file.setInputFiles({ name: 'sneaky.png', mimeType: 'image/png', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="9" height="9"/></svg>') });
    await editor.getByText('The file must be a PNG, JPEG, WebP or GIF image, or an MP4 or WebM video.').waitFor();

    // The real picture: previewed before the row is saved, from the stored URL once uploaded.
    await file.setInputFiles({ name: 'grand-opening.png', mimeType: 'image/png', buffer: await bannerPng() });
    const preview = editor.getByRole('img', { name: 'Preview: Image' });
    await expect.poll(() => preview.getAttribute('src')).toMatch(/^\/assets\/media\/[0-9a-f]{64}\.png$/);
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);
    await editor.getByText('grand-opening.png').waitFor();
    await editor.getByText('PNG, JPEG, WebP or GIF, up to 2 MB.').waitFor();
    expect(await ids('banners'), 'nothing is saved before Save').toEqual(bannersBefore);
    const url = (await preview.getAttribute('src'))!;
    await desk.screenshot({ path: `${SHOTS}/banner-upload-preview-en.png`, fullPage: true });

    await editor.getByRole('textbox', { name: 'Title in English' }).fill(BANNER_TITLE.en);
    await editor.getByRole('textbox', { name: 'Title in မြန်မာ' }).fill(BANNER_TITLE.mm);
    expect(await editor.getByRole('textbox', { name: 'Title in မြန်မာ' }).getAttribute('lang')).toBe('my');
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await editor.getByText('Saved.', { exact: true }).waitFor();
    const bannersAfter = await ids('banners');
    const newId = bannersAfter.find((id) => !bannersBefore.includes(id))!;
    expect(bannersAfter.at(-1)).toBe(newId);
    const row = (await api('GET', `/content/banners/${newId}`)).body.data;
    expect(row).toMatchObject({ img_url: url, title: { en: BANNER_TITLE.en, mm: BANNER_TITLE.mm }, status: 1 });

    // Dragged to the top of the list: the order is saved.
    const newRow = desk.getByTestId(`content-row-${newId}`);
    await newRow.waitFor();
    await newRow.dragTo(desk.getByTestId(`content-row-${bannersBefore[0]}`));
    await desk.getByText('Order saved.').waitFor();
    await expect.poll(() => ids('banners')).toEqual([newId, ...bannersBefore]);

    // The player (Burmese) sees it first on the home carousel, titled in Burmese.
    const { page: player } = await h.newPage({ viewport: DESKTOP, lan: 'mm' });
    await player.goto('/');
    const firstSlide = player.locator('[aria-roledescription="slide"]').first().locator('img');
    await expect.poll(async () => new URL((await firstSlide.getAttribute('src')) ?? '/', h.server.url).pathname, { timeout: 7000 }).toBe(url);
    await expect.poll(() => firstSlide.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);
    expect(plain((await firstSlide.getAttribute('alt')) ?? '')).toBe(BANNER_TITLE.mm);

    // Keyboard: the new banner's ↓ button moves it back to second place.
    await desk.getByRole('button', { name: `Move #${newId} down` }).focus();
    await desk.keyboard.press('Enter');
    await expect.poll(() => ids('banners')).toEqual([bannersBefore[0], newId, ...bannersBefore.slice(1)]);

    // The marquee text in Burmese: the player reads it in Burmese.
    await desk.getByRole('tab', { name: 'Marquee texts' }).click();
    const marqueeEditor = desk.getByRole('form', { name: /^Marquee texts · #\d+$/ });
    await marqueeEditor.getByRole('textbox', { name: 'Text in မြန်မာ' }).fill(MARQUEE_MM);
    await marqueeEditor.getByRole('button', { name: 'Save', exact: true }).click();
    await marqueeEditor.getByText('Saved.', { exact: true }).waitFor();
    await player.goto('/');
    await expect.poll(async () => plain(await player.getByTestId('marquee').innerText()), { timeout: 7000 }).toContain(MARQUEE_MM);

    // Hide the first promotion: it leaves the player's /promotion.
    const promotions = (await api('GET', '/content/promotions')).body.data as { id: number; title: { en: string } }[];
    const hidden = promotions[0]!;
    await player.evaluate(() => localStorage.setItem('lan', 'en'));
    await player.goto('/promotion');
    await player.getByText(hidden.title.en).first().waitFor();
    await desk.getByRole('tab', { name: 'Promotions' }).click();
    await desk.getByRole('button', { name: `Hide #${hidden.id} from players` }).click();
    await desk.getByText(`#${hidden.id} is hidden from players.`).waitFor();
    await desk.getByRole('button', { name: `Show #${hidden.id} to players` }).waitFor();
    await player.goto('/promotion');
    await player.getByText(promotions[1]!.title.en).first().waitFor();
    expect(await player.getByText(hidden.title.en).count()).toBe(0);

    // Deleting asks first: Cancel keeps the row, Delete removes it.
    await desk.getByRole('tab', { name: 'Contacts' }).click();
    const contacts = await ids('contacts');
    const doomed = contacts.at(-1)!;
    await desk.getByRole('button', { name: `Delete #${doomed}` }).click();
    const dialog = desk.getByRole('alertdialog');
    await dialog.getByText('Players will no longer see it. This cannot be undone.').waitFor();
    await desk.screenshot({ path: `${SHOTS}/contact-delete-confirm-en.png` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await ids('contacts')).toEqual(contacts);
    await desk.getByRole('button', { name: `Delete #${doomed}` }).click();
    await desk.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await desk.getByText(`#${doomed} deleted.`).waitFor();
    expect(await ids('contacts')).toEqual(contacts.slice(0, -1));
  });

  it('every kind: list and editor at 1280×800 and 820×1180, in English and Burmese, without sideways scrolling', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const { page: desk } = await h.newPage({ viewport: DESKTOP });
    await signInToConsole(desk, clock, op);
    await desk.getByRole('link', { name: 'Content' }).click();
    const tabs = desk.getByRole('tab');
    await tabs.first().waitFor();
    const kinds = ['banners', 'banner-texts', 'popup-ads', 'promotions', 'contacts', 'video-ads'];
    expect(await tabs.count()).toBe(kinds.length);
    for (const lang of ['en', 'mm'] as const) {
      await desk.locator('select[aria-label]').first().selectOption(lang);
      await desk.waitForFunction((l) => document.documentElement.lang === (l === 'mm' ? 'my' : 'en'), lang);
      for (const [i, kind] of kinds.entries()) {
        await tabs.nth(i).click();
        await desk.locator('form.kc-cm-editor').waitFor();
        for (const [name, size] of [['desktop', DESKTOP], ['tablet', TABLET]] as const) {
          await desk.setViewportSize(size);
          await desk.evaluate(() => document.fonts.ready);
          await desk.waitForTimeout(200);
          await desk.screenshot({ path: `${SHOTS}/${kind}-${name}-${lang}.png`, fullPage: true });
          const overflow = await desk.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow, `${kind} ${name} ${lang}: no sideways scrolling`).toBeLessThanOrEqual(0);
        }
        await desk.setViewportSize(DESKTOP);
      }
      // The Burmese page shows no raw keys.
      expect(await desk.locator('body').innerText()).not.toMatch(/admin\.content[A-Z]/);
    }
  });

  it("a pop-up ad's https link, set in the console: the player's button opens it in a new window (English and Burmese, 390x844); a site route opens in place", async () => {
    const PROMO_URL = 'https://promo.kyatplay.example/dashain?from=popup';
    const { page: desk } = await h.newPage({ viewport: DESKTOP });
    await signInToConsole(desk, clock, op);
    await desk.getByRole('link', { name: 'Content' }).click();
    await desk.getByRole('tab', { name: 'Pop-up ads' }).click();
    const [ad] = await ids('popup-ads');
    const setLink = async (link: string) => {
      await desk.getByTestId(`content-row-${ad}`).locator('.kc-cm-pick').click();
      const editor = desk.locator('form.kc-cm-editor');
      const field = editor.getByRole('textbox', { name: /^Button goes to/ });
      await field.fill(link);
      await editor.getByRole('button', { name: 'Save', exact: true }).click();
      await editor.getByText('Saved.', { exact: true }).waitFor();
      expect((await api('GET', `/content/popup-ads/${ad}`)).body.data.link).toBe(link);
    };
    await setLink(PROMO_URL);

    /** A visitor's browser with nothing remembered, so the ad is due; the outside site answers from here. */
    const visitor = async (lan: 'en' | 'mm') => {
      const context = await h.browser.newContext({ viewport: PHONE, baseURL: h.server.url });
      await context.addInitScript((l) => localStorage.setItem('lan', l), lan);
      await context.route('https://promo.kyatplay.example/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Dashain</title><p>promo</p>' }));
      const page = await context.newPage();
      await page.goto('/?type=all');
      const follow = page.getByTestId('popup-follow');
      await follow.waitFor({ timeout: 20_000 });
      return { context, page, follow };
    };
    for (const lan of ['en', 'mm'] as const) {
      const { context, page, follow } = await visitor(lan);
      expect(plain((await follow.textContent()) ?? '')).toBe(lan === 'en' ? 'Open' : 'ဖွင့်မည်');
      await page.waitForTimeout(400); // past the sheet's pop-in
      await page.screenshot({ path: `${SHOTS}/popup-https-phone-${lan}.png` });
      const [opened] = await Promise.all([context.waitForEvent('page'), follow.click()]);
      await opened.waitForLoadState('domcontentloaded');
      expect(opened.url(), 'the https link opens in a new window').toBe(PROMO_URL);
      expect(new URL(page.url()).pathname, 'the site stays where it was').toBe('/');
      await expect.poll(() => page.locator('[role="dialog"]').count()).toBe(0);
      await context.close();
    }

    // A page of the site instead: the same button goes there in place, no new window.
    await setLink('/promotion');
    const { context, page, follow } = await visitor('en');
    let windows = 0;
    context.on('page', () => (windows += 1));
    await follow.click();
    await page.waitForURL(/\/promotion$/);
    expect(windows).toBe(0);
    await context.close();
  });
});

