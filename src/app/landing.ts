/**
 * The start route, wired: the launch's start parameter decides where the app lands once the entry
 * has settled (after Telegram's silent sign-in, or at once on the web).
 */
import { createActor } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import type { StartParam } from '../../shared/start-param';
import { connectStartRoute } from '../machines/start-route/start-route.connect';
import { startRouteMachine } from '../machines/start-route/start-route.machine';
import type { ActorRefFrom } from 'xstate';
import type { authMachine } from '../machines/auth/auth.machine';
import type { TelegramSignInActor } from './live-telegram';
import { writeReferral } from './storage';

export function startLanding({ param, authActor, telegram }: { param: StartParam; authActor: ActorRefFrom<typeof authMachine>; telegram: TelegramSignInActor | null }) {
  const actor = createActor(
    startRouteMachine.provide({
      actions: {
        rememberReferral: (_, { code }) => writeReferral(code),
        // A direct link's page may already be the one shown (the server painted it: decision 0040).
        goTo: (_, { path }) => (location.pathname === path ? undefined : navigate(path)),
        openRegister: () => authActor.send({ type: 'modal.open', modal: 'register' }),
      },
    }),
    { input: param },
  ).start();
  const route = connectStartRoute(actor.getSnapshot(), actor.send);
  if (route.landed) return actor;

  const settled = () => route.entrySettled(authActor.getSnapshot().matches('authenticated'));
  // A navigation by the player before the entry settles wins over the link's page.
  const onMove = route.playerMoved;
  addEventListener('pushState', onMove, { once: true });
  addEventListener('popstate', onMove, { once: true });
  actor.subscribe({ complete: () => (removeEventListener('pushState', onMove), removeEventListener('popstate', onMove)) });

  if (!telegram) settled();
  else {
    const sub = telegram.subscribe((snapshot) => {
      // Settled once signed in or left as a guest; a form (referral, login) is not settled yet.
      if (snapshot.status !== 'done') return;
      sub.unsubscribe();
      settled();
    });
    if (telegram.getSnapshot().status === 'done') settled();
  }
  return actor;
}
