/**
 * What the server put in the page for its first screen (server/routes/shell): the language it
 * rendered in and the API answers that screen reads, in a JSON data block (`#kp-boot`, never
 * executed). The API client answers those reads from here once, so the lobby's first render has
 * its banners, marquee and game types without a round trip; every later read goes to the network.
 */
import { isLanguage, type Language } from '../../shared/languages';

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

/** The language the server painted the page in, when it is one the site speaks (else nothing). */
export function paintedLanguage(boot: BootData | null): Language | undefined {
  const lang = boot?.lang;
  return isLanguage(lang) ? lang : undefined;
}

/** A GET's key as the server wrote it: path and query (`/api/banner?lang=en`). */
function keyOf(input: string): string {
  const url = new URL(input, location.href);
  return url.origin === location.origin ? url.pathname + url.search : '';
}

/**
 * What the page's first script already asked on a Telegram launch (server/lib/page-scripts.ts):
 * the sign-in with the launch's init data, or, with a stored session, the player (GET /user).
 */
type EarlyTelegram = { answer: Promise<{ status: number; type: string; text: string }> } & ({ initData: string; token?: undefined } | { token: string; initData?: undefined });

/** Taken once: only the first fetch made from this page may use it. */
function takeEarlyTelegram(): EarlyTelegram | null {
  const w = window as unknown as { __kpTelegramEarly?: EarlyTelegram };
  const early = w.__kpTelegramEarly ?? null;
  delete w.__kpTelegramEarly;
  return early;
}

/** The app's own POST /api/auth/telegram for the launch the early script signed in with (no code typed since). */
function isEarlySignIn(initData: string, input: string, init: RequestInit | undefined): boolean {
  if (keyOf(input) !== '/api/auth/telegram' || (init?.method ?? 'GET').toUpperCase() !== 'POST' || typeof init?.body !== 'string') return false;
  try {
    const body = JSON.parse(init.body) as { init_data?: unknown; referral_code?: unknown };
    return body.init_data === initData && body.referral_code === undefined;
  } catch {
    return false;
  }
}

/** The app's first GET /api/user with the session the early script read it with (the balance's first poll). */
function isEarlyUserRead(token: string, input: string, init: RequestInit | undefined): boolean {
  return keyOf(input) === '/api/user' && (init?.method ?? 'GET').toUpperCase() === 'GET' && new Headers(init?.headers).get('authorization') === `Bearer ${token}`;
}

const isEarly = (early: EarlyTelegram, input: string, init: RequestInit | undefined) =>
  early.token !== undefined ? isEarlyUserRead(early.token, input, init) : isEarlySignIn(early.initData, input, init);

/**
 * `fetch` that serves each embedded answer once, then defers to the network; and answers the
 * app's Telegram sign-in (or, for a stored session, its first read of the player) with the one the
 * page's first script already made, so a launch asks once, a round trip before the app could have
 * (a failed early request is simply sent again).
 */
export function primedFetch(boot: BootData | null): typeof globalThis.fetch {
  const answers = new Map(Object.entries(boot?.api ?? {}));
  let early = takeEarlyTelegram();
  return (input, init) => {
    if (early && typeof input === 'string' && isEarly(early, input, init)) {
      const { answer } = early;
      early = null;
      return answer.then(
        (a) => new Response(a.text, { status: a.status, headers: { 'content-type': a.type || 'application/json' } }),
        () => globalThis.fetch(input, init),
      );
    }
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
