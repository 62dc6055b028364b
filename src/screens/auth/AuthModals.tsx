import { lazy, Suspense } from 'react';
import { connectAuth } from '../../machines/auth/auth.connect';
import { useAuthActor, useTelegramSignIn } from '../../app/session';
import { useView } from '../../app/use-view';
import { LoginDialog } from './LoginDialog';
import { RegisterDialog } from './RegisterDialog';

// Only inside Telegram, and only when its sign-in needs the player: not in the web's first load.
const TelegramWelcome = lazy(() => import('./TelegramWelcome').then((m) => ({ default: m.TelegramWelcome })));

/** Whichever auth dialog the session machine has open, over any page; inside Telegram, what its sign-in still needs. */
export function AuthModals() {
  const { modal, loggedIn } = useView(useAuthActor(), connectAuth);
  const telegram = useTelegramSignIn();
  if (loggedIn) return null;
  if (modal) return modal === 'login' ? <LoginDialog /> : <RegisterDialog />;
  return telegram ? (
    <Suspense fallback={null}>
      <TelegramWelcome actor={telegram} />
    </Suspense>
  ) : null;
}
