/** Security notices that follow an account change (sign-ins: sign-in-places.ts). */
import type { Db } from '../../db/types';
import { noticePasswordChanged } from './notices';

/** The player's password changed (or was set for the first time): a notice, whatever their switches. */
export async function passwordChanged(db: Db, userId: number, at: Date): Promise<void> {
  await noticePasswordChanged(db, userId, at);
}
