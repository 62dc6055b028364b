/**
 * The API client over the browser's fetch (src/api/client.ts, decision 0041): what it sends and how
 * it reads every kind of answer. The expectations are the wire contract's (docs in api-contract):
 * bearer token, X-Lang, JSON bodies, the Laravel refusal shapes, X-Request-Id and Retry-After.
 */
import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient, recentServerFailure } from '../../src/api/client';
import { NETWORK_ERROR, SOMETHING_WRONG } from '../../src/lib/fixed-texts';

interface Sent {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

function client(answer: () => Response | Promise<Response>, opts: { token?: string | null; language?: string; onUnauthorized?: () => void } = {}) {
  const sent: Sent[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    sent.push({ url: String(input), method: init.method ?? 'GET', headers: new Headers(init.headers), body: init.body });
    return answer();
  };
  const api = createApiClient({
    baseURL: 'https://kp.example/api/',
    getToken: () => (opts.token === undefined ? 'tok' : opts.token),
    getLanguage: opts.language ? () => opts.language! : undefined,
    onUnauthorized: opts.onUnauthorized,
    speak: (refusal) => (refusal.code === 'wallet.insufficient' ? `no money (${String(refusal.params?.need ?? '')})` : null),
    fetch: fetch as typeof globalThis.fetch,
  });
  return { api, sent };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('API client', () => {
  it('joins the base and the path, adds the query to one already there, leaves an absolute URL alone', async () => {
    const { api, sent } = client(() => json({}));
    await api.request('/game_lists/1/2', { query: { page: 2, name: 'Lucky 7', skip: undefined, none: null } });
    await api.request('admin/reports?from=2026-11-01', { query: { format: 'csv' } });
    await api.request('https://feed.example/live');
    expect(sent.map((s) => s.url)).toEqual([
      'https://kp.example/api/game_lists/1/2?page=2&name=Lucky+7',
      'https://kp.example/api/admin/reports?from=2026-11-01&format=csv',
      'https://feed.example/live',
    ]);
  });

  it('sends the token, the language and the call own headers; a plain object as JSON, FormData as it is', async () => {
    const { api, sent } = client(() => json({ ok: 1 }), { language: 'mm' });
    await api.request('/twod-bet', { method: 'POST', body: { amounts: [{ num: '07', amount: 100 }] }, headers: { 'Idempotency-Key': 'k-1' } });
    const form = new FormData();
    form.set('file', new Blob(['x']), 'a.png');
    await api.request('/admin/media', { method: 'POST', body: form });
    expect(sent[0]).toMatchObject({ method: 'POST', body: '{"amounts":[{"num":"07","amount":100}]}' });
    expect(Object.fromEntries(sent[0]!.headers)).toEqual({
      accept: 'application/json',
      authorization: 'Bearer tok',
      'content-type': 'application/json',
      'idempotency-key': 'k-1',
      'x-lang': 'mm',
    });
    expect(sent[1]!.body).toBe(form);
    // The browser sets FormData's multipart boundary itself: no content type from us.
    expect(sent[1]!.headers.get('content-type')).toBeNull();
    expect(sent[1]!.headers.get('authorization')).toBe('Bearer tok');
  });

  it('without a token sends no Authorization header', async () => {
    const { api, sent } = client(() => json({}), { token: null });
    await api.request('/game_lists');
    expect(sent[0]!.headers.has('authorization')).toBe(false);
  });

  it('reads JSON, plain text, an empty answer and a file', async () => {
    expect(await client(() => json({ data: [1] })).api.request('/x')).toEqual({ data: [1] });
    expect(await client(() => new Response('pong', { headers: { 'content-type': 'text/plain' } })).api.request('/x')).toBe('pong');
    expect(await client(() => new Response(null, { status: 204 })).api.request('/x')).toBeUndefined();
    const file = await client(() => new Response('a,b\n1,2\n', { headers: { 'content-type': 'text/csv' } })).api.request<Blob>('/x', { responseType: 'blob' });
    expect(file).toBeInstanceOf(Blob);
    expect(await file.text()).toBe('a,b\n1,2\n');
  });

  it("a refusal is an ApiError with the server's words, its fields, its code worded in the reader's language", async () => {
    const refused = await client(() =>
      json({ message: 'The given data was invalid.', errors: { phone: ['Phone taken.', 'second'] }, error_codes: { amount: [{ code: 'wallet.insufficient', params: { need: 5 } }] }, data: { left: 3 } }, 422),
    )
      .api.request('/register', { method: 'POST', body: {} })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).toInfo()).toEqual({ status: 422, message: 'The given data was invalid.', fieldErrors: { phone: 'Phone taken.', amount: 'no money (5)' } });
    expect((refused as ApiError).data).toEqual({ left: 3 });

    const coded = await client(() => json({ message: 'Not enough balance', code: 'wallet.insufficient', params: { need: 9 } }, 400)).api.request('/x').catch((e: unknown) => e);
    expect(coded).toMatchObject({ status: 400, message: 'no money (9)', code: 'wallet.insufficient' });

    const bare = await client(() => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } })).api.request('/x').catch((e: unknown) => e);
    expect(bare).toMatchObject({ status: 502, message: SOMETHING_WRONG });
  });

  it('no answer at all is status 0 with the network words', async () => {
    const offline = await client(() => Promise.reject(new TypeError('Failed to fetch'))).api.request('/x').catch((e: unknown) => e);
    expect(offline).toBeInstanceOf(ApiError);
    expect(offline).toMatchObject({ status: 0, message: NETWORK_ERROR });
    const cut = await client(() => new Response(new ReadableStream({ pull: (c) => c.error(new TypeError('network changed')) }))).api.request('/x').catch((e: unknown) => e);
    expect(cut).toMatchObject({ status: 0, message: NETWORK_ERROR });
  });

  it('only "no valid token" on an authenticated call logs out', async () => {
    let out = 0;
    const onUnauthorized = () => (out += 1);
    await client(() => json({ message: 'Unauthenticated.' }, 401), { onUnauthorized }).api.request('/user').catch(() => undefined);
    expect(out).toBe(1);
    await client(() => json({ message: 'The current password is wrong.' }, 401), { onUnauthorized }).api.request('/change-password').catch(() => undefined);
    await client(() => json({ message: 'Unauthenticated.' }, 401), { onUnauthorized, token: null }).api.request('/login').catch(() => undefined);
    expect(out).toBe(1);
  });

  it("keeps a server failure's request id for support, and a 429's wait", async () => {
    const failed = await client(() => json({ message: 'Server Error' }, 500, { 'x-request-id': 'req-abc' })).api.request('/x').catch((e: unknown) => e);
    expect(failed).toMatchObject({ status: 500, requestId: 'req-abc' });
    expect((failed as ApiError).toInfo().requestId).toBe('req-abc');
    expect(recentServerFailure(60_000)).toBe('req-abc');
    const limited = await client(() => json({ message: 'Too many attempts.' }, 429, { 'retry-after': '42' })).api.request('/x').catch((e: unknown) => e);
    expect(limited).toMatchObject({ status: 429, retryAfter: 42 });
    // A refusal under 500 carries no id in what machines keep.
    expect((limited as ApiError).toInfo().requestId).toBeUndefined();
  });

  it('hands every answer and its body to onResponse, refused ones too', async () => {
    const seen: { status: number; data: unknown }[] = [];
    const onResponse = ({ response, data }: { response: Response; data: unknown }) => void seen.push({ status: response.status, data });
    await client(() => json({ url: 'https://game.example/' })).api.request('/seamless/launch-game', { method: 'POST', body: {}, onResponse });
    await client(() => json({ message: 'Game under maintenance' }, 503)).api.request('/seamless/launch-game', { method: 'POST', body: {}, onResponse }).catch(() => undefined);
    expect(seen).toEqual([
      { status: 200, data: { url: 'https://game.example/' } },
      { status: 503, data: { message: 'Game under maintenance' } },
    ]);
  });
});
