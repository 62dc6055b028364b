import { randomInt } from 'node:crypto';
import type { Db } from '../db/types';
import { users } from '../db/schema';

/** Generated user names: "Pi" + 8 digits. */
export const USER_NAME_PATTERN = /^Pi\d{8}$/;
const MAX_ATTEMPTS = 20;

export function randomUserName(): string {
  return `Pi${randomInt(0, 100_000_000).toString().padStart(8, '0')}`;
}

export type NewUser = Omit<typeof users.$inferInsert, 'userName' | 'id'>;

/**
 * Inserts the user under a fresh generated user name, drawing again when the name is taken.
 * A taken phone still raises the unique violation (users_phone_key) for the caller to report.
 */
export async function insertUserWithFreshName(
  db: Db,
  values: NewUser,
  nextName: () => string = randomUserName,
): Promise<{ id: number; userName: string }> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const userName = nextName();
    const [row] = await db
      .insert(users)
      .values({ ...values, userName })
      .onConflictDoNothing({ target: users.userName })
      .returning({ id: users.id, userName: users.userName });
    if (row) return row;
  }
  throw new Error(`no free user name after ${MAX_ATTEMPTS} attempts`);
}
