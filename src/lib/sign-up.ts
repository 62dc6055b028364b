/**
 * A web sign-up as the server limits it (decision 0031): the form goes with this browser's device id
 * (kept in localStorage), and when the server asks for a proof of work (428 with a challenge) the
 * solver is loaded, solves it and the same form goes again — the player does nothing.
 */
import type { Challenge } from 'altcha-lib';
import type { RegisterInput, Session } from '../api/types';

export const DEVICE_KEY = 'kp_device';

/** This browser's device id: made once (a random UUID) and kept; none when storage is unavailable. */
export function deviceId(): string | undefined {
  try {
    let id = localStorage.getItem(DEVICE_KEY);
    if (!id || !/^[A-Za-z0-9_-]{16,64}$/.test(id)) {
      id = crypto.randomUUID();
      localStorage.setItem(DEVICE_KEY, id);
    }
    return id;
  } catch {
    return undefined;
  }
}

export type RegisterBody = RegisterInput & { device_id?: string; altcha?: string };

/** The challenge a refusal carries when the server asks for a proof of work, else null. */
function challengeOf(err: unknown): Challenge | null {
  const e = err as { status?: number; data?: { challenge?: Challenge } } | null;
  return e?.status === 428 && e.data?.challenge?.parameters ? e.data.challenge : null;
}

/** Signs up through `register`, solving a proof of work when asked (twice at most: a challenge may be spent by a parallel tab). */
export async function signUp(register: (body: RegisterBody) => Promise<Session>, input: RegisterInput): Promise<Session> {
  const body: RegisterBody = { ...input, device_id: deviceId() };
  for (let attempt = 0; ; attempt++) {
    try {
      return await register(body);
    } catch (err) {
      const challenge = challengeOf(err);
      if (!challenge || attempt >= 2) throw err;
      const { solveProof } = await import('./solve-proof');
      const altcha = await solveProof(challenge);
      if (!altcha) throw err;
      body.altcha = altcha;
    }
  }
}
