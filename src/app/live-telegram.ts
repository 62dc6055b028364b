/**
 * Telegram's silent sign-in, wired (a chunk of its own, loaded only inside Telegram): the machine
 * gets the real calls, hands its session to the auth machine, and follows the auth machine while
 * it waits for a login to link.
 */
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import type { AuthApi } from '../api/auth';
import type { Session } from '../api/types';
import { i18n } from '../i18n';
import { telegramSignInMachine } from '../machines/telegram-sign-in/telegram-sign-in.machine';
import type { TelegramLaunch } from '../telegram/launch';
import type { authMachine } from '../machines/auth/auth.machine';
import { notifyError, notifySuccess } from './notify';
import { holdSheet, markFreshAccount } from '../lib/open-sheets';

export type TelegramSignInActor = ActorRefFrom<typeof telegramSignInMachine>;

export function startTelegramSignIn({ auth, authActor, launch }: { auth: AuthApi; authActor: ActorRefFrom<typeof authMachine>; launch: TelegramLaunch }): TelegramSignInActor {
  const machine = telegramSignInMachine.provide({
    actors: {
      signIn: fromPromise(({ input }) => auth.telegramSignIn(input)),
      linkTelegram: fromPromise(async ({ input }) => {
        const user = await auth.linkTelegram(input.initData);
        authActor.send({ type: 'user.changed', user });
        return user;
      }),
    },
    actions: {
      startSession: (_, session: Session) => authActor.send({ type: 'session.start', session }),
      openLogin: () => authActor.send({ type: 'modal.open', modal: 'login' }),
      notifyLinked: () => notifySuccess(i18n.t('telegram.linked')),
      notifyError: (_, { message }) => notifyError(message),
    },
  });
  const actor = createActor(machine, {
    input: { initData: launch.initData, signedIn: authActor.getSnapshot().matches('authenticated') },
  });

  // While it waits for a login: a login (or a registration) links; closing the form goes back.
  authActor.subscribe((snapshot) => {
    if (!actor.getSnapshot().matches('awaitingLogin')) return;
    if (snapshot.matches('authenticated')) actor.send({ type: 'login.succeeded' });
    else if (snapshot.context.modal === null) actor.send({ type: 'login.cancel' });
  });
  // The first sign-in (and its welcome sheet) holds the page: no pop-up ad during it, nor after it
  // in this visit (lib/open-sheets, machines/popup-ad).
  const release = holdSheet();
  const follow = (snapshot: ReturnType<TelegramSignInActor['getSnapshot']>) => {
    if (snapshot.matches('signingIn') || snapshot.matches('needsReferral')) markFreshAccount();
    if (snapshot.status !== 'active') release();
  };
  actor.subscribe(follow);
  actor.start();
  follow(actor.getSnapshot());
  return actor;
}
