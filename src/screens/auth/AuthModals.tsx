import { selectIsLoggedIn, selectModal } from '../../machines/auth/auth.selectors';
import { useAuth } from '../../app/session';
import { LoginDialog } from './LoginDialog';
import { RegisterDialog } from './RegisterDialog';

/** Whichever auth dialog the session machine has open, over any page. */
export function AuthModals() {
  const modal = useAuth(selectModal);
  const loggedIn = useAuth(selectIsLoggedIn);
  if (loggedIn || !modal) return null;
  return modal === 'login' ? <LoginDialog /> : <RegisterDialog />;
}
