import { hash, verify } from '@node-rs/argon2';

/** Argon2id (the library's default algorithm and cost). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

/**
 * True when `password` matches `passwordHash`. With no hash (unknown user) it still spends the
 * time of one verification, so response times do not reveal which user names exist.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  // No user, or a Telegram-only player without a password: the same work, never a match.
  const passwordHash = stored ?? undefined;
  dummyHash ??= hash('kyatplay-no-such-user');
  const target = passwordHash ?? (await dummyHash);
  try {
    const matches = await verify(target, password);
    return matches && passwordHash !== undefined;
  } catch {
    return false;
  }
}
