import en from '../../../locales/en.json';
import mm from '../../../locales/mm.json';
import th from '../../../locales/th.json';
import zh from '../../../locales/zh.json';
import { keepSyllablesDeep } from '../../../shared/keep-syllables';
import { icon } from './icon';

/**
 * The first screen as static HTML, painted before any script runs (docs/decisions/0016). It uses
 * the site's own utility classes (they exist in the built CSS because the React components use the
 * same ones) and the same boxes as the React tree that replaces it at boot, so nothing moves when
 * the app takes over: the top bar, and on home the banner (its first image, fixed 3:1), the
 * marquee, the game-type strip and the grids' placeholders. What only the browser knows (a
 * logged-in player, Telegram) is left out rather than guessed: the top bar's right side stays empty.
 */
export type ShellLang = 'en' | 'mm' | 'zh' | 'th';
export type Strings = typeof en;
/** The app's bundles as the app uses them: Burmese with its syllables kept whole (shared/keep-syllables), so lines break where the app's do. */
export const STRINGS: Record<ShellLang, Strings> = { en, mm: keepSyllablesDeep(mm as Strings), zh: zh as Strings, th: th as Strings };

export interface FirstScreenData {
  /** The API answers as the site reads them (GET /api/game_types, /api/banner, /api/banner_Text). */
  gameTypes: unknown;
  banners: unknown;
  bannerText: unknown;
}

export type Row = Record<string, unknown>;
export const isRow = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);
export const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** The rows of a list answer (`{ data: [...] }`, a bare list, or a page of rows). */
export function rows(answer: unknown): Row[] {
  const data = isRow(answer) ? (answer.data ?? answer) : answer;
  const list = Array.isArray(data) ? data : isRow(data) && Array.isArray(data.data) ? data.data : [];
  return list.filter(isRow);
}

/** A text sent plain or per language, as the site picks it (src/api/content.ts `localised`). */
export function localised(value: unknown, lang: ShellLang): string {
  if (!isRow(value)) return text(value);
  return text(value[lang]) || text(value.en) || Object.values(value).map(text).find(Boolean) || '';
}

/** As shared/art-url.ts: generated banner art in the reader's language (a guest's variant). */
const artForGuest = (src: string, lang: ShellLang) => src.replace(/(\/assets\/art\/(?:banner|popup|promotion)\/\d+\.svg)(?:\?[^#]*)?$/, `$1?lang=${lang}`);

/** As src/screens/games/game-types.ts: hidden types and the client's labels. */
const HIDDEN_TYPE_IDS = new Set([6, 12, 13, 14]);
const TYPE_KEYS: Record<number, keyof Strings['game_type']> = {
  1: 'slot',
  2: 'liveCasino',
  3: 'sportBook',
  4: 'virtualSport',
  5: 'lottery',
  7: 'p2p',
  8: 'fishing',
  9: 'cockFighting',
  10: 'bonus',
  11: 'eSport',
  12: 'poker',
  13: 'others',
};

const LOGO = `<span class="flex items-center gap-2"><svg width="30" height="30" viewBox="0 0 64 64" aria-hidden="true" class="shrink-0"><circle cx="32" cy="32" r="29" fill="var(--kp-primary)"></circle><circle cx="32" cy="32" r="22" fill="none" stroke="var(--kp-on-primary)" stroke-width="3"></circle><path d="M25 20v24M25 32l12-12M28.5 29.5 38 44" stroke="var(--kp-on-primary)" stroke-width="5" stroke-linecap="round" stroke-linejoin="round" fill="none"></path></svg><span class="text-lg font-extrabold tracking-tight" lang="en"><span class="text-primary">Kyat</span><span class="text-fg">Play</span></span></span>`;

export function layout(s: Strings, main: string): string {
  return (
    `<div class="flex min-h-[var(--kp-vh)] flex-col pl-[var(--kp-safe-left)] pr-[var(--kp-safe-right)] pb-[var(--kp-safe-bottom)]">` +
    `<header class="sticky top-0 z-30 border-b pt-[var(--kp-safe-top)] border-transparent bg-bg"><div class="container flex h-[var(--kp-topbar-h)] items-center gap-2">` +
    `<a href="/?type=all" class="-ml-1 flex min-h-11 items-center rounded-xl px-1" aria-label="${escapeHtml(s.common.appName)}">${LOGO}</a>` +
    `</div></header>` +
    `<main id="main" class="container flex-1 py-4 md:py-6">${main}</main></div>`
  );
}

export const skeleton = (cls: string) => `<span aria-hidden="true" class="block animate-pulse rounded-lg bg-raised ${cls}"></span>`;

/** The top bar and a page placeholder: pages other than home paint this before their script. */
export function pageShellMarkup(lang: ShellLang): string {
  const s = STRINGS[lang];
  return layout(s, `<div class="flex justify-center py-16" role="status" aria-label="${escapeHtml(s.common.loading)}"></div>`);
}

/** The home lobby's first screen, and the address of its largest image (to preload). */
export function firstScreenMarkup(data: FirstScreenData, lang: ShellLang): { html: string; lcpImage: string | null } {
  const s = STRINGS[lang];
  const banners = rows(data.banners).map((r) => ({ img: text(r.img_url ?? r.img ?? r.image), title: localised(r.title, lang) }));
  const first = banners[0];
  const lcpImage = first?.img ? escapeHtml(artForGuest(first.img, lang)) : null;
  const banner = first
    ? `<section aria-label="${escapeHtml(s.home.banners)}" class="flex flex-col"><div class="relative overflow-hidden rounded-2xl border border-line bg-raised">` +
      `<div class="relative overflow-hidden bg-raised" style="aspect-ratio:1200 / 400">` +
      (lcpImage ? `<img src="${lcpImage}" alt="${escapeHtml(first.title)}" width="1200" height="400" fetchpriority="high" decoding="async" class="absolute inset-0 h-full w-full object-cover">` : '') +
      `</div></div>${banners.length > 1 ? '<div class="h-11"></div>' : ''}</section>`
    : skeleton('aspect-[3/1] w-full rounded-2xl');
  const main =
    `<div class="flex flex-col gap-4"><h1 class="sr-only">${escapeHtml(s.home.title)}</h1>` +
    `<div class="flex flex-col gap-4 lg:grid lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">${banner}${hotPicksSkeleton()}</div>` +
    marqueeMarkup(s, data, lang) +
    gameTypeStrip(s, data) +
    `<div class="flex flex-col gap-3">${skeleton('h-6 w-32')}</div></div>`;
  return { html: layout(s, main), lcpImage };
}

/** As HomeScreen's HotPicksSkeleton: a heading line and three tile-shaped placeholders. */
function hotPicksSkeleton(): string {
  const tile =
    `<div class="card flex flex-col overflow-hidden">${skeleton('aspect-square w-full rounded-none')}` +
    `<div class="flex flex-col gap-2 p-2"><span class="block min-h-[2.6em] text-xs leading-tight sm:text-sm">${skeleton('h-3.5 w-4/5')}</span>${skeleton('h-11 w-full rounded-xl')}</div></div>`;
  return `<div><div class="flex flex-col gap-2"><div class="h-7"></div><div class="grid grid-cols-3 gap-2 md:gap-3">${tile}${tile}${tile}</div></div></div>`;
}

/** The announcement marquee with its first non-blank text; nothing without one. */
function marqueeMarkup(s: Strings, data: FirstScreenData, lang: ShellLang): string {
  const marqueeText = rows(data.bannerText).map((r) => localised(r.text, lang)).find((t) => t.trim()) ?? '';
  return marqueeText.trim()
    ? `<section aria-label="${escapeHtml(s.home.announcement)}" class="kp-marquee flex min-h-11 items-center overflow-hidden rounded-xl border border-line bg-surface text-sm"><span class="kp-marquee-track" style="animation-duration:${Math.min(60, Math.max(12, Math.round(marqueeText.trim().length / 4)))}s">${escapeHtml(marqueeText.trim())}</span></section>`
    : '';
}

/** The game-type strip: hot games, 2D, Digit Bet, Shan, then the listed types the client shows. */
function gameTypeStrip(s: Strings, data: FirstScreenData): string {
  const item = 'flex min-h-16 min-w-20 flex-1 shrink-0 flex-col items-center justify-center gap-1 rounded-2xl border px-3 py-2 text-center text-xs font-semibold sm:min-w-24 sm:text-sm md:min-w-0 md:px-2 border-line bg-surface text-fg';
  // As TypeStrip: the app's icon for its own pages; a listed type's image comes with the app (a box its size until then).
  const link = (href: string, label: string, glyph?: string) =>
    `<li class="flex"><a href="${href}" class="${item}">${glyph ?? '<span class="block h-[26px] w-[26px]"></span>'}<span class="whitespace-nowrap md:whitespace-normal">${escapeHtml(label)}</span></a></li>`;
  const types = rows(data.gameTypes)
    .map((r) => ({ id: Number(r.id), name: text(r.name) }))
    .filter((t) => Number.isFinite(t.id) && !HIDDEN_TYPE_IDS.has(t.id));
  return (
    `<nav aria-label="${escapeHtml(s.home.gameTypes)}" class="-mx-4 md:mx-0"><ul class="flex gap-2 overflow-x-auto px-4 pb-1 md:grid md:grid-cols-[repeat(auto-fill,minmax(5.5rem,1fr))] md:overflow-visible md:px-0 md:pb-0">` +
    link('/?type=hot', s.game_type.hotGames, icon('flame', 26, 'text-loss')) +
    link('/2d', s.home.twoD, icon('ticket', 26, 'text-primary')) +
    link('/digitbet', s.nav.digitBet, icon('dice', 26, 'text-primary')) +
    link('/shan', s.nav.shan, icon('cards', 26, 'text-primary')) +
    types.map((t) => link(`/?type=${t.id}`, TYPE_KEYS[t.id] ? s.game_type[TYPE_KEYS[t.id]!] : t.name)).join('') +
    `</ul></nav>`
  );
}
