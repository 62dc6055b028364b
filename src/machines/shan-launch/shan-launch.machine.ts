/**
 * The Shan Koe Mee launcher (spec §2 Shan launcher, §4, §7, §8): loads the player (GET /user) and
 * the card's product code (GET /shan/info, defaults when a legacy backend lacks it) side by side,
 * then Launch: POST /shan-launch-game → the game's URL opens in a new tab → success, or an error.
 * Host provides: `fetchUser`, `fetchShanInfo`, `launchShan` (resolves for any answer, rejects only
 * when none came), `openGameTab` (rejects `{ code: 'popup-blocked' }`), and the tab effects
 * `reserveTab` / `releaseTab` (see the launching state for why they exist).
 */
import { assign, setup } from 'xstate';
import type { ShanInfo, ShanLaunchAnswer, ShanLaunchRequest, User } from '../../api/types';
import { ioActor, mustProvide } from '../shared/placeholders';

export const USER_LOAD_FAILED = 'Failed to load user info. Please log in again.';
export const LAUNCH_SUCCEEDED = 'Game launched successfully!';
export const LAUNCH_FAILED = 'Failed to launch game.';
export const LAUNCH_NETWORK_ERROR = 'Network or server error.';
export const POPUP_BLOCKED = 'Popup blocked. Please allow popups.';
/** What `openGameTab` rejects with when no tab could be opened. */
export const POPUP_BLOCKED_CODE = 'popup-blocked';
/** The card without GET /shan/info (spec §9: operator code a3h1). */
export const SHAN_DEFAULTS: ShanInfo = { productCode: 'SKM', operatorCode: 'a3h1', gameName: 'Shan Koe Mee' };

export interface ShanLaunchContext {
  /** The player's member_account, else user_name; null until loaded. */
  account: string | null;
  /** The game balance as loaded ("1000.00"); the screen prefers the live poller's. */
  balance: string | null;
  info: ShanInfo | null;
  error: string | null;
  success: string | null;
}

export type ShanLaunchEvent = { type: 'launch.press' } | { type: 'info.reload' };

const isLaunched = (answer: ShanLaunchAnswer) => answer.status === 'success' && !!answer.launchGameUrl;

/**
 * What a refused launch shows (spec §8): the operator_code errors joined; otherwise the message,
 * then error_detail, then 'Failed to launch game.'. A "success" without a URL launched nothing.
 */
export function shanLaunchFailure(answer: ShanLaunchAnswer): string {
  if (answer.status === 'success') return LAUNCH_FAILED;
  if (answer.operatorCodeErrors?.length) return answer.operatorCodeErrors.join(', ');
  return answer.message || answer.errorDetail || LAUNCH_FAILED;
}

/** Non-empty fields win; a blank one keeps the default. */
const withDefaults = (info: ShanInfo): ShanInfo => ({
  productCode: info.productCode || SHAN_DEFAULTS.productCode,
  operatorCode: info.operatorCode || SHAN_DEFAULTS.operatorCode,
  gameName: info.gameName || SHAN_DEFAULTS.gameName,
});

const output = ({ event }: { event: { output: ShanLaunchAnswer } }) => event.output;
const launch = { target: '#shanLaunch.ready.launching', actions: 'clearMessages' } as const;

export const shanLaunchMachine = setup({
  types: {
    context: {} as ShanLaunchContext,
    events: {} as ShanLaunchEvent,
  },
  actors: {
    fetchUser: ioActor<User>('fetchUser'),
    fetchShanInfo: ioActor<ShanInfo>('fetchShanInfo'),
    launchShan: ioActor<ShanLaunchAnswer, ShanLaunchRequest>('launchShan'),
    openGameTab: ioActor<void, { url: string }>('openGameTab'),
  },
  actions: {
    reserveTab: () => mustProvide('reserveTab'),
    releaseTab: () => mustProvide('releaseTab'),
    clearMessages: assign({ error: null, success: null }),
    fail: assign((_, params: { message: string }) => ({ error: params.message, success: null })),
  },
  guards: {
    isLaunched: (_, answer: ShanLaunchAnswer) => isLaunched(answer),
    isPopupBlocked: (_, params: { error: unknown }) => (params.error as { code?: unknown } | null)?.code === POPUP_BLOCKED_CODE,
  },
}).createMachine({
  id: 'shanLaunch',
  context: { account: null, balance: null, info: null, error: null, success: null },
  initial: 'loading',
  states: {
    // 'Loading user info...': both calls at once, so a slow connection pays one round trip.
    loading: {
      tags: ['loading'],
      type: 'parallel',
      entry: assign({ error: null }),
      onDone: { target: 'ready' },
      states: {
        user: {
          initial: 'fetching',
          states: {
            fetching: {
              invoke: {
                id: 'fetchUser',
                src: 'fetchUser',
                onDone: {
                  target: 'done',
                  actions: assign(({ event }) => ({
                    account: event.output.member_account || event.output.user_name,
                    balance: event.output.balance,
                  })),
                },
                onError: { target: '#shanLaunch.unavailable' },
              },
            },
            done: { type: 'final' },
          },
        },
        info: {
          initial: 'fetching',
          states: {
            fetching: {
              invoke: {
                id: 'fetchShanInfo',
                src: 'fetchShanInfo',
                onDone: { target: 'done', actions: assign({ info: ({ event }) => withDefaults(event.output) }) },
                // A legacy backend has no /shan/info (404). The card only displays these values and
                // the server checks the operator code on launch, so any failure falls back alike.
                onError: { target: 'done', actions: assign({ info: SHAN_DEFAULTS }) },
              },
            },
            done: { type: 'final' },
          },
        },
      },
    },
    unavailable: {
      tags: ['error'],
      entry: assign({ error: USER_LOAD_FAILED }),
      on: { 'info.reload': { target: 'loading' } },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: { on: { 'launch.press': launch } },
        /**
         * Pop-up blockers only let a page open a tab inside the click that asked for it, and the
         * URL arrives a round trip later. So `reserveTab` (run synchronously inside the press, as
         * XState executes entry actions during `send`) opens a blank tab at once; `openGameTab`
         * then points it at the game. Every way out runs `releaseTab`, which closes the blank tab
         * if it was never used (a refusal, a network error) and does nothing after a launch.
         */
        launching: {
          tags: ['busy'],
          entry: 'reserveTab',
          exit: 'releaseTab',
          initial: 'requesting',
          states: {
            requesting: {
              invoke: {
                id: 'launchShan',
                src: 'launchShan',
                input: ({ context }) => ({
                  member_account: context.account ?? undefined,
                  operator_code: (context.info ?? SHAN_DEFAULTS).operatorCode,
                }),
                onDone: [
                  { guard: { type: 'isLaunched', params: output }, target: 'opening' },
                  { target: '#shanLaunch.ready.failed', actions: { type: 'fail', params: ({ event }) => ({ message: shanLaunchFailure(event.output) }) } },
                ],
                onError: { target: '#shanLaunch.ready.failed', actions: { type: 'fail', params: { message: LAUNCH_NETWORK_ERROR } } },
              },
            },
            // The URL travels from the answer to the tab; it is never kept in context.
            opening: {
              invoke: {
                id: 'openGameTab',
                src: 'openGameTab',
                // Entered only from launchShan's done event (typed as the machine's own events here).
                input: ({ event }) => ({ url: (event as unknown as { output: ShanLaunchAnswer }).output.launchGameUrl ?? '' }),
                onDone: { target: '#shanLaunch.ready.succeeded', actions: assign({ success: LAUNCH_SUCCEEDED }) },
                onError: [
                  {
                    guard: { type: 'isPopupBlocked', params: ({ event }) => ({ error: event.error }) },
                    target: '#shanLaunch.ready.failed',
                    actions: { type: 'fail', params: { message: POPUP_BLOCKED } },
                  },
                  { target: '#shanLaunch.ready.failed', actions: { type: 'fail', params: { message: LAUNCH_FAILED } } },
                ],
              },
            },
          },
        },
        // Launch again (the tab was closed) or retry after a failure.
        succeeded: { on: { 'launch.press': launch } },
        failed: { tags: ['error'], on: { 'launch.press': launch } },
      },
    },
  },
});
