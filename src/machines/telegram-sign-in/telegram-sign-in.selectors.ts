import type { SnapshotFrom } from 'xstate';
import type { telegramSignInMachine } from './telegram-sign-in.machine';

type Snapshot = SnapshotFrom<typeof telegramSignInMachine>;

/** Signing in (or linking) is under way: pages for players wait instead of asking for a login. */
export const selectTelegramPending = (s: Snapshot) => s.status === 'active' && !s.matches('needsReferral') && !s.matches('offline') && !s.matches('awaitingLogin');
export const selectNeedsReferral = (s: Snapshot) => s.matches('needsReferral');
export const selectTelegramOffline = (s: Snapshot) => s.matches('offline');
export const selectTelegramBusy = (s: Snapshot) => s.hasTag('busy');
/**
 * The server's refusal of a code the player typed (under the field), or null: the first ask for a
 * code (none typed yet) is the welcome itself, not an error.
 */
export const selectReferralError = (s: Snapshot) => (s.context.referralCode ? (s.context.error?.fieldErrors.referral_code ?? null) : null);
/** Whether the server asked for a code (first time) rather than refused a typed one. */
export const selectTypedReferral = (s: Snapshot) => s.context.referralCode;
/** The launch's signed data (fixed for the launch). */
export const selectInitData = (s: Snapshot) => s.context.initData;
