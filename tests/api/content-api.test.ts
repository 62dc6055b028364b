import { describe, expect, it } from 'vitest';
import { OK_STATUS } from '../../src/api/client';
import { contentApi } from '../../src/api/content';
import { fakeApi } from './fake-api';

const ok = (data: unknown) => ({ body: { status: OK_STATUS, message: null, data } });

describe('contentApi', () => {
  it('lists banners with images resolved against the API host', async () => {
    const { api, sent } = fakeApi(ok([{ id: 1, img_url: '/assets/banners/1.webp' }, { id: 2, img: 'https://cdn.example/2.png' }]));
    await expect(contentApi(api).banners()).resolves.toEqual([
      { id: 1, img: 'http://test/assets/banners/1.webp', title: '' },
      { id: 2, img: 'https://cdn.example/2.png', title: '' },
    ]);
    expect(sent[0]!.url).toBe('http://test/api/banner');
    const none = fakeApi(ok([]));
    await expect(contentApi(none.api).banners()).resolves.toEqual([]);
  });

  it('gives each banner its title (in the asked language) for alt text, sending ?lang=', async () => {
    const { api, sent } = fakeApi(ok([{ id: 1, img_url: '/b/1.svg', title: 'Welcome bonus' }, { id: 2, img_url: '/b/2.svg', title: { en: 'Slots', mm: 'စလော့' } }]));
    await expect(contentApi(api).banners('mm')).resolves.toEqual([
      { id: 1, img: 'http://test/b/1.svg', title: 'Welcome bonus' },
      { id: 2, img: 'http://test/b/2.svg', title: 'စလော့' },
    ]);
    expect(sent[0]!.url).toBe('http://test/api/banner?lang=mm');
  });

  it("gives the first banner text in the asked language, sending ?lang=", async () => {
    const plain = fakeApi(ok([{ id: 1, text: 'Welcome to KyatPlay' }, { id: 2, text: 'second' }]));
    await expect(contentApi(plain.api).bannerText('mm')).resolves.toBe('Welcome to KyatPlay');
    expect(plain.sent[0]!.url).toBe('http://test/api/banner_Text?lang=mm');
    const localised = fakeApi({ body: [{ id: 1, text: { en: 'Welcome', th: 'ยินดีต้อนรับ' } }] });
    await expect(contentApi(localised.api).bannerText('th')).resolves.toBe('ยินดีต้อนรับ');
    await expect(contentApi(localised.api).bannerText('zh')).resolves.toBe('Welcome');
    const none = fakeApi(ok([]));
    await expect(contentApi(none.api).bannerText('en')).resolves.toBeNull();
  });

  it("keeps an operator's Burmese syllables whole at line ends: a word joiner before each closing consonant, nothing else changed", async () => {
    const { api } = fakeApi(ok([{ id: 1, text: { en: 'Games', mm: 'ဂိမ်း ကစားပါ' } }]));
    const marquee = await contentApi(api).bannerText('mm');
    expect(marquee).toBe('ဂိ\u2060မ်း ကစားပါ');
    expect(marquee!.replaceAll('\u2060', '')).toBe('ဂိမ်း ကစားပါ');
  });

  it('reads the pop-up ad as one object (ours), the first of a list (legacy), or null', async () => {
    const ours = fakeApi(ok({ id: 4, img_url: '/assets/ads/4.webp', text: { en: 'Bonus', mm: 'ဘောနပ်' } }));
    await expect(contentApi(ours.api).popupAd('mm')).resolves.toEqual({ id: 4, img: 'http://test/assets/ads/4.webp', text: 'ဘောန\u2060ပ်', link: '' });
    expect(ours.sent[0]!.url).toBe('http://test/api/popup-ads-banner?lang=mm');
    const legacy = fakeApi(ok([{ id: 1, img_url: '/a.png', text: 'Hi' }, { id: 2, img_url: '/b.png', text: 'Later' }]));
    await expect(contentApi(legacy.api).popupAd()).resolves.toEqual({ id: 1, img: 'http://test/a.png', text: 'Hi', link: '' });
    expect(legacy.sent[0]!.url).toBe('http://test/api/popup-ads-banner');
    const none = fakeApi(ok(null));
    await expect(contentApi(none.api).popupAd()).resolves.toBeNull();
    const noImage = fakeApi(ok({ id: 5, text: 'Text only' }));
    await expect(contentApi(noImage.api).popupAd()).resolves.toEqual({ id: 5, img: '', text: 'Text only', link: '' });
  });

  it('lists promotions in the asked language from ours (titles/descriptions) and legacy plain texts, list or {data: list}', async () => {
    const ours = fakeApi(
      ok([
        {
          id: 1,
          title: 'First Deposit Bonus',
          description: 'Double your first deposit.',
          img_url: '/assets/art/promotion/1.svg',
          titles: { en: 'First Deposit Bonus', mm: 'ပထမဆုံး ငွေဖြည့် ဘောနပ်စ်' },
          descriptions: { en: 'Double your first deposit.', mm: 'ပထမဆုံး ငွေဖြည့်မှုကို နှစ်ဆ' },
        },
      ]),
    );
    await expect(contentApi(ours.api).promotions('mm')).resolves.toEqual([
      { id: 1, title: 'ပထမဆုံး ငွေဖြ\u2060ည့် ဘောန\u2060ပ်\u2060စ်', description: 'ပထမဆုံး ငွေဖြ\u2060ည့်မှုကို နှ\u2060စ်ဆ', img: 'http://test/assets/art/promotion/1.svg' },
    ]);
    expect(ours.sent[0]!.url).toBe('http://test/api/promotion?lang=mm');
    // A language the operator did not translate falls back to English.
    await expect(contentApi(ours.api).promotions('th')).resolves.toMatchObject([{ title: 'First Deposit Bonus', description: 'Double your first deposit.' }]);

    const legacyList = fakeApi({ body: [{ id: '7', title: 'Weekly rebate', description: '5% back', img: 'https://cdn.example/7.png' }] });
    await expect(contentApi(legacyList.api).promotions()).resolves.toEqual([{ id: 7, title: 'Weekly rebate', description: '5% back', img: 'https://cdn.example/7.png' }]);
    const legacyData = fakeApi({ body: { data: [{ id: 8, title: 'Refer a friend', description: '10,000 Ks', image: 'promo/8.jpg' }] } });
    await expect(contentApi(legacyData.api).promotions('en')).resolves.toEqual([{ id: 8, title: 'Refer a friend', description: '10,000 Ks', img: 'http://test/promo/8.jpg' }]);
    const none = fakeApi(ok([]));
    await expect(contentApi(none.api).promotions('en')).resolves.toEqual([]);
  });

  it('lists contact channels with `value` (ours) or `link` (legacy) and `image` or `img_url`, dropping unusable links', async () => {
    const ours = fakeApi(
      ok([
        { id: 1, name: 'viber', value: 'viber://chat?number=%2B959250123456', link: 'viber://chat?number=%2B959250123456', image: null, img_url: null },
        { id: 5, name: 'hotline', value: 'tel:+959790456123', link: 'tel:+959790456123', image: '/assets/art/contact/hotline.svg', img_url: '/assets/art/contact/hotline.svg' },
      ]),
    );
    await expect(contentApi(ours.api).contacts()).resolves.toEqual([
      { id: 1, name: 'viber', link: 'viber://chat?number=%2B959250123456', img: '' },
      { id: 5, name: 'hotline', link: 'tel:+959790456123', img: 'http://test/assets/art/contact/hotline.svg' },
    ]);
    expect(ours.sent[0]!.url).toBe('http://test/api/contact');

    const legacy = fakeApi({
      body: [
        { id: 2, name: 'Telegram', link: 'https://t.me/kyatplay_support', image: 'contact/tg.png' },
        { id: 3, name: 'line', link: 'https://line.me/R/ti/p/@kyatplay', img_url: '/contact/line.png' },
        { id: 4, name: 'evil', value: 'javascript:alert(1)' },
        { id: 6, name: 'empty', value: '' },
      ],
    });
    await expect(contentApi(legacy.api).contacts()).resolves.toEqual([
      { id: 2, name: 'Telegram', link: 'https://t.me/kyatplay_support', img: 'http://test/contact/tg.png' },
      { id: 3, name: 'line', link: 'https://line.me/R/ti/p/@kyatplay', img: 'http://test/contact/line.png' },
    ]);
    const wrapped = fakeApi({ body: { data: [{ id: 9, name: 'facebook', value: 'https://m.me/kyatplay' }] } });
    await expect(contentApi(wrapped.api).contacts()).resolves.toEqual([{ id: 9, name: 'facebook', link: 'https://m.me/kyatplay', img: '' }]);
  });

  it('lists video ads with root-relative videos and posters resolved, captions in the asked language', async () => {
    const ours = fakeApi(
      ok([
        { id: 1, video_url: '/assets/media/abc.mp4', poster_url: '/assets/media/def.jpg', title: 'KyatPlay မှ ကြိုဆိုပါသည်' },
        { id: 2, video_url: 'https://cdn.example/2.webm', poster_url: null, title: null },
        { id: 3, video_url: '' },
      ]),
    );
    await expect(contentApi(ours.api).videoAds('mm')).resolves.toEqual([
      { id: 1, video: 'http://test/assets/media/abc.mp4', poster: 'http://test/assets/media/def.jpg', title: 'KyatPlay မှ ကြိုဆိုပါသ\u2060ည်' },
      { id: 2, video: 'https://cdn.example/2.webm', poster: '', title: '' },
    ]);
    expect(ours.sent[0]!.url).toBe('http://test/api/videoads?lang=mm');
    const legacy = fakeApi({ body: [{ id: 4, video_url: 'videos/4.mp4' }] });
    await expect(contentApi(legacy.api).videoAds()).resolves.toEqual([{ id: 4, video: 'http://test/videos/4.mp4', poster: '', title: '' }]);
  });
});
