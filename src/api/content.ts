/**
 * Content (api-contract.md, Content): banners, the marquee text, the pop-up ad, promotions,
 * contact channels and video ads. Images and videos come back as ready-to-use addresses
 * (resolved against the API host's parent).
 */
import { keepSyllables } from '../lib/keep-syllables';
import { mediaUrl, type Api } from './client';
import { isRow, numberOrNull, text, toPage } from './normalise';
import type { Banner, ContactChannel, PopupAd, Promotion, VideoAd } from './types';

type Row = Record<string, unknown>;

/**
 * A text the server sent plain or per language (`{ en, mm, zh, th }`): the asked language,
 * else English, else the first non-empty. Burmese in it keeps its syllables whole at line ends
 * (an operator's text, like the locale strings: lib/keep-syllables).
 */
export function localised(value: unknown, lang?: string): string {
  if (!isRow(value)) return keepSyllables(text(value));
  const texts = value as Row;
  const picked = (lang ? text(texts[lang]) : '') || text(texts.en);
  return keepSyllables(picked || Object.values(texts).map(text).find(Boolean) || '');
}

/**
 * The schemes a contact channel may open: web pages and the apps players reach support through.
 * Anything else (javascript:, data:) is dropped rather than put behind a link.
 */
const CHANNEL_LINK = /^(https?:|viber:|tg:|mailto:|tel:|line:|fb-messenger:|sms:)/i;

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
    /**
     * Active promotions in `lang`: ours sends every language (`titles`, `descriptions`) beside the
     * localised `title` and `description`; the legacy backend sent plain texts.
     */
    async promotions(lang?: string): Promise<Promotion[]> {
      return (await rows('/promotion', lang ? { lang } : undefined)).map((r) => ({
        id: numberOrNull(r.id) ?? 0,
        title: localised(r.titles, lang) || localised(r.title, lang),
        description: localised(r.descriptions, lang) || localised(r.description, lang),
        img: img(r),
      }));
    },
    /** Support channels (guests too): `value` (ours) or `link` (legacy); channels without a usable link are left out. */
    async contacts(): Promise<ContactChannel[]> {
      return (await rows('/contact'))
        .map((r) => ({
          id: numberOrNull(r.id) ?? 0,
          name: keepSyllables(text(r.name).trim()),
          link: (text(r.value) || text(r.link)).trim(),
          img: mediaUrl(api.baseURL, text(r.image ?? r.img_url ?? r.img)),
        }))
        .filter((c) => CHANNEL_LINK.test(c.link));
    },
    /** Video ads; `video_url` and `poster_url` are root-relative paths (or absolute addresses). */
    async videoAds(lang?: string): Promise<VideoAd[]> {
      return (await rows('/videoads', lang ? { lang } : undefined))
        .map((r) => ({
          id: numberOrNull(r.id) ?? 0,
          video: mediaUrl(api.baseURL, text(r.video_url ?? r.video)),
          poster: mediaUrl(api.baseURL, text(r.poster_url ?? r.poster)),
          title: localised(r.title, lang),
        }))
        .filter((v) => v.video !== '');
    },
  };
}

export type ContentApi = ReturnType<typeof contentApi>;
