import { lazy, Suspense, useEffect } from 'react';
import { Redirect } from 'wouter';
import { selectIsLoggedIn } from '../../machines/auth/auth.selectors';
import { useAuth, useAuthActor } from '../../app/session';
import { safeReturnTo } from '../../lib/return-to';

/** The hero behind the dialog is decoration: it loads on demand, off the first download of `/`. */
const GuestHero = lazy(() => import('../home/GuestHero').then((m) => ({ default: m.GuestHero })));

/** /login: the home page with the login dialog open over it (logging in then goes to `returnTo`, else home). */
export function LoginRoute() {
  const actor = useAuthActor();
  const loggedIn = useAuth(selectIsLoggedIn);
  useEffect(() => {
    if (!actor.getSnapshot().matches('authenticated')) actor.send({ type: 'modal.open', modal: 'login' });
  }, [actor]);
  if (loggedIn) return <Redirect to={safeReturnTo(location.search) ?? '/?type=all'} replace />;
  return (
    <Suspense fallback={null}>
      <GuestHero />
    </Suspense>
  );
}
