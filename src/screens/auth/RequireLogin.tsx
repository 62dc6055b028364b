import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { connectAuth } from '../../machines/auth/auth.connect';
import { useAuthActor, useTelegramPending } from '../../app/session';
import { useView } from '../../app/use-view';
import { EmptyState } from '../../components/EmptyState';
import { Spinner } from '../../components/Spinner';

/** Pages for players only: a guest gets the login dialog, and this page behind it. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { loggedIn, openLogin } = useView(useAuthActor(), connectAuth);
  // Inside Telegram the silent sign-in runs first: no login dialog while it may still succeed.
  const signingIn = useTelegramPending();
  // On arrival only (or once Telegram's sign-in settled): logging out here goes home, and must not pop the dialog on the way.
  // (`openLogin` is the same function for the session's life; the machine ignores it once logged in.)
  useEffect(() => {
    if (!signingIn) openLogin();
  }, [openLogin, signingIn]);

  if (loggedIn) return <>{children}</>;
  if (signingIn) {
    return (
      <div className="flex min-h-60 flex-col items-center justify-center gap-3 text-muted" role="status">
        <Spinner size={28} />
        <p>{t('telegram.signingIn')}</p>
      </div>
    );
  }
  return (
    <EmptyState
      icon="lock"
      title={t('auth.loginRequired')}
      hint={t('auth.loginRequiredHint')}
      action={
        <button type="button" className="btn-primary px-6" onClick={openLogin}>
          {t('auth.login')}
        </button>
      }
    />
  );
}
