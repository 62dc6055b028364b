/** An api client over a fake fetch; each call answers from `answer(url)` and is recorded. */
import { createApiClient } from '../../src/api/client';

export interface Sent {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

export interface FakeAnswer {
  status?: number;
  body: unknown;
  /** Defaults to JSON. */
  contentType?: string;
}

export const API_BASE = 'http://test/api';

export function fakeApi(answer: FakeAnswer | ((url: string) => FakeAnswer), options: Partial<Pick<Parameters<typeof createApiClient>[0], 'onUnauthorized' | 'getLanguage' | 'speak'>> = {}) {
  const sent: Sent[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    sent.push({ method: init.method ?? 'GET', url, headers: new Headers(init.headers), body: init.body });
    const { status = 200, body, contentType = 'application/json' } = typeof answer === 'function' ? answer(url) : answer;
    const text = contentType === 'application/json' ? JSON.stringify(body) : String(body);
    return new Response(text, { status, headers: { 'content-type': contentType } });
  };
  const api = createApiClient({ baseURL: API_BASE, getToken: () => 'tok', fetch: fetch as typeof globalThis.fetch, ...options });
  return { api, sent };
}

/** A fetch that never reaches a server. */
export function offlineApi() {
  const fetch = async () => {
    throw new TypeError('fetch failed');
  };
  return createApiClient({ baseURL: API_BASE, getToken: () => 'tok', fetch: fetch as typeof globalThis.fetch });
}
