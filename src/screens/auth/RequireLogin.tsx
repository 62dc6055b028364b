import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { selectIsLoggedIn } from '../../machines/auth/auth.selectors';
import { useAuth, useAuthActor } from '../../app/session';
import { EmptyState } from '../../components/EmptyState';

/** Pages for players only: a guest gets the login dialog, and this page behind it. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const actor = useAuthActor();
  const loggedIn = useAuth(selectIsLoggedIn);
  // On arrival only: logging out here goes home, and must not pop the dialog on the way.
  useEffect(() => {
    if (!actor.getSnapshot().matches('authenticated')) actor.send({ type: 'modal.open', modal: 'login' });
  }, [actor]);

  if (loggedIn) return <>{children}</>;
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
