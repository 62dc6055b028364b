/**
 * Bytes on the wire for `/`, as the server sends them: starts the built server on a fresh demo
 * install (bench/support/site-process.ts), lets Chromium load `/` at 390×844 as a guest to learn
 * what the page really loads before it settles (the entry, its imports, the lobby's chunks, CSS,
 * images, API reads), then fetches each of those again with `Accept-Encoding: br, gzip` and counts
 * the body bytes the server sent. Prints each resource, flags any over 60 kB, and sums JS and CSS
 * against the targets of issues 14 and 30 (JS for `/` <= 120 kB, no first-screen resource over 60 kB).
 *
 *   npm run bench:bundle      (builds first; KP_DIST / KP_SERVER_DIST pick other build folders)
 */
import { request } from 'node:http';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { SITE_DIST, startSite } from './support/site-process';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const KB = 1024;
const TARGET = { js: 120 * KB, css: 10 * KB, single: 60 * KB };

/** The raw answer's body size and coding (node:http does not decompress). */
function wire(url: string): Promise<{ bytes: number; coding: string; status: number }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (d: Buffer) => (bytes += d.length));
      res.on('end', () => resolve({ bytes, coding: String(res.headers['content-encoding'] ?? 'identity'), status: res.statusCode ?? 0 }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function kindOf(path: string, type: string): 'js' | 'css' | 'html' | 'api' | 'other' {
  if (path.startsWith('/api/')) return 'api';
  if (type === 'script' || path.endsWith('.js')) return 'js';
  if (type === 'stylesheet' || path.endsWith('.css')) return 'css';
  if (type === 'document') return 'html';
  return 'other';
}

async function main() {
  const site = await startSite();
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'] });
  const loaded = new Map<string, string>();
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.origin === site.url) loaded.set(url.pathname + url.search, r.resourceType());
    });
    await page.goto(`${site.url}/`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    await context.close();

    const sums = { js: 0, css: 0, html: 0, api: 0, other: 0 };
    const over: string[] = [];
    console.log(`server: ${site.runs}\n`);
    for (const [path, type] of loaded) {
      const { bytes, coding, status } = await wire(site.url + path);
      const kind = kindOf(path.split('?')[0]!, type);
      sums[kind] += bytes;
      const flag = bytes > TARGET.single ? '  OVER 60 kB' : '';
      if (flag) over.push(path);
      console.log(`${(bytes / KB).toFixed(1).padStart(7)} kB  ${coding.padEnd(8)} ${kind.padEnd(5)} ${status} ${path}${flag}`);
    }
    const js = readdirSync(join(SITE_DIST, 'assets')).filter((f) => f.endsWith('.js'));
    const lazy = js.filter((f) => !loaded.has(`/assets/${f}`));
    console.log(`\nlazy chunks not loaded by /: ${lazy.length} of ${js.length}`);
    const kb = (n: number) => (n / KB).toFixed(1);
    console.log(`HTML        ${kb(sums.html)} kB on the wire`);
    console.log(`JS for /    ${kb(sums.js)} kB on the wire (target <= 120)  ${sums.js <= TARGET.js ? 'OK' : 'OVER'}`);
    console.log(`CSS for /   ${kb(sums.css)} kB on the wire (target <= 10)   ${sums.css <= TARGET.css ? 'OK' : 'OVER'}`);
    console.log(`API reads   ${kb(sums.api)} kB on the wire; images and other ${kb(sums.other)} kB`);
    console.log(`largest single resource <= 60 kB: ${over.length ? `OVER (${over.join(', ')})` : 'OK'}`);
  } finally {
    await browser.close();
    await site.stop();
  }
}

await main();
