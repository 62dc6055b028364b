export interface JsonAnswer {
  status: number;
  ok: boolean;
  /** The parsed body; undefined when it was not JSON. */
  body: unknown;
}

/**
 * POSTs JSON to another party (a game aggregator, a Shan provider, our own callbacks from a demo
 * provider) with a timeout. Throws only when nothing answered (network error, timeout); a body
 * that is not JSON reads as undefined, for the caller to judge.
 */
export async function postJson(fetchImpl: typeof fetch, url: string, payload: unknown, timeoutMs = 10_000): Promise<JsonAnswer> {
  const res = await fetchImpl(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(payload),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body: unknown = await res.json().catch(() => undefined);
  return { status: res.status, ok: res.ok, body };
}
