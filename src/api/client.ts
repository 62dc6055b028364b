import type { ApiErrorInfo, FieldErrors, RefusalCode, SpeakRefusal } from './types';
import { NETWORK_ERROR, SOMETHING_WRONG } from '../lib/fixed-texts';

export const OK_STATUS = 'Request was successful.';

export class ApiError extends Error implements ApiErrorInfo {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: FieldErrors = {},
    readonly data: unknown = null,
    readonly code?: string,
    /** The server's X-Request-Id for this answer: support finds its log lines by it. */
    readonly requestId?: string,
    /** Seconds the server asked to wait before trying again (Retry-After, with a 429). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Plain, serialisable copy for machine context. */
  toInfo(): ApiErrorInfo {
    return { status: this.status, message: this.message, fieldErrors: this.fieldErrors, ...(this.code ? { code: this.code } : {}), ...(this.status >= 500 && this.requestId ? { requestId: this.requestId } : {}) };
  }
}

export interface ApiClientOptions {
  baseURL: string;
  getToken: () => string | null;
  /** Called on any 401 from an authenticated call. */
  onUnauthorized?: () => void;
  /** The reader's language, sent as `X-Lang` so the server words its refusals in it. */
  getLanguage?: () => string;
  /** Words a refusal from its code (the locale files), else the server's words stand. */
  speak?: SpeakRefusal;
  fetch?: typeof globalThis.fetch;
}

const isRefusal = (v: unknown): v is RefusalCode =>
  !!v && typeof v === 'object' && typeof (v as RefusalCode).code === 'string';

/** A 422's first refusal code per field (`error_codes`), when the server sent them. */
function firstFieldCodes(codes: unknown): Record<string, RefusalCode> {
  const out: Record<string, RefusalCode> = {};
  if (codes && typeof codes === 'object') {
    for (const [field, v] of Object.entries(codes as Record<string, unknown>)) {
      const first = Array.isArray(v) ? v[0] : v;
      if (isRefusal(first)) out[field] = first;
    }
  }
  return out;
}

function firstFieldErrors(errors: unknown): FieldErrors {
  const out: FieldErrors = {};
  if (errors && typeof errors === 'object') {
    for (const [field, v] of Object.entries(errors as Record<string, unknown>)) {
      const first = Array.isArray(v) ? v[0] : v;
      if (typeof first === 'string') out[field] = first;
    }
  }
  return out;
}

/**
 * A refused call (an answer that is not 2xx) as one ApiError. A coded refusal is worded from its
 * code in the reader's language (`speak`), the message and each field alike; without a code, or
 * before the words are loaded, the server's own words (already in the language the call asked
 * for) stand.
 */
function refusalOf(status: number, data: unknown, headers: Headers, speak?: SpeakRefusal): ApiError {
  const body = data as { message?: unknown; errors?: unknown; data?: unknown; code?: unknown; refusal?: unknown; params?: unknown; error_codes?: unknown } | undefined;
  const code = typeof body?.code === 'string' ? body.code : typeof body?.refusal === 'string' ? body.refusal : undefined;
  // A 422's message is its fields' refusals summed up by the server (in the asked language); the fields are worded below.
  const said = code && code !== 'validation.invalid' && speak ? speak({ code, params: (body?.params ?? undefined) as RefusalCode['params'] }) : null;
  const message = said ?? (typeof body?.message === 'string' && body.message ? body.message : SOMETHING_WRONG);
  const fieldErrors = firstFieldErrors(body?.errors);
  if (speak) {
    for (const [field, refusal] of Object.entries(firstFieldCodes(body?.error_codes))) {
      const words = speak(refusal);
      if (words) fieldErrors[field] = words;
    }
  }
  const requestId = headers.get('x-request-id') ?? undefined;
  if (status >= 500 && requestId) lastServerFailure = { requestId, at: Date.now() };
  const retryAfter = Number(headers.get('retry-after')) || undefined;
  return new ApiError(status, message, fieldErrors, body?.data ?? null, code, requestId, retryAfter);
}

/** The last answer the server failed (5xx): the error screen names its id if the app broke just after it. */
let lastServerFailure: { requestId: string; at: number } | null = null;

/** A server failure (5xx) answered in the last `withinMs`: the error toast a flow raises for it names its id. */
export function recentServerFailure(withinMs: number): string | undefined {
  return lastServerFailure && Date.now() - lastServerFailure.at < withinMs ? lastServerFailure.requestId : undefined;
}

/** The request id support should look for: the error's own, else a server failure of the last minute. */
export function supportReference(error?: unknown): string | undefined {
  if (error instanceof ApiError && error.requestId) return error.requestId;
  return lastServerFailure && Date.now() - lastServerFailure.at < 60_000 ? lastServerFailure.requestId : undefined;
}

/** What one call may say beyond its path. */
export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object or array goes as JSON; FormData, Blob and text as they are. */
  body?: unknown;
  /** Added to the path's query; undefined and null values are left out. */
  query?: Record<string, string | number | boolean | null | undefined>;
  headers?: Record<string, string>;
  /** 'blob' for a file (a receipt, a CSV); otherwise JSON, or the text when the answer is not JSON. */
  responseType?: 'json' | 'blob';
  /** Every answer, refused or not, with its read body (a launch reports what the server said). */
  onResponse?: (answer: { response: Response; data: unknown }) => void;
}

const ABSOLUTE = /^https?:\/\//;
const isJson = (body: unknown) => typeof body === 'object' && body !== null && (Array.isArray(body) || [Object, undefined].includes((body as object).constructor as never));

function urlOf(baseURL: string, path: string, query?: RequestOptions['query']): string {
  let url = ABSOLUTE.test(path) ? path : baseURL.replace(/\/$/, '') + (path.startsWith('/') ? path : `/${path}`);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) params.append(key, String(value));
  const text = params.toString();
  if (text) url += (url.includes('?') ? '&' : '?') + text;
  return url;
}

/** The answer's body: a Blob when asked for; JSON when it parses, else its text; undefined when empty. */
async function read(response: Response, type: RequestOptions['responseType']): Promise<unknown> {
  if (type === 'blob') return response.blob();
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The one API client over the browser's fetch: the base URL, the bearer token and the reader's
 * language on every call, JSON both ways, and every failure as one ApiError (decision 0041).
 */
export function createApiClient(opts: ApiClientOptions) {
  async function request<T>(path: string, init: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
    const token = opts.getToken();
    const language = opts.getLanguage?.();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (language) headers['X-Lang'] = language;
    let body = init.body as BodyInit | undefined;
    if (isJson(init.body)) {
      body = JSON.stringify(init.body);
      headers['Content-Type'] = 'application/json';
    }
    let response: Response;
    let data: unknown;
    try {
      response = await (opts.fetch ?? fetch)(urlOf(opts.baseURL, path, init.query), { method: init.method ?? 'GET', headers, body });
      data = await read(response, response.ok ? init.responseType : 'json');
    } catch {
      // No answer (offline, the connection dropped, a body cut short).
      throw new ApiError(0, NETWORK_ERROR);
    }
    init.onResponse?.({ response, data });
    if (response.ok) return data as T;
    // Only "no valid token" logs out; a 401 for a wrong current password does not.
    if (response.status === 401 && (data as { message?: unknown } | undefined)?.message === 'Unauthenticated.' && token) opts.onUnauthorized?.();
    throw refusalOf(response.status, data, response.headers, opts.speak);
  }
  return { request, baseURL: opts.baseURL };
}

export type Api = ReturnType<typeof createApiClient>;

/** The contract's success envelope. */
export interface Envelope<T> {
  status: string;
  message: string | null;
  data: T;
}

/** The spec says clients must accept a list or `{ data: list }`, and a single object for a list. */
export function asList<T>(value: unknown): T[] {
  if (Array.isArray(value)) return value as T[];
  if (value && typeof value === 'object' && 'data' in value) return asList<T>((value as { data: unknown }).data);
  if (value && typeof value === 'object') return [value as T];
  return [];
}

/** Resolves a root-relative media path against the API host's parent. */
export function mediaUrl(apiBase: string, path: string | null | undefined): string {
  if (!path) return '';
  if (/^https?:\/\//.test(path)) return path;
  const base = new URL(apiBase.replace(/\/?$/, '/'), globalThis.location?.href ?? 'http://localhost/');
  return new URL('..' + (path.startsWith('/') ? path : '/' + path), base).toString();
}
