import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import type { AuthActor, LiveMachines } from './live';

interface SessionValue {
  authActor: AuthActor;
  machines: LiveMachines;
}

const SessionContext = createContext<SessionValue | null>(null);

type AuthSnapshot = SnapshotFrom<AuthActor>;

/** Forwards page visibility to the balance poller, which pauses while the page is hidden. */
function useVisibilityForwarding(authActor: AuthActor) {
  useEffect(() => {
    const onChange = () => {
      const poller = authActor.system.get('balance');
      poller?.send({ type: document.hidden ? 'page.hidden' : 'page.visible' });
    };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, [authActor]);
}

export function SessionProvider({ value, children }: { value: SessionValue; children: ReactNode }) {
  useVisibilityForwarding(value.authActor);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('SessionProvider is missing');
  return value;
}

export function useAuthActor(): AuthActor {
  return useSession().authActor;
}

/** Reads the session through one of the auth selectors. */
export function useAuth<T>(selector: (snapshot: AuthSnapshot) => T): T {
  return useSelector(useSession().authActor, selector);
}

/** The machines screens start themselves (already provided with real effects). */
export function useMachines(): LiveMachines {
  return useSession().machines;
}
