import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';

/**
 * A flow's view object (as zag's `connect`): `connect` is a pure function in the machine's folder
 * that turns the machine's snapshot into what the view shows and the intents it may send, so a
 * screen reads one object instead of a `useSelector` per field and never builds raw events.
 */
export function useView<TActor extends AnyActorRef, TView>(
  actor: TActor,
  connect: (snapshot: SnapshotFrom<TActor>, send: TActor['send']) => TView,
): TView {
  const snapshot = useSelector(actor, (s) => s) as SnapshotFrom<TActor>;
  return useMemo(() => connect(snapshot, actor.send), [snapshot, actor, connect]);
}
