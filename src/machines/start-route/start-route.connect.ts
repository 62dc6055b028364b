/**
 * The start route's view object (zag's `connect`), for its host (src/app/landing.ts), which has no
 * screen: whether the landing still waits, and what the host tells it. Pure: no React, no words.
 */
import type { SnapshotFrom } from 'xstate';
import type { StartPage } from '../../../shared/start-param';
import { intentsPerActor } from '../shared/connect';
import type { StartRouteEvent, startRouteMachine } from './start-route.machine';
import { selectLanded, selectStartPage, selectWaiting } from './start-route.selectors';

export interface StartRouteIntents {
  /** The entry settled (Telegram's sign-in done, or at once on the web), signed in or as a guest. */
  entrySettled: (signedIn: boolean) => void;
  /** The player navigated before the entry settled: their choice wins. */
  playerMoved: () => void;
}

export interface StartRouteView extends StartRouteIntents {
  waiting: boolean;
  landed: boolean;
  page: StartPage | null;
}

type StartRouteSend = (event: StartRouteEvent) => void;

const intentsOf = intentsPerActor(
  (send: StartRouteSend): StartRouteIntents => ({
    entrySettled: (signedIn) => send({ type: 'entry.settled', signedIn }),
    playerMoved: () => send({ type: 'player.moved' }),
  }),
);

export function connectStartRoute(snapshot: SnapshotFrom<typeof startRouteMachine>, send: StartRouteSend): StartRouteView {
  return {
    waiting: selectWaiting(snapshot),
    landed: selectLanded(snapshot),
    page: selectStartPage(snapshot),
    ...intentsOf(send),
  };
}
