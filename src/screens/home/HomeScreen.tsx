import { Redirect, useSearch } from 'wouter';
import { useTranslation } from 'react-i18next';
import { selectIsLoggedIn } from '../../machines/auth/auth.selectors';
import { useAuth } from '../../app/session';
import { GuestHero } from './GuestHero';
import { WalletSummary } from './WalletSummary';

/**
 * Home. The spec's home always carries a game-type query, so a bare `/` becomes `/?type=all`.
 * Until the game lobby arrives it welcomes guests and shows players their wallet.
 */
export function HomeScreen() {
  const { t } = useTranslation();
  const query = new URLSearchParams(useSearch());
  const loggedIn = useAuth(selectIsLoggedIn);
  if (!query.get('type')) return <Redirect to="/?type=all" replace />;

  return (
    <div className="flex flex-col gap-6">
      <h1 className="sr-only">{t('common.appName')}</h1>
      {loggedIn ? <WalletSummary /> : <GuestHero />}
    </div>
  );
}
