import { createContext, useContext } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { fairnessMachine } from '../../machines/fairness/fairness.machine';

export type FairActor = ActorRefFrom<typeof fairnessMachine>;
type FairSnapshot = SnapshotFrom<typeof fairnessMachine>;

/** The fairness page's actor (FairnessScreen provides it). */
export const FairActorContext = createContext<FairActor | null>(null);

export function useFairActor(): FairActor {
  const actor = useContext(FairActorContext);
  if (!actor) throw new Error('FairnessScreen is missing');
  return actor;
}

export function useFair<T>(selector: (snapshot: FairSnapshot) => T): T {
  return useSelector(useFairActor(), selector);
}
