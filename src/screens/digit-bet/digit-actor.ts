import { createContext, useContext } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { DigitBetMachine } from '../../machines/digit-bet/digit-bet.machine';

export type DigitActor = ActorRefFrom<DigitBetMachine>;
type DigitSnapshot = SnapshotFrom<DigitBetMachine>;

/** The one Digit Bet actor of the page (DigitBetScreen provides it). */
export const DigitActorContext = createContext<DigitActor | null>(null);

export function useDigitActor(): DigitActor {
  const actor = useContext(DigitActorContext);
  if (!actor) throw new Error('DigitBetScreen is missing');
  return actor;
}

/** Reads the game through one of its selectors (`compare` for selectors that build objects). */
export function useDigit<T>(selector: (snapshot: DigitSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  return useSelector(useDigitActor(), selector, compare);
}

/** Shallow equality for the selectors that return small objects. */
export function sameFields<T extends object | null>(a: T, b: T): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  return keys.length === Object.keys(y).length && keys.every((k) => x[k] === y[k]);
}
