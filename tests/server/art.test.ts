import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games, products, providers } from '../../server/db/schema';
import { DEMO_GAME_TYPES, DEMO_PROVIDERS, seedCatalogue } from '../../server/db/seed-catalogue';
import { invalidateCatalogue } from '../../server/domain/catalogue-cache';
import { escapeXml, wrapLines } from '../../server/routes/art/svg';
import { dbKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';

/**
 * A small XML well-formedness check (no DOMParser in Node): balanced, properly nested tags, one
 * root, quoted attributes without duplicates or raw `<`, and only the predefined or numeric
 * entity references. Returns the problems found (none for a well-formed document).
 */
function xmlProblems(doc: string): string[] {
  const problems: string[] = [];
  const badEntity = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/;
  const name = /^[A-Za-z_][\w.:-]*/;
  const stack: string[] = [];
  let roots = 0;
  let i = 0;
  while (i < doc.length) {
    const lt = doc.indexOf('<', i);
    const text = doc.slice(i, lt === -1 ? doc.length : lt);
    if (badEntity.test(text)) problems.push(`bad entity in text near ${JSON.stringify(text.slice(0, 40))}`);
    if (stack.length === 0 && text.trim()) problems.push(`text outside the root: ${JSON.stringify(text.slice(0, 40))}`);
    if (lt === -1) break;
    if (doc.startsWith('<?', lt) || doc.startsWith('<!--', lt)) {
      const close = doc.startsWith('<?', lt) ? '?>' : '-->';
      const end = doc.indexOf(close, lt);
      if (end === -1) return [...problems, 'unterminated declaration or comment'];
      i = end + close.length;
      continue;
    }
    if (doc.startsWith('<!', lt)) return [...problems, 'DOCTYPE or CDATA not expected'];
    if (doc.startsWith('</', lt)) {
      const end = doc.indexOf('>', lt);
      const closing = doc.slice(lt + 2, end).trim();
      const open = stack.pop();
      if (open !== closing) problems.push(`</${closing}> closes <${open}>`);
      i = end + 1;
      continue;
    }
    let j = lt + 1;
    const tag = name.exec(doc.slice(j))?.[0];
    if (!tag) return [...problems, `bad tag name at ${lt}`];
    j += tag.length;
    const seen = new Set<string>();
    for (;;) {
      const ws = /^\s*/.exec(doc.slice(j))![0];
      j += ws.length;
      if (doc.startsWith('/>', j)) {
        j += 2;
        if (stack.length === 0) roots += 1;
        break;
      }
      if (doc[j] === '>') {
        j += 1;
        if (stack.length === 0) roots += 1;
        stack.push(tag);
        break;
      }
      if (!ws) return [...problems, `no space before attribute in <${tag}>`];
      const attr = name.exec(doc.slice(j))?.[0];
      if (!attr) return [...problems, `bad attribute in <${tag}> at ${j}`];
      if (seen.has(attr)) problems.push(`duplicate attribute ${attr} in <${tag}>`);
      seen.add(attr);
      j += attr.length;
      const quote = doc[j + 1];
      if (doc[j] !== '=' || (quote !== '"' && quote !== "'")) return [...problems, `unquoted ${attr} in <${tag}>`];
      const end = doc.indexOf(quote, j + 2);
      if (end === -1) return [...problems, `unterminated ${attr}`];
      const value = doc.slice(j + 2, end);
      if (value.includes('<')) problems.push(`raw < in ${attr}`);
      if (badEntity.test(value)) problems.push(`bad entity in ${attr}: ${value.slice(0, 40)}`);
      j = end + 1;
    }
    i = j;
  }
  if (stack.length) problems.push(`unclosed: ${stack.join(' > ')}`);
  if (roots !== 1) problems.push(`${roots} root elements`);
  return problems;
}

describe('unit: xml check, escaping and wrapping', () => {
  it('the checker catches what it should', () => {
    expect(xmlProblems('<svg a="1"><g/><text>a &amp; b</text></svg>')).toEqual([]);
    expect(xmlProblems('<svg><g></svg>')).not.toEqual([]);
    expect(xmlProblems('<svg><text>a & b</text></svg>')).not.toEqual([]);
    expect(xmlProblems('<svg a="<"/>')).not.toEqual([]);
    expect(xmlProblems('<svg a=1/>')).not.toEqual([]);
    expect(xmlProblems('<svg/><svg/>')).not.toEqual([]);
    expect(xmlProblems('<svg a="1" a="2"/>')).not.toEqual([]);
  });

  it('escapes markup and drops characters XML cannot carry', () => {
    expect(escapeXml(`<a href="x">Tom's & Jerry</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom&apos;s &amp; Jerry&lt;/a&gt;');
    expect(escapeXml('a\u0000b\u0007c\uFFFEd\uD800e')).toBe('abcde');
    expect(escapeXml('ကြိုဆို 😀')).toBe('ကြိုဆို 😀');
  });

  it('wraps names into at most two lines, cutting with an ellipsis', () => {
    expect(wrapLines('Dancing Reels', 14, 2)).toEqual(['Dancing Reels']);
    expect(wrapLines('Lights of the Pharaohs', 14, 2)).toEqual(['Lights of the', 'Pharaohs']);
    expect(wrapLines('Supercalifragilisticexpialidocious', 14, 2)).toEqual(['Supercalifragi', 'listicexpiali…']);
    expect(wrapLines('a b c d e f g h i j k l m n o p q r s t u v w x y z', 6, 2)).toEqual(['a b c', 'd e f…']);
  });
});

describe.each(dbKinds)('generated artwork (%s)', (kind) => {
  let server: TestServer;
  const db = () => server.database.db;

  beforeAll(async () => {
    server = await startTestServer(kind);
    await seedCatalogue(server.database.db);
    invalidateCatalogue();
  });
  afterAll(async () => {
    await server?.close();
  });

  async function fetchSvg(path: string, headers?: Record<string, string>) {
    const res = await fetch(server.url + path, { headers });
    return { res, body: await res.text() };
  }

  async function expectGoodSvg(path: string, size?: { width: number; height: number }) {
    const { res, body } = await fetchSvg(path);
    expect(res.status, path).toBe(200);
    expect(res.headers.get('content-type'), path).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers.get('cache-control'), path).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
    expect(Buffer.byteLength(body), path).toBeLessThanOrEqual(4096);
    expect(xmlProblems(body), path).toEqual([]);
    expect(body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), path).toBe(true);
    if (size) expect(body, path).toContain(`width="${size.width}" height="${size.height}"`);
    return body;
  }

  it('draws every seeded game tile: 300×300, well-formed, at most 4 kB', async () => {
    const rows = await db().select({ id: games.id, imageUrl: games.imageUrl }).from(games).orderBy(asc(games.id));
    expect(rows.length).toBeGreaterThan(500);
    for (let i = 0; i < rows.length; i += 25) {
      await Promise.all(
        rows.slice(i, i + 25).map(async (r) => {
          expect(r.imageUrl).toBe(`/assets/art/game/${r.id}.svg`);
          await expectGoodSvg(r.imageUrl, { width: 300, height: 300 });
        }),
      );
    }
  });

  it('puts the game name, the provider code and the provider colour on the tile', async () => {
    const [row] = await db()
      .select({ id: games.id, name: games.gameName, code: providers.code, color: providers.color })
      .from(games)
      .innerJoin(products, eq(products.id, games.productId))
      .innerJoin(providers, eq(providers.id, products.providerId))
      .where(eq(providers.code, 'PP'))
      .limit(1);
    const body = await expectGoodSvg(`/assets/art/game/${row!.id}.svg`);
    for (const word of row!.name.split(' ')) expect(body).toContain(word);
    expect(body).toContain('>PP</text>');
    expect(body.toLowerCase()).toContain(row!.color.toLowerCase());
    // Deterministic: the same tile every time.
    expect((await fetchSvg(`/assets/art/game/${row!.id}.svg`)).body).toBe(body);
  });

  it('escapes a name and a provider full of markup, and ignores a bad colour', async () => {
    const [evil] = await db()
      .insert(providers)
      .values({ code: 'EVIL', name: `Evil & <Co> "Ltd"`, shortName: 'EVIL', color: 'red"/><script>', imgUrl: '/x.svg' })
      .returning({ id: providers.id });
    const [product] = await db()
      .insert(products)
      .values({ providerId: evil!.id, gameTypeId: 13, productCode: 9901, productName: 'Evil', productTitle: 'Evil Others', status: 0 })
      .returning({ id: products.id });
    const [game] = await db()
      .insert(games)
      .values({
        productId: product!.id,
        gameCode: 'evil-1',
        gameName: `<script>alert("x")</script> & Tom's ]]> \u0001`,
        imageUrl: '/x.svg',
      })
      .returning({ id: games.id });
    for (const path of [`/assets/art/game/${game!.id}.svg`, '/assets/art/provider/EVIL.svg']) {
      const body = await expectGoodSvg(path);
      expect(body).not.toMatch(/<script/i);
      expect(body).not.toContain('red"');
      if (path.includes('game')) {
        expect(body).toContain('&lt;script&gt;');
        expect(body).toContain('&amp;');
      } else {
        expect(body).toContain('Evil &amp; &lt;Co&gt; &quot;Ltd&quot;');
      }
    }
  });

  it('draws every provider logo tile (300×200), whatever the case of the code', async () => {
    for (const p of DEMO_PROVIDERS) {
      const body = await expectGoodSvg(`/assets/art/provider/${p.code}.svg`, { width: 300, height: 200 });
      expect(body).toContain(`>${p.code}</text>`);
    }
    expect((await fetchSvg('/assets/art/provider/jili.svg')).res.status).toBe(200);
  });

  it('draws an icon for every type code, and a star for any other code', async () => {
    const bodies = new Set<string>();
    for (const t of DEMO_GAME_TYPES) bodies.add(await expectGoodSvg(`/assets/art/type/${t.code}.svg`, { width: 96, height: 96 }));
    expect(bodies.size).toBe(DEMO_GAME_TYPES.length);
    await expectGoodSvg('/assets/art/type/bingo.svg', { width: 96, height: 96 });
  });

  it('draws the banners (1200×400) and the pop-up ad (800×300) with bold text', async () => {
    for (const n of [1, 2, 3]) {
      const body = await expectGoodSvg(`/assets/art/banner/${n}.svg`, { width: 1200, height: 400 });
      expect(body).toContain('font-weight="900"');
    }
    expect(await expectGoodSvg('/assets/art/popup/1.svg', { width: 800, height: 300 })).toContain('FIRST DEPOSIT BONUS');
  });

  it('answers 404 (not cached) for anything it does not draw', async () => {
    for (const path of [
      '/assets/art/game/999999.svg',
      '/assets/art/game/0.svg',
      '/assets/art/game/abc.svg',
      '/assets/art/game/1.png',
      '/assets/art/provider/NOPE.svg',
      '/assets/art/provider/a%20b.svg',
      '/assets/art/type/BAD%3C.svg',
      '/assets/art/banner/9.svg',
      '/assets/art/popup/2.svg',
      '/assets/art/other/1.svg',
    ]) {
      const { res } = await fetchSvg(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('answers a matching If-None-Match with 304, and ignores a version query', async () => {
    const { res, body } = await fetchSvg('/assets/art/banner/1.svg');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetchSvg('/assets/art/banner/1.svg', { 'if-none-match': etag });
    expect(again.res.status).toBe(304);
    expect((await fetchSvg('/assets/art/banner/1.svg?v=2')).body).toBe(body);
  });

  it('is served before the static files when the site is built', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kp-art-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>shell</title>');
    writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
    const site = await startTestServer(kind, { database: server.database, env: { STATIC_DIR: dir } });
    try {
      const art = await fetch(site.url + '/assets/art/type/slot.svg');
      expect(art.status).toBe(200);
      expect(art.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      expect((await fetch(site.url + '/assets/app.js')).status).toBe(200);
      expect((await fetch(site.url + '/assets/art/game/999999.svg')).status).toBe(404);
      expect((await fetch(site.url + '/assets/missing.js')).status).toBe(404);
    } finally {
      await site.close();
    }
  });
});
