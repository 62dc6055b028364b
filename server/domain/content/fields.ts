/**
 * The operator-managed content kinds and their fields (docs/operator.md § Content). Plain data, no
 * database imports: the admin API validates against it and the CLI builds its flags from it.
 */
export const CONTENT_KINDS = ['banners', 'banner-texts', 'popup-ads', 'promotions', 'contacts', 'video-ads'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export const isContentKind = (value: string): value is ContentKind => (CONTENT_KINDS as readonly string[]).includes(value);

/** The languages of a LocalisedText; `<field>_<lang>` in requests. */
export const TEXT_LANGS = ['en', 'mm', 'zh', 'th'] as const;

/** Text limits in characters (code points). */
export const TITLE_MAX = 120;
export const DESCRIPTION_MAX = 2000;
export const TEXT_MAX = 500;
export const URL_MAX = 500;

export type FieldDef =
  /** Per-language text: `<name>_en` … `<name>_th` in, a LocalisedText stored; `en` required when any is given. */
  | { type: 'localised'; name: string; key: string; max: number; required: boolean }
  /**
   * A plain string; `link` = a contact link (allowed schemes only); `target` = where a button goes:
   * a path on this site (/top-up/bank) or an https link.
   */
  | { type: 'text'; name: string; key: string; max: number; required: boolean; link?: boolean; target?: boolean }
  /** A media URL (`name`, e.g. img_url) or an uploaded file (`file`, e.g. image) stored as one. */
  | { type: 'media'; name: string; key: string; file: string; allow: 'image' | 'video'; required: boolean };

export interface KindDef {
  /** "Promotion": for messages. */
  noun: string;
  fields: FieldDef[];
}

const title = (required: boolean): FieldDef => ({ type: 'localised', name: 'title', key: 'title', max: TITLE_MAX, required });
const image = (required: boolean): FieldDef => ({ type: 'media', name: 'img_url', key: 'imgUrl', file: 'image', allow: 'image', required });

export const KINDS: Record<ContentKind, KindDef> = {
  banners: { noun: 'Banner', fields: [image(true), title(false)] },
  'banner-texts': { noun: 'Banner text', fields: [{ type: 'localised', name: 'text', key: 'text', max: TEXT_MAX, required: true }] },
  'popup-ads': {
    noun: 'Pop-up ad',
    fields: [
      image(true),
      { type: 'localised', name: 'text', key: 'text', max: TEXT_MAX, required: false },
      { type: 'text', name: 'link', key: 'link', max: URL_MAX, required: false, target: true },
    ],
  },
  promotions: {
    noun: 'Promotion',
    fields: [title(true), { type: 'localised', name: 'description', key: 'description', max: DESCRIPTION_MAX, required: true }, image(true)],
  },
  contacts: {
    noun: 'Contact',
    fields: [
      { type: 'text', name: 'name', key: 'name', max: 60, required: true },
      { type: 'text', name: 'value', key: 'value', max: URL_MAX, required: true, link: true },
      image(false),
    ],
  },
  'video-ads': {
    noun: 'Video ad',
    fields: [
      { type: 'media', name: 'video_url', key: 'videoUrl', file: 'video', allow: 'video', required: true },
      { type: 'media', name: 'poster_url', key: 'posterUrl', file: 'poster', allow: 'image', required: false },
      title(false),
    ],
  },
};

/** Every request field name of a kind (text fields, URL fields, file fields, sort, status), in order. */
export function requestFields(kind: ContentKind): { text: string[]; files: string[] } {
  const text: string[] = [];
  const files: string[] = [];
  for (const f of KINDS[kind].fields) {
    if (f.type === 'localised') for (const lang of TEXT_LANGS) text.push(`${f.name}_${lang}`);
    else text.push(f.name);
    if (f.type === 'media') files.push(f.file);
  }
  text.push('sort', 'status');
  return { text, files };
}

/** Contact links may use only these schemes (never javascript:, data:, file: …). */
export const LINK_SCHEMES = ['https:', 'http:', 'viber:', 'tg:', 'mailto:', 'tel:', 'line:'] as const;
