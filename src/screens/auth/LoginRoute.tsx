import { useEffect } from 'react';
import { Redirect } from 'wouter';
import { selectIsLoggedIn } from '../../machines/auth/auth.selectors';
import { useAuth, useAuthActor } from '../../app/session';
import { safeReturnTo } from '../../lib/return-to';
import { GuestHero } from '../home/GuestHero';

/** /login: the home page with the login dialog open over it (logging in then goes to `returnTo`, else home). */
export function LoginRoute() {
  const actor = useAuthActor();
  const loggedIn = useAuth(selectIsLoggedIn);
  useEffect(() => {
    if (!actor.getSnapshot().matches('authenticated')) actor.send({ type: 'modal.open', modal: 'login' });
  }, [actor]);
  if (loggedIn) return <Redirect to={safeReturnTo(location.search) ?? '/?type=all'} replace />;
  return <GuestHero />;
}
