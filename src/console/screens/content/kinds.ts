/**
 * The content kinds as the console edits them (mirrors server/domain/content/fields.ts): each
 * kind's fields in form order, where its rows appear for players, and how big its thumbnail is.
 * Pure data and helpers; the screens read it, tests/app/content-kinds.test.ts checks it.
 */
import type { ParseKeys } from 'i18next';
import type { ContentItem, ContentKind, Localised } from '../../../api/admin';
import { LANGUAGES, type Language } from '../../../../shared/languages';
import type { MediaSlot } from '../../../machines/content-editor/content-editor.machine';

/** A console string key (typed, so a missing translation fails the typecheck). */
export type Label = ParseKeys;

export type KindField =
  | { type: 'localised'; name: string; label: Label; max: number; required: boolean; multiline?: boolean }
  | { type: 'text'; name: string; label: Label; max: number; required: boolean; link?: boolean }
  | ({ type: 'media'; label: Label } & MediaSlot);

export interface KindView {
  kind: ContentKind;
  label: Label;
  hint: Label;
  fields: KindField[];
  /** Thumbnail in the list, CSS pixels (fixed, so rows never jump). */
  thumb: { width: number; height: number } | null;
  /** The editor's preview box: 3 : 1 banner, 3 : 2 card, square icon, 9 : 16 reel. */
  shape: 'wide' | 'card' | 'square' | 'tall';
}

const title = (required: boolean): KindField => ({ type: 'localised', name: 'title', label: 'admin.titleIn', max: 120, required });
const image = (required: boolean): KindField => ({ type: 'media', field: 'img_url', file: 'image', allow: 'image', required, label: 'admin.contentImage' });
const text = (required: boolean): KindField => ({ type: 'localised', name: 'text', label: 'admin.contentTextIn', max: 500, required, multiline: true });

export const KIND_VIEWS: KindView[] = [
  { kind: 'banners', label: 'admin.contentBanners', hint: 'admin.contentBannersHint', fields: [image(true), title(false)], thumb: { width: 144, height: 48 }, shape: 'wide' },
  { kind: 'banner-texts', label: 'admin.contentBannerTexts', hint: 'admin.contentBannerTextsHint', fields: [text(true)], thumb: null, shape: 'wide' },
  {
    kind: 'popup-ads',
    label: 'admin.contentPopupAds',
    hint: 'admin.contentPopupAdsHint',
    fields: [image(true), text(false), { type: 'text', name: 'link', label: 'admin.contentPopupLink', max: 500, required: false }],
    thumb: { width: 144, height: 48 },
    shape: 'wide',
  },
  {
    kind: 'promotions',
    label: 'admin.contentPromotions',
    hint: 'admin.contentPromotionsHint',
    fields: [title(true), { type: 'localised', name: 'description', label: 'admin.contentDescriptionIn', max: 2000, required: true, multiline: true }, image(true)],
    thumb: { width: 96, height: 64 },
    shape: 'card',
  },
  {
    kind: 'contacts',
    label: 'admin.contentContacts',
    hint: 'admin.contentContactsHint',
    fields: [
      { type: 'text', name: 'name', label: 'admin.contentChannelName', max: 60, required: true },
      { type: 'text', name: 'value', label: 'admin.contentChannelLink', max: 500, required: true, link: true },
      image(false),
    ],
    thumb: { width: 48, height: 48 },
    shape: 'square',
  },
  {
    kind: 'video-ads',
    label: 'admin.contentVideoAds',
    hint: 'admin.contentVideoAdsHint',
    fields: [
      { type: 'media', field: 'video_url', file: 'video', allow: 'video', required: true, label: 'admin.contentVideo' },
      { type: 'media', field: 'poster_url', file: 'poster', allow: 'image', required: false, label: 'admin.contentPoster' },
      title(false),
    ],
    thumb: { width: 48, height: 84 },
    shape: 'tall',
  },
];

export const kindView = (kind: ContentKind): KindView => KIND_VIEWS.find((k) => k.kind === kind)!;

export const mediaSlots = (view: KindView): MediaSlot[] =>
  view.fields.flatMap((f) => (f.type === 'media' ? [{ field: f.field, file: f.file, allow: f.allow, required: f.required }] : []));

/** The editor's flat values (`title_mm`, `img_url` …) for a row, or empty ones for a new row. */
export function itemValues(view: KindView, item: ContentItem | null): Record<string, string> {
  const values: Record<string, string> = {};
  for (const f of view.fields) {
    if (f.type === 'localised') {
      const texts = (item?.[f.name] as Localised | null | undefined) ?? {};
      for (const lng of LANGUAGES) values[`${f.name}_${lng}`] = texts[lng] ?? '';
    } else if (f.type === 'text') values[f.name] = String(item?.[f.name] ?? '');
    else values[f.field] = String(item?.[f.field] ?? '');
  }
  return values;
}

/** What a row is called in the list: its first text in the reader's language (else English), and that language. */
export function rowLabel(view: KindView, item: ContentItem, lng: Language): { text: string; lang: Language } | null {
  for (const f of view.fields) {
    if (f.type === 'text') return item[f.name] ? { text: String(item[f.name]), lang: 'en' } : null;
    if (f.type !== 'localised') continue;
    const texts = (item[f.name] as Localised | null) ?? {};
    if (texts[lng]) return { text: texts[lng]!, lang: lng };
    if (texts.en) return { text: texts.en, lang: 'en' };
  }
  return null;
}

/** The row's picture for a thumbnail: its image, or a video ad's poster; else its video. */
export function thumbOf(item: ContentItem): { src: string; video: boolean } | null {
  const image = (item.img_url ?? item.poster_url) as string | null | undefined;
  if (image) return { src: image, video: false };
  return item.video_url ? { src: String(item.video_url), video: true } : null;
}

/** `ids` with the one at `from` moved to `to` (both clamped); the same array when nothing moves. */
export function moveId(ids: readonly number[], from: number, to: number): number[] {
  const target = Math.max(0, Math.min(ids.length - 1, to));
  if (from < 0 || from >= ids.length || from === target) return [...ids];
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved!);
  return next;
}

/** Bytes as the operator reads them: 2 MB, 300 KB, 812 B. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
