import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGS } from '../../server/routes/content/lang';
import { BANNER_WORDS, POPUP_WORDS, PROMOTION_WORDS, emWidth, fitSize } from '../../server/routes/art/promo-text';
import { escapeXml } from '../../server/routes/art/svg';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The words on the generated banners, pop-up and promotion cards come in the asked language
 * (`?lang=`), and a logged-in player's banner (`?for=player`) never asks them to join.
 */
describe('generated art in the player’s language', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(() => server?.close());

  const svg = async (path: string) => {
    const res = await fetch(server.url + path);
    expect(res.status, path).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    return { body: await res.text(), etag: res.headers.get('etag') };
  };

  const tables = [
    ['banner', BANNER_WORDS],
    ['popup', POPUP_WORDS],
    ['promotion', PROMOTION_WORDS],
  ] as const;

  it('draws every design in every language with that language’s words and none of another’s', async () => {
    for (const [kind, table] of tables) {
      for (const [i, design] of table.entries()) {
        for (const lang of LANGS) {
          const { body } = await svg(`/assets/art/${kind}/${i + 1}.svg?lang=${lang}`);
          const words = design[lang];
          for (const text of [words.kicker, words.big, words.sub, words.cta]) expect(body, `${kind} ${i + 1} ${lang}`).toContain(escapeXml(text));
          for (const other of LANGS.filter((l) => l !== lang)) {
            if (design[other].kicker !== words.kicker) expect(body, `${kind} ${i + 1} ${lang} has ${other}`).not.toContain(escapeXml(design[other].kicker));
          }
        }
      }
    }
  });

  it('amounts in the art carry the language’s currency word', async () => {
    expect((await svg('/assets/art/banner/3.svg?lang=mm')).body).toContain('5,000,000 ကျပ်');
    expect((await svg('/assets/art/promotion/4.svg?lang=zh')).body).toContain('10,000 缅元');
    expect((await svg('/assets/art/popup/1.svg?lang=th')).body).toContain('100,000 จ๊าด');
    expect((await svg('/assets/art/banner/3.svg?lang=en')).body).toContain('5,000,000 Ks');
  });

  it('is English without ?lang= or with one it does not know, and each language is its own cacheable variant', async () => {
    const plain = await svg('/assets/art/banner/1.svg');
    expect(plain.body).toContain('WELCOME BONUS');
    expect((await svg('/assets/art/banner/1.svg?lang=xx')).body).toBe(plain.body);
    const burmese = await svg('/assets/art/banner/1.svg?lang=mm');
    expect(burmese.etag).not.toBe(plain.etag);
    expect(burmese.body).toContain("'Noto Sans Myanmar'");
  });

  it('tells a guest to join, and a logged-in player never, in any language', async () => {
    expect((await svg('/assets/art/banner/1.svg?lang=en')).body).toContain('JOIN NOW');
    for (const lang of LANGS) {
      for (const [i, design] of BANNER_WORDS.entries()) {
        const player = (await svg(`/assets/art/banner/${i + 1}.svg?lang=${lang}&for=player`)).body;
        // Every guest-only call to action (one a player variant replaces) is absent for players.
        for (const words of BANNER_WORDS.flatMap((d) => Object.values(d)).filter((w) => w.playerCta)) {
          expect(player, `banner ${i + 1} ${lang}`).not.toContain(`>${escapeXml(words.cta)}<`);
        }
        expect(player).toContain(escapeXml(design[lang].playerCta ?? design[lang].cta));
      }
    }
    expect((await svg('/assets/art/banner/1.svg?lang=mm&for=player')).body).toContain('ငွေဖြည့်ပါ');
  });
});

describe('fitting words into the art', () => {
  it('shrinks a line that would run past its box and leaves a short one alone', () => {
    expect(fitSize('100%', 136, 700)).toBe(136);
    const long = 'အပတ်စဉ် စလော့ ပြန်အမ်းငွေ';
    expect(fitSize(long, 30, 330)).toBeLessThan(30);
    expect(fitSize(long, 30, 330) * emWidth(long)).toBeLessThanOrEqual(330.0001);
  });

  it('counts stacked Burmese and Thai marks as no width, CJK as square', () => {
    expect(emWidth('ကို')).toBe(emWidth('က'));
    expect(emWidth('ที่')).toBe(emWidth('ท'));
    expect(emWidth('缅元')).toBe(2);
  });
});
