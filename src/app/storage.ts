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
}

export function writeUser(user: User): void {
  safe(() => localStorage.setItem(USER_KEY, JSON.stringify(user)), undefined);
}

export function clearStoredSession(): void {
  safe(() => {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
  }, undefined);
}

/** A referral code a launch link brought (`?ref=`, `ref_<CODE>`), to fill in on registration; this tab only. */
const REFERRAL_KEY = 'kp:referral';

export function writeReferral(code: string): void {
  safe(() => sessionStorage.setItem(REFERRAL_KEY, code), undefined);
}

export function readReferral(): string | null {
  return safe(() => sessionStorage.getItem(REFERRAL_KEY), null);
}
