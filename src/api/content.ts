/**
 * Home content (api-contract.md, Content): banners, the marquee text and the pop-up ad. Images
 * come back as ready-to-use addresses (resolved against the API host's parent).
 */
import { mediaUrl, type Api } from './client';
import { isRow, numberOrNull, text, toPage } from './normalise';
import type { Banner, PopupAd } from './types';

type Row = Record<string, unknown>;

/**
 * A text the server sent plain or per language (`{ en, mm, zh, th }`): the asked language,
 * else English, else the first non-empty.
 */
export function localised(value: unknown, lang?: string): string {
  if (!isRow(value)) return text(value);
  const texts = value as Row;
  const picked = (lang ? text(texts[lang]) : '') || text(texts.en);
  return picked || Object.values(texts).map(text).find(Boolean) || '';
}

export function contentApi(api: Api) {
  const img = (r: Row) => mediaUrl(api.baseURL, text(r.img_url ?? r.img ?? r.image));
  const rows = async (path: string, query?: Record<string, unknown>) =>
    toPage(await api.request<unknown>(path, query ? { query } : {})).items.filter(isRow);

  return {
    /** Banners; `title` (in `lang` when the server sends it per language) is the image's alt text. */
    async banners(lang?: string): Promise<Banner[]> {
      return (await rows('/banner', lang ? { lang } : undefined)).map((r) => ({
        id: numberOrNull(r.id) ?? 0,
        img: img(r),
        title: localised(r.title, lang),
      }));
    },
    /** The first banner_text entry's text in `lang`; null when there is none. */
    async bannerText(lang: string): Promise<string | null> {
      const [first] = await rows('/banner_Text', { lang });
      return (first && localised(first.text, lang)) || null;
    },
    /**
     * The ad to pop up: a single object (ours), or the first of a list (legacy); null when none.
     * `lang` picks the text when the server sends it per language.
     */
    async popupAd(lang?: string): Promise<PopupAd | null> {
      const [first] = await rows('/popup-ads-banner', lang ? { lang } : undefined);
      if (!first) return null;
      return { id: numberOrNull(first.id) ?? 0, img: img(first), text: localised(first.text, lang) };
    },
  };
}

export type ContentApi = ReturnType<typeof contentApi>;
