import { describe, expect, it } from 'vitest';
import { KINDS } from '../../server/domain/content/fields';
import { KIND_VIEWS, formatBytes, itemValues, kindView, moveId, rowLabel, thumbOf } from '../../src/console/screens/content/kinds';

/** The console's picture of the content kinds agrees with the server's, and its list helpers. */
describe('console content kinds', () => {
  it('offers every kind the server serves, with the same fields, limits and required flags', () => {
    expect(KIND_VIEWS.map((v) => v.kind)).toEqual(Object.keys(KINDS));
    for (const view of KIND_VIEWS) {
      const server = KINDS[view.kind].fields.map((f) =>
        f.type === 'media' ? { name: f.name, file: f.file, allow: f.allow, required: f.required } : { name: f.name, max: f.max, required: f.required },
      );
      const ours = view.fields.map((f) => (f.type === 'media' ? { name: f.field, file: f.file, allow: f.allow, required: f.required } : { name: f.name, max: f.max, required: f.required }));
      expect(ours, view.kind).toEqual(server);
    }
  });

  it('moves a row up, down, to the top and not past either end', () => {
    expect(moveId([4, 2, 7], 2, 0)).toEqual([7, 4, 2]);
    expect(moveId([4, 2, 7], 0, 1)).toEqual([2, 4, 7]);
    expect(moveId([4, 2, 7], 0, -1)).toEqual([4, 2, 7]);
    expect(moveId([4, 2, 7], 2, 3)).toEqual([4, 2, 7]);
  });

  it("reads a row's values for the editor and names it in the reader's language, else English", () => {
    const promo = { id: 3, sort: 1, status: 1, title: { en: 'Bonus', mm: 'ဘောနပ်စ်' }, description: { en: 'More' }, img_url: '/assets/a.png' };
    expect(itemValues(kindView('promotions'), promo)).toEqual({
      title_en: 'Bonus', title_mm: 'ဘောနပ်စ်', title_zh: '', title_th: '',
      description_en: 'More', description_mm: '', description_zh: '', description_th: '',
      img_url: '/assets/a.png',
    });
    expect(rowLabel(kindView('promotions'), promo, 'mm')).toEqual({ text: 'ဘောနပ်စ်', lang: 'mm' });
    expect(rowLabel(kindView('promotions'), promo, 'th')).toEqual({ text: 'Bonus', lang: 'en' });
    expect(rowLabel(kindView('banners'), { id: 1, sort: 1, status: 1, img_url: '/x.png', title: null }, 'en')).toBeNull();
    expect(thumbOf({ id: 1, sort: 1, status: 1, video_url: '/v.mp4', poster_url: null })).toEqual({ src: '/v.mp4', video: true });
    expect(thumbOf({ id: 1, sort: 1, status: 1, video_url: '/v.mp4', poster_url: '/p.png' })).toEqual({ src: '/p.png', video: false });
  });

  it('words sizes as an operator reads them', () => {
    expect(formatBytes(2 * 1024 * 1024)).toBe('2 MB');
    expect(formatBytes(300 * 1024)).toBe('300 KB');
    expect(formatBytes(20 * 1024 * 1024)).toBe('20 MB');
    expect(formatBytes(812)).toBe('812 B');
  });
});
