/**
 * Telegram's silent sign-in: a Mini App launch without a saved session signs in with the launch's
 * initData before anything that needs a player shows. A new Telegram user without a referral gets
 * only what is missing (a referral code), or logs into an existing account, which is then linked.
 * Host provides: signIn (POST /auth/telegram), linkTelegram (POST /auth/telegram/link); startSession
 * (hands the session to the auth machine), openLogin, notifyLinked, notifyError. Emits nothing;
 * `login.succeeded` must be forwarded to it while it awaits a login. Final states: signedIn, guest.
 */
import { assign, setup } from 'xstate';
import type { ApiErrorInfo, Session, TelegramSignInInput, User } from '../../api/types';
import { toErrorInfo } from '../shared/error-info';
import { ioActor, mustProvide } from '../shared/placeholders';

export interface TelegramSignInMachineInput {
  initData: string;
  /** A code from the launch link is read by the server from initData; this is one typed later. */
  referralCode?: string | null;
  /** A session is already stored: nothing to do. */
  signedIn: boolean;
}

export interface TelegramSignInContext {
  initData: string;
  referralCode: string | null;
  /** A session was stored before the launch (read once, at the start). */
  hadSession: boolean;
  error: ApiErrorInfo | null;
}

export type TelegramSignInEvent =
  | { type: 'referral.submit'; code: string }
  | { type: 'login.choose' }
  | { type: 'login.cancel' }
  | { type: 'login.succeeded' }
  | { type: 'retry' }
  | { type: 'dismiss' };

const isReferralMissing = (error: ApiErrorInfo) => error.status === 422 && 'referral_code' in error.fieldErrors;

export const telegramSignInMachine = setup({
  types: {
    input: {} as TelegramSignInMachineInput,
    context: {} as TelegramSignInContext,
    events: {} as TelegramSignInEvent,
  },
  actors: {
    signIn: ioActor<Session, TelegramSignInInput>('signIn'),
    linkTelegram: ioActor<User, { initData: string }>('linkTelegram'),
  },
  actions: {
    storeError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    startSession: (_, _params: Session) => mustProvide('startSession'),
    openLogin: () => mustProvide('openLogin'),
    notifyLinked: () => mustProvide('notifyLinked'),
    notifyError: (_, _params: { message: string }) => mustProvide('notifyError'),
  },
  guards: {
    hadSession: ({ context }) => context.hadSession,
    referralMissing: (_, params: { error: unknown }) => isReferralMissing(toErrorInfo(params.error)),
    offline: (_, params: { error: unknown }) => toErrorInfo(params.error).status === 0,
    /** The server has sign-in with Telegram off (no bot token): the site simply runs as a web site. */
    switchedOff: (_, params: { error: unknown }) => toErrorInfo(params.error).status === 404,
  },
}).createMachine({
  id: 'telegramSignIn',
  context: ({ input }) => ({ initData: input.initData, referralCode: input.referralCode ?? null, hadSession: input.signedIn, error: null }),
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'hadSession', target: 'signedIn' },
        { target: 'signingIn' },
      ],
    },
    signingIn: {
      tags: ['busy'],
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({ init_data: context.initData, ...(context.referralCode ? { referral_code: context.referralCode } : {}) }),
        onDone: { target: 'signedIn', actions: [assign({ error: null }), { type: 'startSession', params: ({ event }) => event.output }] },
        onError: [
          { guard: { type: 'referralMissing', params: ({ event }) => ({ error: event.error }) }, target: 'needsReferral', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
          { guard: { type: 'offline', params: ({ event }) => ({ error: event.error }) }, target: 'offline', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
          { guard: { type: 'switchedOff', params: ({ event }) => ({ error: event.error }) }, target: 'guest' },
          // Refused (stale or foreign data, a banned player, too many tries): the site goes on as a web site.
          {
            target: 'guest',
            actions: [
              { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
              { type: 'notifyError', params: ({ event }) => ({ message: toErrorInfo(event.error).message }) },
            ],
          },
        ],
      },
    },
    needsReferral: {
      tags: ['form'],
      on: {
        'referral.submit': { target: 'signingIn', actions: assign({ referralCode: ({ event }) => event.code.trim() || null, error: null }) },
        'login.choose': { target: 'awaitingLogin', actions: [assign({ error: null }), 'openLogin'] },
        dismiss: { target: 'guest' },
      },
    },
    awaitingLogin: {
      on: {
        'login.succeeded': { target: 'linking' },
        'login.cancel': { target: 'needsReferral' },
      },
    },
    linking: {
      tags: ['busy'],
      invoke: {
        id: 'linkTelegram',
        src: 'linkTelegram',
        input: ({ context }) => ({ initData: context.initData }),
        onDone: { target: 'signedIn', actions: 'notifyLinked' },
        // The login stands; only the link failed (e.g. this Telegram account is another player's).
        onError: {
          target: 'signedIn',
          actions: [
            { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
            { type: 'notifyError', params: ({ event }) => ({ message: toErrorInfo(event.error).message }) },
          ],
        },
      },
    },
    offline: {
      tags: ['error'],
      on: {
        retry: { target: 'signingIn', actions: assign({ error: null }) },
        dismiss: { target: 'guest' },
      },
    },
    signedIn: { type: 'final' },
    guest: { type: 'final' },
  },
});
