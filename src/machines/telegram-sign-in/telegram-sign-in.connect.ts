/**
 * Telegram's silent sign-in's view object: whether it still runs, whether it waits for a referral
 * code or a retry, the refusal of a typed code, and the intents (submit a code, log in instead,
 * retry, go on as a guest).
 */
import type { SnapshotFrom } from 'xstate';
import { intentsPerActor } from '../shared/connect';
import type { TelegramSignInEvent, telegramSignInMachine } from './telegram-sign-in.machine';
import {
  selectInitData,
  selectNeedsReferral,
  selectReferralError,
  selectTelegramBusy,
  selectTelegramOffline,
  selectTelegramPending,
  selectTypedReferral,
} from './telegram-sign-in.selectors';

type TelegramSignInSnapshot = SnapshotFrom<typeof telegramSignInMachine>;
type Send = (event: TelegramSignInEvent) => void;

const intents = intentsPerActor((send: Send) => ({
  submitReferral: (code: string) => send({ type: 'referral.submit', code }),
  /** An existing player logs in instead; the account is linked once they have. */
  chooseLogin: () => send({ type: 'login.choose' }),
  retry: () => send({ type: 'retry' }),
  /** Go on as a guest (the web site without a player). */
  dismiss: () => send({ type: 'dismiss' }),
}));

export function connectTelegramSignIn(snapshot: TelegramSignInSnapshot, send: Send) {
  const needsReferral = selectNeedsReferral(snapshot);
  const busy = selectTelegramBusy(snapshot);
  return {
    pending: selectTelegramPending(snapshot),
    needsReferral,
    offline: selectTelegramOffline(snapshot),
    busy,
    /** The referral form stays up while a code the player typed is being checked. */
    referralFormOpen: needsReferral || (busy && !!selectTypedReferral(snapshot)),
    referralError: selectReferralError(snapshot),
    /** The launch's signed data (fixed for the launch), which linking sends to the server. */
    initData: selectInitData(snapshot),
    ...intents(send),
  };
}

export type TelegramSignInView = ReturnType<typeof connectTelegramSignIn>;
