/**
 * Lighthouse mobile (its default: simulated slow 4G, 4× CPU slowdown) on five pages of a fresh demo
 * install, as a guest, plus the home page of the logged-in demo player; each page BENCH_RUNS times
 * (default 3). Prints the median performance score, FCP, LCP, TBT, CLS and bytes per page, and the
 * LCP element of the median run, against the targets of issue 14.
 *
 *   npm run bench:lighthouse        (builds first)   BENCH_RUNS=3 BENCH_PAGES='/2d,/digitbet'
 *
 * The server is the production one (bench/support/site-process.ts) on PGlite in a temporary
 * DATA_DIR; Chromium is Debian's (/usr/bin/chromium, CHROMIUM_PATH), driven through its debugging
 * port: Playwright holds the browser (to log the player in), Lighthouse audits over the same port.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_USER_NAME } from '../server/db/seed';
import { startSite } from './support/site-process';
import { freePort } from '../tests/support/free-port';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const GUEST_PAGES = ['/?type=all', '/?type=1&provider=1', '/2d', '/digitbet', '/promotion'];
const PLAYER_PAGES = ['/?type=all'];
const only = process.env.BENCH_PAGES?.split(',').map((s) => s.trim());
const TARGET = { score: 95, lcp: 2000, cls: 0.05, tbt: 150 };

interface Run {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
  lcpElement: string;
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

function lcpElementOf(audits: Record<string, { details?: unknown }>): string {
  const details = audits['largest-contentful-paint-element']?.details as { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined;
  const snippet = details?.items?.[0]?.items?.[0]?.node?.snippet ?? '?';
  return snippet.length > 110 ? `${snippet.slice(0, 107)}…` : snippet;
}

async function main() {
  const site = await startSite();
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'kp-lh-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--remote-debugging-port=${port}`],
  });
  const rows: string[] = [];
  let failures = 0;
  try {
    const helper = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(helper);
    const session = await login(site.url);
    console.log(`server: ${site.runs}; ${RUNS} run(s) per page\n`);
    const pages = [...GUEST_PAGES.map((path) => ({ path, player: false })), ...PLAYER_PAGES.map((path) => ({ path, player: true }))].filter(
      (p) => !only || only.includes(p.path),
    );
    for (const { path, player } of pages) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        if (player) {
          // Lighthouse would clear the origin's storage (the token with it): keep storage, clear the HTTP cache by hand.
          await helper.goto(`${site.url}/healthz`);
          await helper.evaluate((s) => {
            localStorage.clear();
            localStorage.setItem('token', s.token);
            localStorage.setItem('userProfile', JSON.stringify(s.user));
          }, session);
          await cdp.send('Network.clearBrowserCache');
        }
        const result = await lighthouse(`${site.url}${path}`, {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          disableStorageReset: player,
        });
        if (!result) throw new Error(`lighthouse returned nothing for ${path}`);
        const { lhr } = result;
        const a = lhr.audits;
        runs.push({
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          fcp: a['first-contentful-paint']?.numericValue ?? NaN,
          lcp: a['largest-contentful-paint']?.numericValue ?? NaN,
          tbt: a['total-blocking-time']?.numericValue ?? NaN,
          cls: a['cumulative-layout-shift']?.numericValue ?? NaN,
          bytes: a['total-byte-weight']?.numericValue ?? NaN,
          lcpElement: lcpElementOf(a as Record<string, { details?: unknown }>),
        });
      }
      const m = {
        score: median(runs.map((r) => r.score)),
        fcp: median(runs.map((r) => r.fcp)),
        lcp: median(runs.map((r) => r.lcp)),
        tbt: median(runs.map((r) => r.tbt)),
        cls: median(runs.map((r) => r.cls)),
        bytes: median(runs.map((r) => r.bytes)),
      };
      const ok = m.score >= TARGET.score && m.lcp <= TARGET.lcp && m.cls <= TARGET.cls && m.tbt <= TARGET.tbt;
      if (!ok) failures++;
      const byScore = [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)]!;
      const who = player ? 'player' : 'guest ';
      const line =
        `${who} ${path.padEnd(22)} score ${String(m.score).padStart(3)} (${runs.map((r) => r.score).join('/')})  ` +
        `FCP ${(m.fcp / 1000).toFixed(2)} s  LCP ${(m.lcp / 1000).toFixed(2)} s  TBT ${Math.round(m.tbt)} ms  CLS ${m.cls.toFixed(3)}  ` +
        `${(m.bytes / 1024).toFixed(0)} KiB  ${ok ? 'OK' : 'UNDER TARGET'}\n        LCP element: ${byScore.lcpElement}`;
      console.log(line);
      rows.push(line);
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    await site.stop();
  }
  console.log(`\ntargets: score >= ${TARGET.score}, LCP <= ${TARGET.lcp / 1000} s, CLS <= ${TARGET.cls}, TBT <= ${TARGET.tbt} ms (medians); ${failures ? `${failures} page(s) under target` : 'all pages on target'}`);
}

await main();
