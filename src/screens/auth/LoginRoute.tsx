import { lazy, Suspense, useEffect } from 'react';
import { Redirect } from 'wouter';
import { connectAuth } from '../../machines/auth/auth.connect';
import { useAuthActor } from '../../app/session';
import { useView } from '../../app/use-view';
import { safeReturnTo } from '../../lib/return-to';

/** The hero behind the dialog is decoration: it loads on demand, off the first download of `/`. */
const GuestHero = lazy(() => import('../home/GuestHero').then((m) => ({ default: m.GuestHero })));

/** /login: the home page with the login dialog open over it (logging in then goes to `returnTo`, else home). */
export function LoginRoute() {
  const { loggedIn, openLogin } = useView(useAuthActor(), connectAuth);
  // On arrival (a player already logged in is sent on: the machine opens no dialog for them).
  useEffect(() => {
    openLogin();
  }, [openLogin]);
  if (loggedIn) return <Redirect to={safeReturnTo(location.search) ?? '/?type=all'} replace />;
  return (
    <Suspense fallback={null}>
      <GuestHero />
    </Suspense>
  );
}
