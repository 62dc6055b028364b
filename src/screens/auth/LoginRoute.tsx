import { useEffect } from 'react';
import { Redirect } from 'wouter';
import { selectIsLoggedIn } from '../../machines/auth/auth.selectors';
import { useAuth, useAuthActor } from '../../app/session';
import { GuestHero } from '../home/GuestHero';

/** /login: the home page with the login dialog open over it (logging in then goes home). */
export function LoginRoute() {
  const actor = useAuthActor();
  const loggedIn = useAuth(selectIsLoggedIn);
  useEffect(() => {
    if (!actor.getSnapshot().matches('authenticated')) actor.send({ type: 'modal.open', modal: 'login' });
  }, [actor]);
  if (loggedIn) return <Redirect to="/?type=all" replace />;
  return <GuestHero />;
}
