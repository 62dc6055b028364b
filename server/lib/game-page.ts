import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';

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
 */
export function gamePageHeaders(c: Context): string {
  const nonce = randomBytes(16).toString('base64');
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  c.header('X-Content-Type-Options', 'nosniff');
  c.header(
    'Content-Security-Policy',
    `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'`,
  );
  return nonce;
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
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Game session expired · KyatPlay</title>
<style nonce="${nonce}">${style}</style>
</head>
<body>
<main>
  <div class="top"><a class="back" href="/" rel="noreferrer">← Back to KyatPlay</a><span class="tag">${escapeHtml(tag)}</span></div>
  <div class="${frameClass}"><p class="${messageClass} error">${escapeHtml(message)}</p></div>
</main>
</body>
</html>`;
}
