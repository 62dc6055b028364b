import type { SnapshotFrom } from 'xstate';
import type { gameLaunchMachine } from './game-launch.machine';

type GameLaunchSnapshot = SnapshotFrom<typeof gameLaunchMachine>;

export const selectBusyGameId = (snapshot: GameLaunchSnapshot) => snapshot.context.busyGameId;
export const selectLaunchError = (snapshot: GameLaunchSnapshot) => snapshot.context.error;
export const selectIsLaunching = (snapshot: GameLaunchSnapshot) => snapshot.hasTag('busy');
