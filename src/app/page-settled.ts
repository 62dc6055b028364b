/**
 * When the page is loaded and settled, for what must not compete with the first screen (the Home
 * pop-up ad, decision 0016): resolves after `load` and an idle moment, then at the reader's first
 * interaction (a tap, a key, a scroll) or after `quietMs` without one, whichever comes first, and
 * another idle moment. An image shown then is never the page's first paint nor, once the reader
 * has interacted, its Largest Contentful Paint (browsers stop counting at the first input).
 * An aborted signal stops the wait (the promise then never resolves) and removes its listeners.
 */
const INTERACTIONS = ['pointerup', 'keydown', 'scroll'] as const;

const idle = (fn: () => void) => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(fn, { timeout: 1000 });
  else setTimeout(fn, 50);
};

export function pageLoaded(signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => idle(() => !signal?.aborted && resolve());
    if (document.readyState === 'complete') done();
    else window.addEventListener('load', done, { once: true, signal });
  });
}

export async function pageSettled(opts: { quietMs?: number; signal?: AbortSignal } = {}): Promise<void> {
  const { quietMs = 4000, signal } = opts;
  await pageLoaded(signal);
  return new Promise((resolve) => {
    const stop = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = () => {
      stop.abort();
      clearTimeout(timer);
      idle(() => !signal?.aborted && resolve());
    };
    signal?.addEventListener('abort', () => (stop.abort(), clearTimeout(timer)), { once: true });
    for (const type of INTERACTIONS) window.addEventListener(type, finish, { once: true, passive: true, capture: true, signal: stop.signal });
    timer = setTimeout(finish, quietMs);
  });
}
