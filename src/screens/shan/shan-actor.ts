import type { ActorRefFrom } from 'xstate';
import type { ShanMachines } from '../../app/live';

/** The launcher's running actor, as the card's pieces receive it. */
export type ShanActor = ActorRefFrom<ShanMachines['shanLaunch']>;
