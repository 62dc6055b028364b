import { useActorRef } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useView } from '../../../app/use-view';
import { connectConsoleAction } from '../../../machines/console-action/console-action.connect';
import { useConsole } from '../../context';

/**
 * One switch of the catalogue (shown / hidden, hot / not) over a console-action actor: the new
 * value shows at once while the change is in flight, stays after it succeeded until the reloaded
 * list brings it, and falls back to the server's value (with the refusal's words) when refused.
 */
export function useSwitch<T>(actual: T, perform: (value: T) => Promise<unknown>, done: (value: T) => string, changed: () => void) {
  const { action } = useConsole();
  const latest = useRef({ perform, done, changed });
  latest.current = { perform, done, changed };
  const [confirmed, setConfirmed] = useState<{ value: T } | null>(null);
  const actor = useActorRef(
    action<T>(
      async (value) => {
        const answer = await latest.current.perform(value);
        setConfirmed({ value });
        return answer;
      },
      (value) => latest.current.done(value),
      () => latest.current.changed(),
    ),
  );
  // The reloaded row is the truth again.
  useEffect(() => setConfirmed(null), [actual]);
  const change = useView(actor, connectConsoleAction<T>);
  const pending = change.inFlight;
  const value = pending !== undefined ? pending : confirmed ? confirmed.value : actual;
  return { value, busy: change.busy, result: change.result, set: change.run };
}
