/**
 * Launching a provider game from any list (spec §4, §7 Launch, §8): idle → launching (the game's
 * Play button busy) → the browser goes to the game's url, or `opening` writes its HTML into a new
 * window; any failure shows the spec's message until dismissed or another game is launched.
 * Host provides: `isLoggedIn` (guard), `launchGame` (POST /seamless/launch-game; resolves for any
 * answer, rejects only when none came), `openGameWindow` (rejects `{ code: 'popup-blocked' }`),
 * `askLogin` (opens the login modal), `navigateTo` ({ url }).
 */
import { assertEvent, assign, setup } from 'xstate';
import type { LaunchAnswer, LaunchRequest, WireCode } from '../../api/types';
import { ioActor, mustProvide } from '../shared/placeholders';
import { LAUNCH_NO_URL, LAUNCH_FAILED, NETWORK_ERROR, POPUP_BLOCKED } from '../../lib/fixed-texts';
export { LAUNCH_NO_URL, LAUNCH_FAILED, POPUP_BLOCKED };

export const LAUNCH_NETWORK_ERROR = NETWORK_ERROR;
/** What `openGameWindow` rejects with when the window could not open. */
export const POPUP_BLOCKED_CODE = 'popup-blocked';

/** The game being launched, as the lists have it. */
export interface LaunchableGame {
  id: number;
  gameCode: string;
  productCode: WireCode;
  gameType: WireCode;
}

export interface GameLaunchContext {
  /** The game whose Play button is busy; null when none is launching. */
  busyGameId: number | null;
  error: string | null;
}

export type GameLaunchEvent = { type: 'game.launch'; game: LaunchableGame } | { type: 'error.dismiss' };

const isOk = (answer: LaunchAnswer) => answer.code === 200;

/** The message of an answer that launches nothing (spec §8): the server's first, else the spec's. */
export function launchFailure(answer: LaunchAnswer): string {
  return answer.message || (isOk(answer) ? LAUNCH_NO_URL : LAUNCH_FAILED);
}

const output = ({ event }: { event: { output: LaunchAnswer } }) => event.output;

/** From idle and from a shown error alike: logged out asks for a login and sends nothing. */
const launch = [
  { guard: { type: 'isLoggedIn' }, target: '#gameLaunch.launching', actions: 'startLaunch' },
  { actions: 'askLogin' },
] as const;

export const gameLaunchMachine = setup({
  types: {
    context: {} as GameLaunchContext,
    events: {} as GameLaunchEvent,
  },
  actors: {
    launchGame: ioActor<LaunchAnswer, LaunchRequest>('launchGame'),
    openGameWindow: ioActor<void, { content: string }>('openGameWindow'),
  },
  actions: {
    startLaunch: assign(({ event }) => {
      assertEvent(event, 'game.launch');
      return { busyGameId: event.game.id, error: null };
    }),
    finish: assign({ busyGameId: null, error: null }),
    fail: assign((_, params: { message: string }) => ({ busyGameId: null, error: params.message })),
    askLogin: () => mustProvide('askLogin'),
    navigateTo: (_, _params: { url: string }) => mustProvide('navigateTo'),
  },
  guards: {
    isLoggedIn: () => mustProvide('isLoggedIn'),
    hasUrl: (_, answer: LaunchAnswer) => isOk(answer) && !!answer.url,
    hasContent: (_, answer: LaunchAnswer) => isOk(answer) && !!answer.content,
    isPopupBlocked: (_, params: { error: unknown }) => (params.error as { code?: unknown } | null)?.code === POPUP_BLOCKED_CODE,
  },
}).createMachine({
  id: 'gameLaunch',
  context: { busyGameId: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'game.launch': launch },
    },
    launching: {
      tags: ['busy'],
      invoke: {
        id: 'launchGame',
        src: 'launchGame',
        input: ({ event }) => {
          assertEvent(event, 'game.launch');
          return { game_code: event.game.gameCode, product_code: event.game.productCode, game_type: event.game.gameType };
        },
        onDone: [
          {
            guard: { type: 'hasUrl', params: output },
            target: 'idle',
            actions: [{ type: 'navigateTo', params: ({ event }) => ({ url: event.output.url! }) }, 'finish'],
          },
          { guard: { type: 'hasContent', params: output }, target: 'opening' },
          { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ message: launchFailure(event.output) }) } },
        ],
        onError: { target: 'failed', actions: { type: 'fail', params: { message: LAUNCH_NETWORK_ERROR } } },
      },
    },
    // The HTML travels from the answer to the window; it is never kept in context.
    opening: {
      tags: ['busy'],
      invoke: {
        id: 'openGameWindow',
        src: 'openGameWindow',
        // Entered only from launchGame's done event (typed as the machine's own events here).
        input: ({ event }) => ({ content: (event as unknown as { output: LaunchAnswer }).output.content ?? '' }),
        onDone: { target: 'idle', actions: 'finish' },
        onError: [
          {
            guard: { type: 'isPopupBlocked', params: ({ event }) => ({ error: event.error }) },
            target: 'failed',
            actions: { type: 'fail', params: { message: POPUP_BLOCKED } },
          },
          { target: 'failed', actions: { type: 'fail', params: { message: LAUNCH_FAILED } } },
        ],
      },
    },
    failed: {
      tags: ['error'],
      on: {
        'game.launch': launch,
        'error.dismiss': { target: 'idle', actions: 'finish' },
      },
    },
  },
});
