/**
 * A game list's launcher's view object: which game's Play is busy, the failure to show, and the
 * intents (launch a game, dismiss the failure). `playState(id)` is one tile's Play button.
 */
import type { SnapshotFrom } from 'xstate';
import { intentsPerActor } from '../shared/connect';
import type { GameLaunchEvent, LaunchableGame, gameLaunchMachine } from './game-launch.machine';
import { selectBusyGameId, selectIsLaunching, selectLaunchError } from './game-launch.selectors';

type GameLaunchSnapshot = SnapshotFrom<typeof gameLaunchMachine>;
type Send = (event: GameLaunchEvent) => void;

const intents = intentsPerActor((send: Send) => ({
  /** Logged out, this asks for a login and launches nothing. */
  launch: (game: LaunchableGame) => send({ type: 'game.launch', game }),
  dismissError: () => send({ type: 'error.dismiss' }),
}));

export function connectGameLaunch(snapshot: GameLaunchSnapshot, send: Send) {
  const busyGameId = selectBusyGameId(snapshot);
  const launching = selectIsLaunching(snapshot);
  return {
    busyGameId,
    launching,
    /** The spec's message for a failed launch, until dismissed or another launch starts. */
    error: selectLaunchError(snapshot),
    /** A tile's Play: busy while its game launches; the others wait meanwhile. */
    playState: (gameId: number) => ({ busy: busyGameId === gameId, disabled: launching && busyGameId !== gameId }),
    ...intents(send),
  };
}

export type GameLaunchView = ReturnType<typeof connectGameLaunch>;
