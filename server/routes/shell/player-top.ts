import { NATIVE_NAMES } from '../../../shared/languages';
import { escapeHtml, type ShellLang } from './markup';
import { icon } from './icon';
import { translate } from './pages';

/**
 * The top bar's right side as the app draws it for a signed-in player (src/app/layout/TopBar.tsx:
 * BalanceChip, the compact language switcher from 640 px, the menu button), as two `<template>`s
 * — the game wallet's chip and, for the 2D pages, the main wallet's — with `{amount}` where the
 * balance goes. The Telegram launch's early script (server/lib/page-scripts.ts) fills one in
 * when its sign-in answers, before the app has loaded; the app then renders the same boxes.
 */
const SHORT: Record<ShellLang, string> = { en: 'EN', mm: 'MM', zh: '中文', th: 'TH' };
const DEPOSIT_HREF = '/information?tab=transfer';

function playerTop(lang: ShellLang, wallet: 'game' | 'main'): string {
  const label = escapeHtml(translate(lang, wallet === 'main' ? 'wallet.mainBalance' : 'wallet.gameBalance'));
  const currency = escapeHtml(translate(lang, 'common.currency'));
  const languageLabel = escapeHtml(`${translate(lang, 'common.language')}: ${SHORT[lang]}${SHORT[lang] === NATIVE_NAMES[lang] ? '' : ` – ${NATIVE_NAMES[lang]}`}`);
  return (
    `<div class="ml-auto flex items-center gap-1.5" data-kp-early>` +
    `<a href="${DEPOSIT_HREF}" class="flex min-h-11 items-center gap-2 rounded-full border border-line bg-surface py-0.5 pl-3 pr-2 text-sm" aria-label="${label}: {amount} ${currency}">` +
    `<span class="flex flex-col items-end leading-tight"><span class="text-[11px] text-muted">${label}</span> ` +
    `<span class="money whitespace-nowrap ">{amount} <span class="text-[0.8em] font-medium">${currency}</span></span></span>` +
    `<span class="flex h-7 w-7 items-center justify-center rounded-full bg-primary text-on-primary" aria-hidden="true">${icon('plus', 16)}</span></a>` +
    `<div class="hidden sm:block"><div class="relative"><button type="button" class="flex h-11 min-w-11 items-center justify-center gap-1 rounded-xl px-2 text-sm font-semibold text-fg hover:bg-raised" aria-label="${languageLabel}">` +
    `${icon('globe', 20)}<span aria-hidden="true">${escapeHtml(SHORT[lang])}</span></button></div></div>` +
    `<button type="button" class="icon-btn" aria-label="${escapeHtml(translate(lang, 'nav.openMenu'))}">${icon('menu', 22)}</button></div>`
  );
}

/** Both templates, for the end of the page (inert: nothing of them shows until the script uses one). */
export function playerTopTemplates(lang: ShellLang): string {
  return `<template id="kp-top-game">${playerTop(lang, 'game')}</template><template id="kp-top-main">${playerTop(lang, 'main')}</template>`;
}
