import { useEffect } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { authMachine } from '../machines/auth/auth.machine';
import { selectUser } from '../machines/auth/auth.selectors';
import { useAuthActor } from './session';

type AuthSnapshot = SnapshotFrom<typeof authMachine>;

const balancesOf = (snapshot: AuthSnapshot) => {
  const user = selectUser(snapshot);
  return user ? `${user.balance}|${user.main_balance}` : null;
};

/**
 * A log that follows the money (decision 0032): when the player's balances change — an approved
 * deposit, a withdrawal held or released, noticed by the balance poller within its 5 s — the list
 * asks for its page again, so an approved deposit no longer reads Pending until a reload.
 */
export function useRefreshOnBalanceChange(list: { send: (event: { type: 'list.refresh' }) => void }) {
  const authActor = useAuthActor();
  useEffect(() => {
    let last = balancesOf(authActor.getSnapshot() as AuthSnapshot);
    const subscription = authActor.subscribe((snapshot) => {
      const now = balancesOf(snapshot as AuthSnapshot);
      if (now === null) return;
      if (last !== null && now !== last) list.send({ type: 'list.refresh' });
      last = now;
    });
    return () => subscription.unsubscribe();
  }, [authActor, list]);
}
