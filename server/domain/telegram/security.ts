/** Security notices that follow an account change (sign-ins: sign-in-places.ts). */
import type { Db } from '../../db/types';
import { noticePasswordChanged } from './notices';

/** The player's password changed: a notice, whatever their switches. */
export async function passwordChanged(db: Db, userId: number, at: Date): Promise<void> {
  await noticePasswordChanged(db, userId, at);
}

/** A Telegram-only player set their first password (the account now opens on the web): a notice, whatever their switches. */
export async function passwordSet(db: Db, userId: number, at: Date): Promise<void> {
  await noticePasswordChanged(db, userId, at, true);
}
