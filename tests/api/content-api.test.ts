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

  it('reads the pop-up ad as one object (ours), the first of a list (legacy), or null', async () => {
    const ours = fakeApi(ok({ id: 4, img_url: '/assets/ads/4.webp', text: { en: 'Bonus', mm: 'ဘောနပ်' } }));
    await expect(contentApi(ours.api).popupAd('mm')).resolves.toEqual({ id: 4, img: 'http://test/assets/ads/4.webp', text: 'ဘောနပ်' });
    expect(ours.sent[0]!.url).toBe('http://test/api/popup-ads-banner?lang=mm');
    const legacy = fakeApi(ok([{ id: 1, img_url: '/a.png', text: 'Hi' }, { id: 2, img_url: '/b.png', text: 'Later' }]));
    await expect(contentApi(legacy.api).popupAd()).resolves.toEqual({ id: 1, img: 'http://test/a.png', text: 'Hi' });
    expect(legacy.sent[0]!.url).toBe('http://test/api/popup-ads-banner');
    const none = fakeApi(ok(null));
    await expect(contentApi(none.api).popupAd()).resolves.toBeNull();
    const noImage = fakeApi(ok({ id: 5, text: 'Text only' }));
    await expect(contentApi(noImage.api).popupAd()).resolves.toEqual({ id: 5, img: '', text: 'Text only' });
  });
});
