/**
 * Lighthouse mobile (its default: simulated slow 4G, 4× CPU slowdown) on five pages of a fresh demo
 * install as a guest, in English and in Burmese (the `kp_lan=mm` cookie a returning Burmese reader
 * sends), plus the logged-in demo player's home in Burmese: eleven pages, each BENCH_RUNS times
 * (default 3), English and Burmese runs of a page interleaved so both meet the same machine load.
 * Prints a table of medians (score, FCP, LCP, TBT, CLS, bytes) and each page's LCP element, against
 * the targets of issue 30, with the load average before and after (a shared machine inflates
 * Lighthouse's simulated times: compare figures of one run, and take the final ones on a quiet one).
 *
 *   npm run bench:lighthouse        (builds first)   BENCH_RUNS=3 BENCH_PAGES='/2d,/digitbet' BENCH_LANGS=mm
 *   BENCH_REPORT_DIR=<dir>          each run's Lighthouse report (JSON) kept there, to see why a figure is what it is
 *
 * The server is the production one (bench/support/site-process.ts) on PGlite in a temporary
 * DATA_DIR; Chromium is Debian's (/usr/bin/chromium, CHROMIUM_PATH), driven through its debugging
 * port: Playwright holds the browser (to log the player in), Lighthouse audits over the same port.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_USER_NAME } from '../server/db/seed';
import { startSite } from './support/site-process';
import { freePort } from '../tests/support/free-port';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
type Lang = 'en' | 'mm';
const GUEST_PAGES = ['/?type=all', '/?type=1&provider=1', '/2d', '/digitbet', '/promotion'];
/** A logged-in player reads the site in Burmese. */
const PLAYER_PAGES: Array<{ path: string; lang: Lang }> = [{ path: '/?type=all', lang: 'mm' }];
const only = process.env.BENCH_PAGES?.split(',').map((s) => s.trim());
const langs = (process.env.BENCH_LANGS?.split(',').map((s) => s.trim()) ?? ['en', 'mm']) as Lang[];
const TARGET = { score: 100, lcp: 1200, cls: 0.01, tbt: 50 };

interface Run {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
  lcpElement: string;
}

interface Target {
  path: string;
  lang: Lang;
  player: boolean;
}

async function login(url: string): Promise<{ token: string; user: unknown }> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ user_name: DEMO_USER_NAME, password: DEMO_PASSWORD }),
  });
  const body = (await res.json()) as { data?: { token?: string; user?: unknown } };
  if (!res.ok || !body.data?.token) throw new Error(`login failed: ${res.status}`);
  return { token: body.data.token, user: body.data.user };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const load = () => loadavg().map((n) => n.toFixed(1)).join(' ');

function lcpElementOf(audits: Record<string, { details?: unknown }>): string {
  const details = audits['largest-contentful-paint-element']?.details as { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined;
  const snippet = details?.items?.[0]?.items?.[0]?.node?.snippet ?? '?';
  return snippet.length > 110 ? `${snippet.slice(0, 107)}…` : snippet;
}

function medians(runs: Run[]) {
  return {
    score: median(runs.map((r) => r.score)),
    fcp: median(runs.map((r) => r.fcp)),
    lcp: median(runs.map((r) => r.lcp)),
    tbt: median(runs.map((r) => r.tbt)),
    cls: median(runs.map((r) => r.cls)),
    bytes: median(runs.map((r) => r.bytes)),
  };
}

// Long because it is the bench's whole loop: start, interleave the languages' runs, print, stop.
async function main() {
  const site = await startSite();
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'kp-lh-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--remote-debugging-port=${port}`],
  });
  const results = new Map<string, Run[]>();
  const key = (t: Target) => `${t.player ? 'player' : 'guest'}|${t.path}|${t.lang}`;
  const loadBefore = load();
  try {
    const helper = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(helper);
    const session = await login(site.url);
    console.log(`server: ${site.runs}; ${RUNS} run(s) per page; load average ${loadBefore}\n`);
    const targets: Target[] = [
      ...GUEST_PAGES.flatMap((path) => langs.map((lang) => ({ path, lang, player: false }))),
      ...PLAYER_PAGES.filter((p) => langs.includes(p.lang)).map((p) => ({ ...p, player: true })),
    ].filter((t) => !only || only.includes(t.path));
    // Runs of one page in both languages alternate: en, mm, en, mm … under the same load.
    const pages = [...new Set(targets.map((t) => `${t.player}|${t.path}`))];
    for (const page of pages) {
      const ofPage = targets.filter((t) => `${t.player}|${t.path}` === page);
      for (let i = 0; i < RUNS; i++) {
        for (const target of ofPage) {
          const run = await audit(site.url, port, target, helper, cdp, session);
          results.set(key(target), [...(results.get(key(target)) ?? []), run]);
          process.stdout.write('.');
        }
      }
    }
    process.stdout.write('\n\n');
    printTable(targets.map((t) => ({ target: t, runs: results.get(key(t)) ?? [] })));
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    await site.stop();
  }
  console.log(`load average before ${loadBefore}, after ${load()}`);
}

/**
 * One Lighthouse run of a page. Its storage reset would clear the cookie jar, so each run resets by
 * hand instead (cookies, storage, HTTP cache) and sets what the reader's browser holds: a Burmese
 * reader's `kp_lan=mm` cookie; the player's session (and chosen language) too.
 */
async function audit(url: string, port: number, target: Target, helper: import('playwright-core').Page, cdp: import('playwright-core').CDPSession, session: { token: string; user: unknown }): Promise<Run> {
  await helper.goto(`${url}/healthz`);
  await cdp.send('Network.clearBrowserCookies');
  await helper.evaluate(
    ({ s, lang, player }) => {
      localStorage.clear();
      sessionStorage.clear();
      if (lang !== 'en') document.cookie = `kp_lan=${lang}; path=/`;
      if (!player) return;
      localStorage.setItem('token', s.token);
      localStorage.setItem('userProfile', JSON.stringify(s.user));
      localStorage.setItem('lan', lang);
      document.cookie = 'kp_in=1; path=/';
    },
    { s: session, lang: target.lang, player: target.player },
  );
  await cdp.send('Network.clearBrowserCache');
  const result = await lighthouse(`${url}${target.path}`, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: true,
  });
  if (!result) throw new Error(`lighthouse returned nothing for ${target.path}`);
  const { lhr } = result;
  const reports = process.env.BENCH_REPORT_DIR;
  if (reports) {
    mkdirSync(reports, { recursive: true });
    const name = `${target.player ? 'player' : 'guest'}${target.path.replace(/[^a-z0-9]+/gi, '_')}${target.lang}-${Date.now()}.json`;
    writeFileSync(join(reports, name), JSON.stringify(lhr));
  }
  const a = lhr.audits;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: a['first-contentful-paint']?.numericValue ?? NaN,
    lcp: a['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: a['total-blocking-time']?.numericValue ?? NaN,
    cls: a['cumulative-layout-shift']?.numericValue ?? NaN,
    bytes: a['total-byte-weight']?.numericValue ?? NaN,
    lcpElement: lcpElementOf(a as Record<string, { details?: unknown }>),
  };
}

function printTable(rows: Array<{ target: Target; runs: Run[] }>) {
  let failures = 0;
  const head = `${'who'.padEnd(7)}${'page'.padEnd(22)}${'lang'.padEnd(5)}${'score'.padStart(13)}${'FCP'.padStart(8)}${'LCP'.padStart(8)}${'TBT'.padStart(8)}${'CLS'.padStart(8)}${'KiB'.padStart(6)}  verdict`;
  console.log(head);
  console.log('-'.repeat(head.length + 6));
  const elements: string[] = [];
  for (const { target, runs } of rows) {
    if (!runs.length) continue;
    const m = medians(runs);
    const ok = m.score >= TARGET.score && m.lcp <= TARGET.lcp && m.cls <= TARGET.cls && m.tbt <= TARGET.tbt;
    if (!ok) failures++;
    const byLcp = [...runs].sort((a, b) => a.lcp - b.lcp)[Math.floor(runs.length / 2)]!;
    const scores = `${m.score} (${runs.map((r) => r.score).join('/')})`;
    console.log(
      `${(target.player ? 'player' : 'guest').padEnd(7)}${target.path.padEnd(22)}${target.lang.padEnd(5)}${scores.padStart(13)}` +
        `${`${(m.fcp / 1000).toFixed(2)}s`.padStart(8)}${`${(m.lcp / 1000).toFixed(2)}s`.padStart(8)}${`${Math.round(m.tbt)}ms`.padStart(8)}` +
        `${m.cls.toFixed(3).padStart(8)}${(m.bytes / 1024).toFixed(0).padStart(6)}  ${ok ? 'OK' : 'UNDER TARGET'}`,
    );
    elements.push(`${target.player ? 'player' : 'guest'} ${target.path} ${target.lang}: ${byLcp.lcpElement}`);
  }
  console.log('\nLCP element (median run):');
  for (const e of elements) console.log(`  ${e}`);
  console.log(
    `\ntargets (issue 30, medians): score ${TARGET.score}, LCP <= ${TARGET.lcp / 1000} s, CLS <= ${TARGET.cls}, TBT <= ${TARGET.tbt} ms; ` +
      `${failures ? `${failures} page(s) under target` : 'all pages on target'}`,
  );
}

await main();
