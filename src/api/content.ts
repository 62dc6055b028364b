/**
 * Content (api-contract.md, Content): banners, the marquee text, the pop-up ad, promotions,
 * contact channels and video ads. Images and videos come back as ready-to-use addresses
 * (resolved against the API host's parent).
 */
import { keepSyllables } from '../../shared/keep-syllables';
import { mediaUrl, type Api, type RequestOptions } from './client';
import { isRow, numberOrNull, text, toPage } from './normalise';
import type { Banner, ContactChannel, PopupAd, Promotion, VideoAd } from './types';

type Row = Record<string, unknown>;

/**
 * A text the server sent plain or per language (`{ en, mm, zh, th }`): the asked language,
 * else English, else the first non-empty. Burmese in it keeps its syllables whole at line ends
 * (an operator's text, like the locale strings: shared/keep-syllables).
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

const idOf = (r: Row) => numberOrNull(r.id) ?? 0;
/** A row's picture as a ready-to-use address (resolved against the API host's parent). */
const imageOf = (base: string, r: Row) => mediaUrl(base, text(r.img_url ?? r.img ?? r.image));
const langQuery = (lang?: string) => (lang ? { lang } : undefined);
/** A pop-up's button target: a path on this site or an https link; anything else is no button. */
const linkOf = (value: unknown) => {
  const link = text(value).trim();
  return (link.startsWith('/') && !link.startsWith('//') && !link.includes('\\')) || /^https:\/\/[^\s]+$/i.test(link) ? link : '';
};

/** Ours sends every language (`titles`, `descriptions`) beside the localised texts; the legacy backend plain texts. */
function toPromotion(r: Row, base: string, lang?: string): Promotion {
  return {
    id: idOf(r),
    title: localised(r.titles, lang) || localised(r.title, lang),
    description: localised(r.descriptions, lang) || localised(r.description, lang),
    img: imageOf(base, r),
  };
}

/** `value` (ours) or `link` (legacy) is where the channel opens. */
function toContact(r: Row, base: string): ContactChannel {
  return {
    id: idOf(r),
    name: keepSyllables(text(r.name).trim()),
    link: (text(r.value) || text(r.link)).trim(),
    img: mediaUrl(base, text(r.image ?? r.img_url ?? r.img)),
  };
}

/** `video_url` and `poster_url` are root-relative paths (or absolute addresses). */
function toVideoAd(r: Row, base: string, lang?: string): VideoAd {
  return {
    id: idOf(r),
    video: mediaUrl(base, text(r.video_url ?? r.video)),
    poster: mediaUrl(base, text(r.poster_url ?? r.poster)),
    title: localised(r.title, lang),
  };
}

export function contentApi(api: Api) {
  const base = api.baseURL;
  const rows = async (path: string, query?: RequestOptions['query']) =>
    toPage(await api.request<unknown>(path, query ? { query } : {})).items.filter(isRow);

  return {
    /** Banners; `title` (in `lang` when the server sends it per language) is the image's alt text. */
    async banners(lang?: string): Promise<Banner[]> {
      return (await rows('/banner', langQuery(lang))).map((r) => ({ id: idOf(r), img: imageOf(base, r), title: localised(r.title, lang) }));
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
      const [first] = await rows('/popup-ads-banner', langQuery(lang));
      if (!first) return null;
      return { id: idOf(first), img: imageOf(base, first), text: localised(first.text, lang), link: linkOf(first.link) };
    },
    /** Active promotions in `lang`. */
    async promotions(lang?: string): Promise<Promotion[]> {
      return (await rows('/promotion', langQuery(lang))).map((r) => toPromotion(r, base, lang));
    },
    /** Support channels (guests too); channels without a usable link are left out. */
    async contacts(): Promise<ContactChannel[]> {
      return (await rows('/contact')).map((r) => toContact(r, base)).filter((c) => CHANNEL_LINK.test(c.link));
    },
    /** Video ads, captions in `lang`; one without a video is left out. */
    async videoAds(lang?: string): Promise<VideoAd[]> {
      return (await rows('/videoads', langQuery(lang))).map((r) => toVideoAd(r, base, lang)).filter((v) => v.video !== '');
    },
  };
}

export type ContentApi = ReturnType<typeof contentApi>;
