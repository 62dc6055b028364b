import { useTranslation } from '../../i18n/react';
import { useAuthActor } from '../../app/session';
import { useView } from '../../app/use-view';
import type { artForReader } from '../../../shared/art-url';
import { connectAuth } from '../../machines/auth/auth.connect';

/**
 * Addresses generated art in the reader's language, the player's variant once logged in
 * (shared/art-url). The rewrite is passed in so the home screen can take it from its lazily loaded
 * wiring (live-games) and keep it out of the entry bundle.
 */
export function useArtUrl(rewrite: typeof artForReader): (src: string) => string {
  const { i18n } = useTranslation();
  const player = useView(useAuthActor(), connectAuth).loggedIn;
  return (src) => rewrite(src, i18n.language, player);
}
