/**
 * What the server put in the page for its first screen (server/routes/shell): the language it
 * rendered in and the API answers that screen reads, in a JSON data block (`#kp-boot`, never
 * executed). The API client answers those reads from here once, so the lobby's first render has
 * its banners, marquee and game types without a round trip; every later read goes to the network.
 */
export interface BootData {
  lang?: string;
  api?: Record<string, unknown>;
}

export function readBootData(): BootData | null {
  try {
    const el = document.getElementById('kp-boot');
    const parsed: unknown = el?.textContent ? JSON.parse(el.textContent) : null;
    return parsed && typeof parsed === 'object' ? (parsed as BootData) : null;
  } catch {
    return null;
  }
}

/** A GET's key as the server wrote it: path and query (`/api/banner?lang=en`). */
function keyOf(input: string): string {
  const url = new URL(input, location.href);
  return url.origin === location.origin ? url.pathname + url.search : '';
}

/** `fetch` that serves each embedded answer once, then defers to the network. */
export function primedFetch(boot: BootData | null): typeof globalThis.fetch {
  const answers = new Map(Object.entries(boot?.api ?? {}));
  return (input, init) => {
    if (answers.size && typeof input === 'string' && (init?.method ?? 'GET').toUpperCase() === 'GET') {
      const key = keyOf(input);
      if (answers.has(key)) {
        const body = answers.get(key);
        answers.delete(key);
        return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
      }
    }
    return globalThis.fetch(input, init);
  };
}
