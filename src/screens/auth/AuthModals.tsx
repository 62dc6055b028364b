import { lazy, Suspense, useEffect } from 'react';
import { holdSheet } from '../../lib/open-sheets';
import { connectAuth } from '../../machines/auth/auth.connect';
import { useAuthActor, useTelegramSignIn } from '../../app/session';
import { useView } from '../../app/use-view';
import { Spinner } from '../../components/Spinner';
import { lazyPart } from '../../app/chunk';

/**
 * The dialogs are a chunk of their own, off the first download of every page: a guest's tap on
 * "Log in" or "Join" (or a pointer reaching for one) asks for it; the dimmed page shows a spinner
 * until it is in.
 */
const dialogs = lazyPart(() => import('./auth-dialogs'));
/** Props for a button that opens one: a pointer or focus reaching it asks for the chunk ahead of the tap. */
export const reachAuthDialogs = dialogs.reach;
const LoginDialog = dialogs.component((m) => m.LoginDialog);
const RegisterDialog = dialogs.component((m) => m.RegisterDialog);

// Only inside Telegram, and only when its sign-in needs the player: not in the web's first load.
const TelegramWelcome = lazy(() => import('./TelegramWelcome').then((m) => ({ default: m.TelegramWelcome })));

function DialogLoading() {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-scrim text-on-primary">
      <Spinner size={28} />
    </div>
  );
}

/** Whichever auth dialog the session machine has open, over any page; inside Telegram, what its sign-in still needs. */
export function AuthModals() {
  const { modal, loggedIn } = useView(useAuthActor(), connectAuth);
  const telegram = useTelegramSignIn();
  // An auth dialog is a sheet from the tap on, also while its chunk is on the way: the pop-up ad
  // (machines/popup-ad) must not open in that gap (lib/open-sheets).
  const open = modal !== null && !loggedIn;
  useEffect(() => (open ? holdSheet() : undefined), [open]);
  if (loggedIn) return null;
  if (modal)
    return <Suspense fallback={<DialogLoading />}>{modal === 'login' ? <LoginDialog /> : <RegisterDialog />}</Suspense>;
  return telegram ? (
    <Suspense fallback={null}>
      <TelegramWelcome actor={telegram} />
    </Suspense>
  ) : null;
}
