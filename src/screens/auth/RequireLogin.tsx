import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { selectIsLoggedIn } from '../../machines/auth/auth.selectors';
import { useAuth, useAuthActor, useTelegramPending } from '../../app/session';
import { EmptyState } from '../../components/EmptyState';
import { Spinner } from '../../components/Spinner';

/** Pages for players only: a guest gets the login dialog, and this page behind it. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const actor = useAuthActor();
  const loggedIn = useAuth(selectIsLoggedIn);
  // Inside Telegram the silent sign-in runs first: no login dialog while it may still succeed.
  const signingIn = useTelegramPending();
  // On arrival only (or once Telegram's sign-in settled): logging out here goes home, and must not pop the dialog on the way.
  useEffect(() => {
    if (!signingIn && !actor.getSnapshot().matches('authenticated')) actor.send({ type: 'modal.open', modal: 'login' });
  }, [actor, signingIn]);

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
        <button type="button" className="btn-primary px-6" onClick={() => actor.send({ type: 'modal.open', modal: 'login' })}>
          {t('auth.login')}
        </button>
      }
    />
  );
}
