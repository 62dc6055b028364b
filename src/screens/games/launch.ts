import type { ActorRefFrom } from 'xstate';
import type { gameLaunchMachine } from '../../machines/game-launch/game-launch.machine';
import type { GameListContext } from '../../machines/game-list/game-list.machine';

export type LaunchActor = ActorRefFrom<typeof gameLaunchMachine>;

/** A game tile as the lists hold it. */
export type Game = GameListContext['games'][number];
