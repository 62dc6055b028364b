import enExtra from '../../../locales/extra/en.json';
import mmExtra from '../../../locales/extra/mm.json';
import thExtra from '../../../locales/extra/th.json';
import zhExtra from '../../../locales/extra/zh.json';
import type { IconName } from '../../../shared/components/Icon';
import { icon } from './icon';
import { BCP47 } from '../../../shared/languages';
import { artForReader } from '../../../shared/art-url';
import { formatCalendarDate, formatWallClock } from '../../../shared/date-format';
import { keepSyllables } from '../../../shared/keep-syllables';
import { holidayLabel, isHolidayKey } from '../../../shared/labels';
import { closingState, clockText, nextOpening, tradingFromLive, yangonClock, type TradingToday } from '../../../shared/two-d/draw-clock';
import { STRINGS, escapeHtml, isRow, layout, rows, text, type ShellLang } from './markup';

/**
 * The first screens of /2d, /promotion and /digitbet as static HTML (docs/decisions/0016): the
 * same boxes, classes and words as TwoDScreen (LiveBoard, ResultRows, the tiles, ModernInternet),
 * PromotionScreen (PromotionCard, InfoTiles) and DigitBetScreen (a guest's RequireLogin), so the
 * app's first render, which reads the same embedded answers, replaces them with nothing moving.
 * A change to those components must change this too (tests/e2e/first-screen-shell.test.ts).
 * Icons are the app's own component rendered to a string; the words are the locale files', with
 * Burmese syllables kept whole as the app keeps them (shared/keep-syllables).
 */
const EXTRA: Record<ShellLang, Record<string, unknown>> = { en: enExtra, mm: mmExtra, zh: zhExtra, th: thExtra };

function lookup(bundle: unknown, key: string): string | undefined {
  const value = key.split('.').reduce<unknown>((at, part) => (isRow(at) ? at[part] : undefined), bundle);
  return typeof value === 'string' ? value : undefined;
}

/** As i18next with the app's setup: the language's string, else English; `{{name}}` filled in, unescaped. */
export function translate(lang: ShellLang, key: string, vars: Record<string, string> = {}): string {
  const raw = lookup(EXTRA[lang], key) ?? lookup(STRINGS[lang], key) ?? lookup(EXTRA.en, key) ?? lookup(STRINGS.en, key) ?? key;
  const all: Record<string, string> = { appName: STRINGS.en.common.appName, ...vars };
  const filled = raw.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, name: string) => all[name] ?? m);
  return lang === 'mm' ? keepSyllables(filled) : filled;
}

const locale = (lang: ShellLang) => BCP47[lang];
const clock = (lang: ShellLang, hhmm: string) => formatWallClock(hhmm, locale(lang));

// ---------------------------------------------------------------------------------------------
// /2d

/** As LiveBoard's `updatedAt`. */
function updatedAt(lang: ShellLang, date: string, time: string): string {
  const day = /^\d{4}-\d{2}-\d{2}/.test(date) ? formatCalendarDate(date, locale(lang)) : date;
  const at = /^\d{2}:\d{2}/.test(time) ? clock(lang, time.slice(0, 5)) : time;
  return [day, at].filter(Boolean).join(' · ') || '—';
}

/** As LiveBoard's ClosingMessage; empty without the server's time. */
function closingMessage(lang: ShellLang, serverTime: string, trading: TradingToday | null): string {
  const at = yangonClock(serverTime);
  if (!at) return '';
  const state = closingState(at, trading);
  const message =
    state.kind === 'open'
      ? translate(lang, 'two_d.closesAt', { draw: clock(lang, state.draw.draw), time: clock(lang, state.draw.cutoff) })
      : state.kind === 'noDraws' && state.holiday
        ? translate(lang, 'two_d.holidayToday', { name: holidayLabel(((key: string, vars?: Record<string, string>) => translate(lang, key, vars)) as never, state.holiday) })
        : translate(lang, state.kind === 'closedToday' ? 'two_d.closedToday' : 'two_d.noDrawsToday');
  return (
    `<div class="flex items-start gap-2 border-t border-line px-4 py-3 text-sm">${icon('clock', 18, `mt-0.5 shrink-0 ${state.kind === 'open' ? 'text-win' : 'text-pending'}`)}` +
    `<p class="flex-1">${escapeHtml(message)} <span class="text-muted">(${escapeHtml(translate(lang, 'two_d.serverTime', { time: clock(lang, clockText(at)) }))})</span></p></div>`
  );
}

/** As TwoDScreen's BetButton: disabled with the next opening in words while betting is closed. */
function betButton(lang: ShellLang, t: Translate, serverTime: string, trading: TradingToday | null): string {
  const at = yangonClock(serverTime);
  const opening = at ? nextOpening(at, trading) : null;
  const cls = 'btn-primary min-h-13 w-full text-base';
  if (!opening) return `<div class="flex flex-col gap-2"><button type="button" class="${cls}" aria-haspopup="dialog">${icon('ticket', 22)}${t('two_d.bet')}</button></div>`;
  return (
    `<div class="flex flex-col gap-2"><button type="button" class="${cls}" disabled aria-describedby="two-d-opens">${icon('ticket', 22)}${t('two_d.bet')}</button>` +
    `<p id="two-d-opens" class="text-center text-sm"><span class="font-semibold">${escapeHtml(translate(lang, 'two_d.opensAt', { day: translate(lang, `two_d.weekday${opening.weekday}`), time: clock(lang, opening.time) }))}</span> ` +
    `<span class="text-muted">${t(trading?.closedReason === 'holiday' ? 'two_d.tradingDaysHolidays' : 'two_d.tradingDays')}</span></p></div>`
  );
}

function linkTile(lang: ShellLang, name: IconName, title: string, hint: string, href?: string): string {
  const cls =
    'flex min-h-20 w-full flex-col items-center justify-center gap-1.5 rounded-2xl border border-line bg-surface p-3 text-center transition-colors duration-150 hover:bg-raised';
  const body =
    `<span class="flex h-10 w-10 items-center justify-center rounded-full bg-raised text-primary">${icon(name, 22)}</span>` +
    `<span class="text-sm font-semibold leading-tight">${escapeHtml(translate(lang, title))}</span><span class="text-xs leading-tight text-muted">${escapeHtml(translate(lang, hint))}</span>`;
  return `<li class="flex">${href ? `<a href="${href}" class="${cls}">${body}</a>` : `<button type="button" class="${cls}" aria-haspopup="dialog">${body}</button>`}</li>`;
}

type Translate = (key: string, vars?: Record<string, string>) => string;

/** /2d from the live view the server built (GET /live's body): what TwoDScreen renders with that snapshot. */
export function twoDMarkup(liveBody: unknown, lang: ShellLang): string {
  const t: Translate = (key, vars) => escapeHtml(translate(lang, key, vars));
  const body = isRow(liveBody) ? liveBody : {};
  const live = isRow(body.live) ? body.live : null;
  const results = Array.isArray(body.result) ? body.result.filter(isRow) : [];
  const trading = tradingFromLive(body.trading, isHolidayKey);
  const main =
    `<div class="mx-auto flex w-full max-w-5xl flex-col gap-4"><h1 class="text-xl font-bold md:text-2xl">${t('two_d.title')}</h1>` +
    `<div class="grid gap-4 lg:grid-cols-[3fr_2fr] lg:items-start"><div class="flex flex-col gap-4">${liveBoard(lang, t, live, text(body.server_time), trading)}` +
    betButton(lang, t, text(body.server_time), trading) +
    `<section aria-labelledby="results-title" class="flex flex-col gap-2"><h2 id="results-title" class="text-lg font-bold">${t('two_d.results')}</h2>${resultRows(lang, t, results, live !== null)}</section></div>` +
    `<div class="flex flex-col gap-4"><nav aria-label="${t('two_d.more')}"><ul class="grid grid-cols-3 gap-2">` +
    linkTile(lang, 'history', 'two_d.record', 'two_d.recordHint') +
    linkTile(lang, 'trophy', 'two_d.winners', 'two_d.winnersHint', '/2d/daily-winner') +
    linkTile(lang, 'calendar', 'two_d.holidays', 'two_d.holidaysHint', '/2d/holiday') +
    `</ul></nav>${modernInternet(lang, t)}</div></div></div>`;
  return layout(STRINGS[lang], main);
}

/** As LiveBoard: the live number, when it was updated, and the closing message. */
function liveBoard(lang: ShellLang, t: Translate, live: Record<string, unknown> | null, serverTime: string, trading: TradingToday | null): string {
  const num = live ? text(live.twod) : '';
  return (
    `<section aria-labelledby="live-title" class="card overflow-hidden"><div class="flex flex-col items-center gap-2 bg-raised px-4 py-6 text-center">` +
    `<h2 id="live-title" class="text-sm font-semibold uppercase tracking-wide text-muted">${t('two_d.liveNumber')}</h2>` +
    (live
      ? `<p class="money text-7xl font-extrabold leading-none tracking-wider md:text-8xl" aria-label="${t('two_d.liveNumberIs', { num: num || '--' })}">${escapeHtml(num || '--')}</p>` +
        `<p class="text-sm text-muted">${t('two_d.lastUpdate')}: <span class="tabular-nums text-fg">${escapeHtml(updatedAt(lang, text(live.date), text(live.time)))}</span></p>`
      : '') +
    `</div>${closingMessage(lang, serverTime, trading)}</section>`
  );
}

/** As ResultRows: today's rows as a table, else "no results" (or a dash without a live view). */
function resultRows(lang: ShellLang, t: Translate, results: Record<string, unknown>[], hasLive: boolean): string {
  const cell = 'px-3 py-3';
  if (!results.length) return `<p class="card px-4 py-6 text-center text-sm text-muted">${hasLive ? t('two_d.noResults') : '—'}</p>`;
  return (
    `<div class="card overflow-x-auto"><table class="w-full border-collapse text-left text-sm"><thead class="bg-raised text-muted"><tr>` +
    `<th scope="col" class="${cell} font-medium">${t('two_d.openTime')}</th><th scope="col" class="${cell} text-right font-medium">${t('two_d.set')}</th>` +
    `<th scope="col" class="${cell} text-right font-medium">${t('two_d.value')}</th><th scope="col" class="${cell} text-center font-medium">${t('two_d.twoD')}</th></tr></thead><tbody>` +
    results
      .map((r) => {
        const open = text(r.open_time);
        return (
          `<tr class="border-t border-line"><td class="${cell} whitespace-nowrap tabular-nums">${escapeHtml(/^\d{2}:\d{2}/.test(open) ? clock(lang, open.slice(0, 5)) : open)}</td>` +
          `<td class="${cell} text-right tabular-nums">${escapeHtml(text(r.set) || '--')}</td><td class="${cell} text-right tabular-nums">${escapeHtml(text(r.value) || '--')}</td>` +
          `<td class="${cell} text-center text-lg font-bold text-money tabular-nums">${escapeHtml(text(r.twod) || '--')}</td></tr>`
        );
      })
      .join('') +
    `</tbody></table></div>`
  );
}

/** As ModernInternet: the informational sample figures. */
function modernInternet(lang: ShellLang, t: Translate): string {
  const samples = [
    { time: '09:30', modern: '45', internet: '72' },
    { time: '14:00', modern: '18', internet: '63' },
  ];
  return (
    `<section aria-labelledby="modern-title" class="card p-4"><h2 id="modern-title" class="text-base font-bold">${t('two_d.modernInternet')}</h2>` +
    `<p class="mt-1 text-xs text-muted">${t('two_d.informational')}</p><table class="mt-3 w-full border-collapse text-sm"><thead class="text-muted"><tr>` +
    `<th scope="col" class="py-2 text-left font-medium">${t('two_d.time')}</th><th scope="col" class="py-2 text-center font-medium">${t('two_d.modern')}</th><th scope="col" class="py-2 text-center font-medium">${t('two_d.internet')}</th></tr></thead><tbody>` +
    samples
      .map(
        (r) =>
          `<tr class="border-t border-line"><th scope="row" class="py-2.5 text-left font-medium tabular-nums">${escapeHtml(clock(lang, r.time))}</th>` +
          `<td class="py-2.5 text-center text-lg font-bold tabular-nums">${r.modern}</td><td class="py-2.5 text-center text-lg font-bold tabular-nums">${r.internet}</td></tr>`,
      )
      .join('') +
    `</tbody></table></section>`
  );
}

// ---------------------------------------------------------------------------------------------
// /promotion

/** The promotion art is 600×400 (PROMO_ART in PromotionCard). */
const PROMO_ART = { width: 600, height: 400 };

/** A text per language (`titles`) or plain, as src/api/content.ts `localised` picks it. */
function pick(value: unknown, lang: ShellLang): string {
  if (!isRow(value)) return keepSyllables(text(value));
  return keepSyllables(text(value[lang]) || text(value.en) || Object.values(value).map(text).find(Boolean) || '');
}

/** The promotions as the client maps them (src/api/content.ts `promotions`). */
function promotionsOf(answer: unknown, lang: ShellLang) {
  return rows(answer).map((r) => ({
    title: pick(r.titles, lang) || pick(r.title, lang),
    description: pick(r.descriptions, lang) || pick(r.description, lang),
    img: text(r.img_url ?? r.img ?? r.image),
  }));
}

type Promotion = ReturnType<typeof promotionsOf>[number];

/** /promotion from GET /api/promotion?lang=: the list's first screen, and the first card's image (to preload). */
export function promotionMarkup(answer: unknown, lang: ShellLang): { html: string; lcpImage: string | null } {
  const t = (key: string) => escapeHtml(translate(lang, key));
  const promotions = promotionsOf(answer, lang);
  const lcpImage = promotions[0]?.img ? promotionArt(promotions[0].img, lang) : null;
  const list = promotions.length
    ? `<ul aria-label="${t('promotion.listLabel')}" class="grid grid-cols-2 gap-3 md:gap-5">${promotions.map((p, index) => promotionCard(lang, t, p, index)).join('')}</ul>`
    : `<div class="card flex flex-col items-center gap-3 px-6 py-10 text-center"><span class="flex h-14 w-14 items-center justify-center rounded-full bg-raised text-muted">${icon('gift', 26)}</span>` +
      `<p class="text-lg font-semibold">${t('promotion.empty')}</p><p class="max-w-md text-sm text-muted">${t('promotion.emptyHint')}</p></div>`;
  const main =
    `<div class="mx-auto flex w-full max-w-4xl flex-col gap-5"><header class="flex flex-col gap-1"><h1 class="text-xl font-bold md:text-2xl">${t('promotion.title')}</h1>` +
    `<p class="text-sm text-muted">${t('promotion.subtitle')}</p></header>${list}${infoTiles(t)}</div>`;
  return { html: layout(STRINGS[lang], main), lcpImage };
}

const promotionArt = (img: string, lang: ShellLang) => (img ? escapeHtml(artForReader(img, lang, false)) : '');

/** As PromotionCard: the art (the first two eager, the first at high priority), the tag, the words and "learn more". */
function promotionCard(lang: ShellLang, t: (key: string) => string, p: Promotion, index: number): string {
  const tag =
    `<span class="inline-flex max-w-full items-center gap-1 whitespace-nowrap rounded-full bg-primary px-2 py-0.5 text-[11px] font-bold uppercase tracking-wide text-on-primary ">` +
    `${icon('clock', 12)}${t('promotion.limitedTime')}</span>`;
  const art = p.img
    ? `<img src="${promotionArt(p.img, lang)}" alt="" width="${PROMO_ART.width}" height="${PROMO_ART.height}" loading="${index >= 2 ? 'lazy' : 'eager'}"${index === 0 ? ' fetchpriority="high"' : ''} decoding="async" class="absolute inset-0 h-full w-full object-cover">`
    : `<span class="absolute inset-0 flex items-center justify-center p-2 text-center text-sm font-bold text-muted" aria-hidden="true">${escapeHtml(p.title)}</span>`;
  return (
    `<li class="flex"><article class="card flex w-full flex-col overflow-hidden"><div class="relative overflow-hidden bg-raised " style="aspect-ratio:${PROMO_ART.width} / ${PROMO_ART.height}">${art}</div>` +
    `<div class="flex flex-1 flex-col items-start gap-1.5 p-3 md:gap-2 md:p-4">${tag}<h2 class="line-clamp-2 text-sm font-bold leading-snug md:text-base">${escapeHtml(p.title)}</h2>` +
    `<p class="line-clamp-3 text-xs leading-relaxed text-muted md:text-sm">${escapeHtml(p.description)}</p>` +
    `<button type="button" class="btn-outline mt-auto w-full px-2 text-xs md:text-sm" aria-label="${escapeHtml(`${translate(lang, 'promotion.learnMore')}: ${p.title}`)}">${t('promotion.learnMore')}</button></div></article></li>`
  );
}

/** As InfoTiles: why play here. */
function infoTiles(t: (key: string) => string): string {
  const tiles: Array<[IconName, string, string]> = [
    ['flame', 'promotion.payoutsTitle', 'promotion.payoutsText'],
    ['chat', 'promotion.supportTitle', 'promotion.supportText'],
    ['shield', 'promotion.secureTitle', 'promotion.secureText'],
  ];
  return (
    `<section aria-labelledby="promo-why" class="flex flex-col gap-3"><h2 id="promo-why" class="text-lg font-bold">${t('promotion.whyTitle')}</h2><ul class="grid gap-3 md:grid-cols-3 md:gap-5">` +
    tiles
      .map(
        ([name, title, body]) =>
          `<li class="card flex items-start gap-3 p-4 md:flex-col md:p-5"><span class="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-raised text-primary">${icon(name, 22)}</span>` +
          `<div class="flex flex-col gap-1"><h3 class="text-base font-semibold">${t(title)}</h3><p class="text-sm leading-relaxed text-muted">${t(body)}</p></div></li>`,
      )
      .join('') +
    `</ul></section>`
  );
}

// ---------------------------------------------------------------------------------------------
// /digitbet

/**
 * /digitbet as a guest meets it (the page is for players): the title, the tagline and
 * RequireLogin's prompt. For a browser whose player is signed in (the `kp_in` hint cookie: the
 * session itself lives in the browser's storage) the game's boxes instead, empty and of the
 * game's sizes, so that neither the prompt flashes nor the page jumps when the game renders.
 */
export function digitBetMarkup(lang: ShellLang, player = false): string {
  const t = (key: string) => escapeHtml(translate(lang, key));
  const head =
    `<div class="mx-auto flex w-full max-w-5xl flex-col gap-4"><div><h1 class="text-xl font-bold md:text-2xl">${t('digit.title')}</h1>` +
    `<p class="mt-1 text-sm text-muted">${t('digit.tagline')}</p></div>`;
  const body = player
    ? digitGameBoxes(t('common.loading'))
    : `<div class="card flex flex-col items-center gap-3 px-6 py-10 text-center"><span class="flex h-14 w-14 items-center justify-center rounded-full bg-raised text-muted">${icon('lock', 26)}</span>` +
      `<p class="text-lg font-semibold">${t('auth.loginRequired')}</p><p class="max-w-md text-sm text-muted">${t('auth.loginRequiredHint')}</p>` +
      `<button type="button" class="btn-primary px-6">${t('auth.login')}</button></div>`;
  return layout(STRINGS[lang], `${head}${body}</div>`);
}

/**
 * The Digit Bet game's boxes as src/screens/digit-bet/DigitBetScreen.tsx lays them out (measured
 * in Chromium: result 234 px; digit pad 278 px at 358 px wide, 392 px at 648 px — its buttons keep
 * their shape, so it grows with its column's width; stake panel 390 px; current bet 82 px).
 */
function digitGameBoxes(loading: string): string {
  const box = (style: string) => `<div class="card animate-pulse" style="${style}"></div>`;
  return (
    `<div class="grid gap-4 lg:grid-cols-[minmax(0,1fr)_360px] lg:items-start" role="status" aria-label="${loading}">` +
    `<div class="flex flex-col gap-4" style="container-type:inline-size">${box('height:234px')}${box('height:278px;height:calc(137px + 39.3cqw)')}</div>` +
    `<div class="flex flex-col gap-4">${box('height:390px')}${box('height:82px')}</div></div>`
  );
}
