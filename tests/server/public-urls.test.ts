import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/db/seed';
import { dbKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { registerPlayer } from './accounts-helpers';

/**
 * Issue 15: with PUBLIC_URL set, every URL the API returns for images, videos, media, game launch
 * and Shan launch is absolute on it, so a page on another origin uses them as they are; the fields
 * the existing frontend prefixes with its own API host stay root-relative (api-contract.md
 * § Conventions). Without PUBLIC_URL the stored root-relative paths are returned as before.
 */
const PUBLIC = 'https://play.example.com';

/** Where a root-relative path may still appear with PUBLIC_URL set: the fields the existing frontend prefixes. */
const PREFIXED_BY_CLIENT = new Set(['img_url', 'image', 'video_url']);
/** /banks and /agent-payment-type: the bank logo `img` is prefixed too ("loaded from a fixed host plus path"). */
const PREFIXED_ON_BANKS = new Set([...PREFIXED_BY_CLIENT, 'img']);
/** A `link` that is root-relative is a page of the player site, not a file: the pop-up ad's ('/top-up/bank'), which the site routes to itself. */
const SITE_ROUTES = new Set(['link']);

/** Every string under a key, with the key, anywhere in a JSON value. */
function strings(value: unknown, key = ''): [string, string][] {
  if (typeof value === 'string') return [[key, value]];
  if (Array.isArray(value)) return value.flatMap((v) => strings(v, key));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => strings(v, k));
  return [];
}
const rootRelative = (s: string) => s.startsWith('/') && !s.startsWith('//');

async function answers(server: TestServer) {
  const player = await registerPlayer(server);
  const get = async (path: string) => {
    const res = await server.call('GET', path, { token: player.token });
    expect(res.status, path).toBe(200);
    return res.body.data;
  };
  const types = await get('/api/game_types');
  const slot = types.find((t: { code: string }) => t.code === 'slot');
  const hot = await get('/api/hot_game_lists');
  const game = hot[0];
  const launch = await server.call('POST', '/api/seamless/launch-game', {
    token: player.token,
    body: { game_code: game.game_code, product_code: game.product_code, game_type: game.game_type },
  });
  expect(launch.status, JSON.stringify(launch.body)).toBe(200);
  const shan = await server.call('POST', '/api/shan-launch-game', { token: player.token, body: { member_account: player.userName } });
  expect(shan.status, JSON.stringify(shan.body)).toBe(200);
  return {
    types,
    providers: await get('/api/providers/slot'),
    games: await get(`/api/game_lists/${slot.id}/${slot.providers[0].id}`),
    hot,
    content: {
      banner: await get('/api/banner'),
      popup: await get('/api/popup-ads-banner'),
      promotion: await get('/api/promotion'),
      contact: await get('/api/contact'),
      videoads: await get('/api/videoads'),
    },
    banks: { banks: await get('/api/banks'), agentPaymentType: await get('/api/agent-payment-type') },
    launchUrl: launch.body.url as string,
    shanUrl: shan.body.launch_game_url as string,
  };
}
type Answers = Awaited<ReturnType<typeof answers>>;

/** The art a client uses as it is: type icons, provider logos (`img`), game art, video posters. */
function rawArt(a: Answers): string[] {
  return [
    ...a.types.map((t: { img: string }) => t.img),
    ...a.types.flatMap((t: { providers: { img: string }[] }) => t.providers.map((p) => p.img)),
    ...a.providers.map((p: { img: string }) => p.img),
    ...[...a.games, ...a.hot].flatMap((g: { image_url: string; img: string }) => [g.image_url, g.img]),
    ...a.content.videoads.map((v: { poster_url: string }) => v.poster_url),
  ];
}

describe.each(dbKinds)('URLs the API returns (%s)', (kind) => {
  let plain: TestServer;
  let published: TestServer;
  let withUrl: Answers;
  let without: Answers;
  beforeAll(async () => {
    [plain, published] = await Promise.all([startTestServer(kind), startTestServer(kind, { env: { PUBLIC_URL: PUBLIC } })]);
    await Promise.all([seedDemo(plain.database.db), seedDemo(published.database.db)]);
    [without, withUrl] = await Promise.all([answers(plain), answers(published)]);
  });
  afterAll(async () => {
    await Promise.all([plain?.close(), published?.close()]);
  });

  it('with PUBLIC_URL: game art, provider logos, type icons and posters are absolute on it, and the paths serve them', async () => {
    const art = rawArt(withUrl);
    expect(art.length).toBeGreaterThan(20);
    expect(withUrl.content.videoads.length).toBeGreaterThan(0);
    for (const url of art) expect(url, url).toMatch(/^https:\/\/play\.example\.com\/assets\//);
    // The same paths on this server are the real pictures.
    for (const url of [withUrl.hot[0].image_url, withUrl.types[0].providers[0].img, withUrl.types[0].img, withUrl.content.videoads[0].poster_url]) {
      const res = await fetch(published.url + new URL(url).pathname + new URL(url).search);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type'), url).toMatch(/^image\//);
    }
  });

  it('with PUBLIC_URL: the game launch and Shan launch URLs are absolute on it', () => {
    expect(withUrl.launchUrl).toMatch(/^https:\/\/play\.example\.com\/demo-aggregator\/slot\?t=/);
    expect(withUrl.shanUrl).toMatch(/^https:\/\/play\.example\.com\/demo-shan\/play\?session=/);
  });

  it('with PUBLIC_URL: the only root-relative values left are the fields the existing frontend prefixes itself', () => {
    const { banks, ...rest } = withUrl;
    const leftovers = [
      ...strings(rest).filter(([k, s]) => rootRelative(s) && !PREFIXED_BY_CLIENT.has(k) && !SITE_ROUTES.has(k)),
      ...strings(banks).filter(([k, s]) => rootRelative(s) && !PREFIXED_ON_BANKS.has(k)),
    ];
    expect(leftovers).toEqual([]);
    // …and those keep the contract's root-relative form.
    const prefixed = [...strings(rest).filter(([k]) => PREFIXED_BY_CLIENT.has(k)), ...strings(banks).filter(([k]) => PREFIXED_ON_BANKS.has(k))];
    expect(prefixed.map(([k]) => k)).toEqual(expect.arrayContaining(['img_url', 'image', 'video_url', 'img']));
    for (const [k, s] of prefixed) expect(s, k).toMatch(/^\/assets\//);
    // A site route is a page of the player site, never a file under /assets.
    const routes = strings(rest).filter(([k]) => SITE_ROUTES.has(k));
    expect(routes.map(([, s]) => s)).toContain('/top-up/bank');
    for (const [k, s] of routes.filter(([, s]) => rootRelative(s))) expect(s, k).not.toMatch(/^\/assets\//);
  });

  it('without PUBLIC_URL: everything stays as stored, root-relative, and the launch URL opens on this server', async () => {
    for (const url of rawArt(without)) expect(url, url).toMatch(/^\/assets\//);
    expect(without.launchUrl).toMatch(/^\/demo-aggregator\/slot\?t=/);
    expect((await fetch(plain.url + without.launchUrl)).status).toBe(200);
    // The Shan launch was absolute already: on the address the request reached.
    expect(without.shanUrl.startsWith(`${plain.url}/demo-shan/play?session=`)).toBe(true);
    // The prefixed fields are identical with and without PUBLIC_URL.
    expect(without.content).toEqual({ ...withUrl.content, videoads: without.content.videoads });
    expect(without.content.videoads.map((v: { video_url: string }) => v.video_url)).toEqual(withUrl.content.videoads.map((v: { video_url: string }) => v.video_url));
    expect(without.banks).toEqual(withUrl.banks);
  });
});
