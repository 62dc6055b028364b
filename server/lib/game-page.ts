import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { TELEGRAM_FRAME_ANCESTORS } from './security-headers';

/**
 * What the built-in demo game pages (the demo aggregator's slot, the demo Shan table) share: HTML
 * escaping, the locked-down headers of a page that holds a game session token, and the page shown
 * when that session has expired.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * Sets the headers of a game page (never cached, no referrer leaking the token, only its own
 * nonce'd inline style and script, talking to its own origin) and returns the nonce to put on them.
 * Framed only where the site itself runs: our own pages, and Telegram's web clients, which frame
 * the Mini App that opens the game in its own view.
 */
export function gamePageHeaders(c: Context): string {
  const nonce = randomBytes(16).toString('base64');
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  c.header('X-Content-Type-Options', 'nosniff');
  c.header(
    'Content-Security-Policy',
    `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self' ${TELEGRAM_FRAME_ANCESTORS.join(' ')}`,
  );
  return nonce;
}

/** A game page's document up to its <body>: head, its nonce'd stylesheet, nothing external. */
export function gamePageStart({ title, nonce, style, themeColor = '#0b1020' }: { title: string; nonce: string; style: string; themeColor?: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="referrer" content="no-referrer">
<meta name="theme-color" content="${themeColor}">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">${style}</style>
</head>
<body>`;
}

/** The bar over a game: back to the site, and the small tag ("Demo slot", "Demo table"). */
export function backBar(tag: string): string {
  return `<div class="top"><a class="back" href="/" rel="noreferrer">← Back to KyatPlay</a><span class="tag">${escapeHtml(tag)}</span></div>`;
}

export interface ExpiredPage {
  message: string;
  nonce: string;
  /** The game page's own stylesheet, so the error looks like the game. */
  style: string;
  /** The small tag beside the back link ("Demo slot", "Demo table"). */
  tag: string;
  /** The message's box and text classes in that stylesheet. */
  frameClass: string;
  messageClass: string;
}

export function expiredPage({ message, nonce, style, tag, frameClass, messageClass }: ExpiredPage): string {
  return `${gamePageStart({ title: 'Game session expired · KyatPlay', nonce, style })}
<main>
  ${backBar(tag)}
  <div class="${frameClass}"><p class="${messageClass} error">${escapeHtml(message)}</p></div>
</main>
</body>
</html>`;
}
