import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCli } from '../support/admin-cli';
import { dbKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { ADMIN_TOKEN, contentCounts, mp4Bytes, pngBytes, svgBytes } from './content-admin-helpers';


const cli = runAdminCli;

describe.each(dbKinds)('content CLI (%s)', (kind) => {
  let server: TestServer;
  let env: Record<string, string>;
  let dir: string;
  const ids: number[] = [];

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { ADMIN_TOKEN } });
    env = { ADMIN_URL: server.url, ADMIN_TOKEN };
    dir = await mkdtemp(join(tmpdir(), 'kyatplay-content-cli-'));
    await writeFile(join(dir, 'promo.png'), pngBytes());
    await writeFile(join(dir, 'reel.mp4'), mp4Bytes(2048));
    await writeFile(join(dir, 'logo.png'), svgBytes()); // an SVG in disguise
  });
  afterAll(async () => {
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const publicTitles = async () => (await server.call('GET', '/api/promotion?lang=mm')).body.data.map((p: any) => p.title);

  it('creates a promotion with an image file and prints it', { timeout: 60_000 }, async () => {
    const run = await cli(
      ['content', 'promotions', 'create', '--title-en', 'Weekend Bonus', '--title-mm', 'စနေတနင်္ဂနွေ ဆုကြေး', '--description-en', '20% on Saturday deposits.', '--image', join(dir, 'promo.png')],
      env,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Promotion created.');
    expect(run.stdout).toMatch(/^\s*ID\s+SORT\s+STATUS\s+TITLE\s+DESCRIPTION\s+IMG_URL$/m);
    expect(run.stdout).toContain('Weekend Bonus');
    const url = /\/assets\/media\/[0-9a-f]{64}\.png/.exec(run.stdout)?.[0];
    expect(url).toBeDefined();
    const second = await cli(['content', 'promotions', 'create', '--title-en=Cashback', '--description-en', 'Daily.', '--img-url', url!, '--status', 'active'], env);
    expect(second.code, second.stderr).toBe(0);
    const list = (await server.call('GET', '/api/admin/content/promotions', { token: ADMIN_TOKEN })).body.data;
    ids.push(...list.map((r: any) => r.id));
    expect(list.map((r: any) => r.img_url)).toEqual([url, url]);
    expect(await publicTitles()).toEqual(['စနေတနင်္ဂနွေ ဆုကြေး', 'Cashback']);
  });

  it('lists, reorders, updates and deletes', { timeout: 60_000 }, async () => {
    const list = await cli(['content', 'promotions', 'list'], env);
    expect(list.code, list.stderr).toBe(0);
    const lines = list.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(new RegExp(`^\\s*${ids[0]}\\s+1\\s+active\\s+Weekend Bonus\\s+20% on Saturday deposits\\.`));
    expect(lines[2]).toContain('Cashback');

    const order = await cli(['content', 'promotions', 'order', String(ids[1]), String(ids[0])], env);
    expect(order.code, order.stderr).toBe(0);
    expect(order.stdout).toContain('Order saved.');
    expect(await publicTitles()).toEqual(['Cashback', 'စနေတနင်္ဂနွေ ဆုကြေး']);

    const hide = await cli(['content', 'promotions', 'update', String(ids[1]), '--status', 'hidden'], env);
    expect(hide.code, hide.stderr).toBe(0);
    expect(hide.stdout).toContain('Promotion updated.');
    expect(hide.stdout).toContain('hidden');
    expect(await publicTitles()).toEqual(['စနေတနင်္ဂနွေ ဆုကြေး']);

    const del = await cli(['content', 'promotions', 'delete', String(ids[1])], env);
    expect(del.code, del.stderr).toBe(0);
    expect(del.stdout).toContain('Promotion deleted.');
    const again = await cli(['content', 'promotions', 'delete', String(ids[1])], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('Promotion not found.');
  });

  it('manages the other kinds with their own flags, and uploads media on its own', { timeout: 60_000 }, async () => {
    const contact = await cli(['content', 'contacts', 'create', '--name', 'telegram', '--value', 'tg://resolve?domain=kyatplay'], env);
    expect(contact.code, contact.stderr).toBe(0);
    expect((await server.call('GET', '/api/contact')).body.data.map((c: any) => c.link)).toEqual(['tg://resolve?domain=kyatplay']);
    const video = await cli(['content', 'video-ads', 'create', '--video', join(dir, 'reel.mp4'), '--title-en', 'Reel'], env);
    expect(video.code, video.stderr).toBe(0);
    expect((await server.call('GET', '/api/videoads')).body.data[0].video_url).toMatch(/\.mp4$/);
    const upload = await cli(['media', 'upload', join(dir, 'promo.png')], env);
    expect(upload.code, upload.stderr).toBe(0);
    expect(upload.stdout).toMatch(/url\s+\/assets\/media\/[0-9a-f]{64}\.png/);
    expect(upload.stdout).toContain('image/png');
    const empty = await cli(['content', 'banner-texts', 'list'], env);
    expect(empty.stdout).toContain('No banner-texts.');
  });

  it('refusals: 422 and 401 exit 1; usage mistakes and unreadable files exit 2; nothing written', { timeout: 60_000 }, async () => {
    const before = await contentCounts(server.database.db);
    const bad = await cli(['content', 'contacts', 'create', '--name', 'x', '--value', 'javascript:alert(1)'], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('HTTP 422');
    expect(bad.stderr).toContain('value: The value field must be a link');
    const svg = await cli(['content', 'banners', 'create', '--image', join(dir, 'logo.png')], env);
    expect(svg.code).toBe(1);
    expect(svg.stderr).toContain('image: The image must be a PNG, JPEG, WebP or GIF image.');
    const wrong = await cli(['content', 'promotions', 'list'], { ADMIN_URL: server.url, ADMIN_TOKEN: 'y'.repeat(32) });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('HTTP 401');

    const usage: [string[], string][] = [
      [['content', 'adverts', 'list'], 'unknown content kind "adverts"'],
      [['content', 'promotions', 'fly'], 'unknown content action "fly"'],
      [['content', 'promotions', 'create', '--colour', 'red'], '--colour is not a field of promotions'],
      [['content', 'promotions', 'delete'], 'delete needs a numeric <id>'],
      [['content', 'promotions', 'order', 'x'], 'order needs numeric <id>s'],
      [['content', 'promotions', 'update', '1'], 'update needs at least one --<field>'],
      [['content', 'promotions', 'create', '--image', join(dir, 'missing.png')], 'cannot read'],
      [['media', 'upload'], 'media upload <file>'],
    ];
    const runs = await Promise.all(usage.map(([args]) => cli(args, env)));
    runs.forEach((run, i) => {
      expect(run.code, usage[i]![0].join(' ')).toBe(2);
      expect(run.stderr).toContain(usage[i]![1]);
    });
    const noToken = await cli(['content', 'promotions', 'list'], { ADMIN_URL: server.url });
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toContain('ADMIN_TOKEN is not set');
    expect(await contentCounts(server.database.db)).toEqual(before);

    const help = await cli(['help'], env);
    expect(help.stdout).toContain('content <kind> order <id> <id>');
    expect(help.stdout).toContain('media upload <file>');
  });
});
