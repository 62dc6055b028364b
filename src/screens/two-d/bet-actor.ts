import { createContext, useContext } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { twoDBetMachine } from '../../machines/two-d-bet/two-d-bet.machine';

export type BetActor = ActorRefFrom<typeof twoDBetMachine>;
type BetSnapshot = SnapshotFrom<typeof twoDBetMachine>;

/** The one bet actor /2d/bet and /2d/confirm share (TwoDBetFlow provides it). */
export const BetActorContext = createContext<BetActor | null>(null);

export function useBetActor(): BetActor {
  const actor = useContext(BetActorContext);
  if (!actor) throw new Error('TwoDBetFlow is missing');
  return actor;
}

/** Reads the shared bet through one of its selectors. */
export function useBet<T>(selector: (snapshot: BetSnapshot) => T): T {
  return useSelector(useBetActor(), selector);
}
