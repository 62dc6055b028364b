import { ofetch, FetchError, type $Fetch, type FetchOptions } from 'ofetch';
import type { ApiErrorInfo, FieldErrors } from './types';

export const OK_STATUS = 'Request was successful.';

export class ApiError extends Error implements ApiErrorInfo {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: FieldErrors = {},
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Plain, serialisable copy for machine context. */
  toInfo(): ApiErrorInfo {
    return { status: this.status, message: this.message, fieldErrors: this.fieldErrors };
  }
}

export interface ApiClientOptions {
  baseURL: string;
  getToken: () => string | null;
  /** Called on any 401 from an authenticated call. */
  onUnauthorized?: () => void;
  fetch?: typeof globalThis.fetch;
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

export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof FetchError) {
    const status = err.response?.status ?? 0;
    const body = err.data as { message?: unknown; errors?: unknown; data?: unknown } | undefined;
    const message = typeof body?.message === 'string' && body.message ? body.message : status === 0 ? 'Network error. Please try again.' : 'Something Went Wrong!';
    return new ApiError(status, message, firstFieldErrors(body?.errors), body?.data ?? null);
  }
  return new ApiError(0, err instanceof Error ? err.message : 'Network error. Please try again.');
}

export type ApiClient = $Fetch & { baseURL: string };

/** The one ofetch instance: bearer token, JSON, errors normalised to ApiError. */
export function createApiClient(opts: ApiClientOptions) {
  const raw = ofetch.create(
    {
    baseURL: opts.baseURL,
    retry: 0,
    headers: { Accept: 'application/json' },
    onRequest({ options }) {
      const token = opts.getToken();
      if (token) {
        const headers = new Headers(options.headers);
        headers.set('Authorization', `Bearer ${token}`);
        options.headers = headers;
      }
    },
    onResponseError({ response }) {
      // Only "no valid token" logs out; a 401 for a wrong current password does not.
      const body = response._data as { message?: unknown } | undefined;
      if (response.status === 401 && body?.message === 'Unauthenticated.' && opts.getToken()) {
        opts.onUnauthorized?.();
      }
    },
    },
    opts.fetch ? { fetch: opts.fetch } : undefined,
  );

  async function request<T>(path: string, init: FetchOptions<'json'> = {}): Promise<T> {
    try {
      return (await raw<T, 'json'>(path, init)) as T;
    } catch (err) {
      throw toApiError(err);
    }
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
