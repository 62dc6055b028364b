import type { User } from '../api/types';

/** The browser keys the spec fixes (§9): the session token and the cached profile. */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'userProfile';

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export function readToken(): string | null {
  return safe(() => localStorage.getItem(TOKEN_KEY) || null, null);
}

export function readUser(): User | null {
  return safe(() => {
    const raw = localStorage.getItem(USER_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return parsed && typeof parsed === 'object' ? (parsed as User) : null;
  }, null);
}

export function writeSession(token: string, user: User): void {
  safe(() => {
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(USER_KEY, JSON.stringify(user));
  }, undefined);
  markSignedIn(true);
}

/**
 * A hint for the server's first paint, not a credential (the token never leaves storage but in the
 * Authorization header): with `kp_in=1` the server paints a player's pages as a player's, e.g.
 * /digitbet's game rather than the sign-in prompt (server/routes/shell/pages.ts). A stale hint
 * costs only that first frame; the app corrects it.
 */
export const SIGNED_IN_COOKIE = 'kp_in';

export function markSignedIn(on: boolean): void {
  safe(() => {
    document.cookie = on ? `${SIGNED_IN_COOKIE}=1; path=/; max-age=31536000; samesite=lax` : `${SIGNED_IN_COOKIE}=; path=/; max-age=0; samesite=lax`;
  }, undefined);
}

export function writeUser(user: User): void {
  safe(() => localStorage.setItem(USER_KEY, JSON.stringify(user)), undefined);
}

export function clearStoredSession(): void {
  safe(() => {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
  }, undefined);
  markSignedIn(false);
}

/** A referral code a launch link brought (`?ref=`, `ref_<CODE>`), to fill in on registration; this tab only. */
const REFERRAL_KEY = 'kp:referral';

export function writeReferral(code: string): void {
  safe(() => sessionStorage.setItem(REFERRAL_KEY, code), undefined);
}

export function readReferral(): string | null {
  return safe(() => sessionStorage.getItem(REFERRAL_KEY), null);
}
