import { createHash } from 'node:crypto';

/**
 * The page's first script, inline in <head> (docs/decisions/0040). On a Telegram Mini App launch it
 * asks the server for the player at once, while the app's bundle is still on its way:
 * - without a stored session, it posts the launch's signed init data to POST /api/auth/telegram;
 * - with one (a returning player: `token` in localStorage), it reads GET /api/user with that token.
 * It keeps the answer for the app (`window.__kpTelegramEarly`, read once by src/app/boot-data.ts
 * `primedFetch`, so the app's own sign-in, or its balance's first read, is that same request).
 * When the answer carries the player, it puts their balance into the server's top bar, from the
 * page's `<template id="kp-top-game|main">` (the app's BalanceChip, rendered by the server in the
 * page's language): the lobby shows the balance before any of the app has loaded, and the app then
 * paints the same chip in the same place.
 *
 * A launch link's page (`?tgWebAppStartParam=…__2d`) is painted by the server in place of `/`
 * (`<html data-kp-path="/2d">`): the script first puts that path in the address bar, so the app
 * boots on the page the reader already sees.
 *
 * Plain ES2017 in a string (not a serialised function: a bundler's helpers would not exist in the
 * page). Outside Telegram it reads the URL's hash and stops. Allowed by its hash in the CSP
 * (TELEGRAM_EARLY_CSP_SOURCE), so `script-src` still names no other inline script.
 */
export const TELEGRAM_EARLY_SCRIPT = `(function () {
  try {
    var landing = document.documentElement.getAttribute('data-kp-path');
    if (landing && location.pathname !== landing) history.replaceState(history.state, '', landing + location.search + location.hash);
    var data = new URLSearchParams(location.hash.slice(1)).get('tgWebAppData');
    if (!data) return;
    var token = localStorage.getItem('token');
    var read = function (url, init) {
      return fetch(url, init).then(function (r) {
        return r.text().then(function (text) { return { status: r.status, type: r.headers.get('content-type') || '', text: text }; });
      });
    };
    var answer = token
      ? read('/api/user', { headers: { accept: 'application/json', authorization: 'Bearer ' + token } })
      : read('/api/auth/telegram', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ init_data: data })
        });
    window.__kpTelegramEarly = token ? { token: token, answer: answer } : { initData: data, answer: answer };
    answer.then(function (a) {
      var body = a.status === 200 ? JSON.parse(a.text) : null;
      // GET /user answers the player (in its envelope or bare), the sign-in { token, user }.
      var user = !body ? null : token ? (body.data && typeof body.data === 'object' ? body.data : body) : body.data.user;
      if (!user) return;
      var paint = function () {
        // The server's top bar (the app's always has its menu button: then the app shows the balance).
        var bar = document.querySelector('#root header > div');
        var main = /^\\/(2d(\\/|$)|morning-bet-slip|evening-bet-slip)/.test(location.pathname);
        var tpl = document.getElementById(main ? 'kp-top-main' : 'kp-top-game');
        var m = /^(-)?(\\d*)(?:\\.(\\d*))?$/.exec(String(main ? user.main_balance : user.balance).trim());
        if (!bar || !tpl || !m || bar.querySelector('button')) return;
        var whole = (m[2] || '0').replace(/^0+(?=\\d)/, '').replace(/\\B(?=(\\d{3})+(?!\\d))/g, ',');
        var amount = (m[1] || '') + whole + '.' + ((m[3] || '') + '00').slice(0, 2);
        bar.insertAdjacentHTML('beforeend', tpl.innerHTML.split('{amount}').join(amount));
      };
      if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', paint);
      else paint();
    }).catch(function () {});
  } catch (e) {}
})();`;

/** The script's CSP source: `script-src 'self'` plus this hash, which allows that text alone. */
export const TELEGRAM_EARLY_CSP_SOURCE = `'sha256-${createHash('sha256').update(TELEGRAM_EARLY_SCRIPT).digest('base64')}'`;

/**
 * Starts the app after the page's first contentful paint (docs/decisions/0040). The server's first
 * screen is in the page, so it should be painted before any of the app is fetched or evaluated: a
 * module script in the page runs as soon as the page is parsed, and evaluating React and the app
 * first would hold that paint on a slow phone; its downloads, begun with the page, share the slow
 * link with it (and Lighthouse counts every request that ends before the paint toward FCP and LCP).
 * The shell (routes/shell startAppAfterFirstPaint) leaves the entry, its imports and the icon in
 * `<meta name="kp-app" content="entry imports…" data-icon>`; this script adds them — the imports as
 * modulepreload links, so they download beside the entry, not after it — once the paint timing API
 * reports the first contentful paint (a page without a server-painted screen, as the console's, or a
 * hidden tab: at once; a browser without the API: after a timer). Allowed by its hash too (APP_START_CSP_SOURCE).
 * Until then it keeps the reader's last tap on a server-painted button, for the app to repeat.
 */
export const APP_START_SCRIPT = `(function () {
  // A tap on the server's first screen before the app has taken over (a Bet button, the menu)
  // would do nothing: the last such tap is kept for the app, which repeats it on its own copy of
  // that button once it has taken over (src/app/tap-replay.ts). \`__kpTap === null\` once it has.
  document.addEventListener('click', function (e) {
    if (window.__kpTap === null) return;
    var el = e.target && e.target.closest ? e.target.closest('#root button') : null;
    if (el) window.__kpTap = { label: el.getAttribute('aria-label') || '', text: (el.textContent || '').trim() };
  }, true);
  var started = false;
  var add = function (tag, attrs, done) {
    var el = document.createElement(tag);
    for (var k in attrs) el.setAttribute(k, attrs[k]);
    if (done) el.onload = el.onerror = done;
    document.head.appendChild(el);
  };
  var start = function () {
    var meta = document.querySelector('meta[name="kp-app"]');
    if (started || !meta) return;
    started = true;
    var urls = meta.getAttribute('content').split(' ');
    for (var i = 1; i < urls.length; i++) add('link', { rel: 'modulepreload', crossorigin: '', href: urls[i] });
    // All download at once; they run one at a time, each chunk after those it imports (the build
    // orders them so) and the entry last, a task each: no one long task evaluating the whole app.
    var next = 1;
    var run = function () {
      var src = next < urls.length ? urls[next++] : urls[0];
      add('script', { type: 'module', crossorigin: '', src: src }, src === urls[0] ? null : function () { setTimeout(run, 0); });
    };
    run();
    var icon = meta.getAttribute('data-icon');
    if (icon) add('link', { rel: 'icon', type: 'image/svg+xml', href: icon });
  };
  var later = function () { setTimeout(start, 0); };
  // Not before the page is parsed: a classic script later in the page may still hold the parser.
  var go = function () {
    // Nothing painted by the server (the console's page): nothing to wait for. A hidden tab paints nothing.
    var root = document.getElementById('root');
    if (!root || !root.firstElementChild || document.visibilityState === 'hidden') return start();
    try {
      new PerformanceObserver(function (list, observer) {
        if (!list.getEntriesByName('first-contentful-paint').length) return;
        observer.disconnect();
        later();
      }).observe({ type: 'paint', buffered: true });
    } catch (e) {
      requestAnimationFrame(later);
    }
    setTimeout(start, 1500);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', go);
  else go();
})();`;

export const APP_START_CSP_SOURCE = `'sha256-${createHash('sha256').update(APP_START_SCRIPT).digest('base64')}'`;
