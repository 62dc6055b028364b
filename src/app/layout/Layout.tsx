import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useTranslation } from '../../i18n/react';
import { selectIsLoggedIn } from '../../machines/auth/auth.selectors';
import { AuthModals } from '../../screens/auth/AuthModals';
import { useAuth } from '../session';
import { BottomBar } from './BottomBar';
import { Footer } from './Footer';
import { LazyDrawer } from './lazy-drawer';
import { LazyToaster } from './LazyToaster';
import { TopBar } from './TopBar';

/** The root layout of every route: top bar, page, footer, bottom bar, drawer, dialogs, toasts. */
export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const loggedIn = useAuth(selectIsLoggedIn);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [path] = useLocation();
  const search = useSearch();

  // Any navigation (a link, back, a login that goes home) closes the side menu.
  useEffect(() => setDrawerOpen(false), [path, search, loggedIn]);

  return (
    // Side insets (a notch in landscape, Telegram's fullscreen chrome): top and bottom pad the bars.
    <div className={`flex min-h-[var(--kp-vh)] flex-col pl-[var(--kp-safe-left)] pr-[var(--kp-safe-right)] ${loggedIn ? 'pb-[calc(var(--kp-bottombar-h)+var(--kp-safe-bottom))] lg:pb-0' : 'pb-[var(--kp-safe-bottom)]'}`}>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-primary focus:px-3 focus:py-2 focus:text-on-primary">
        {t('common.skipToContent')}
      </a>
      <TopBar drawerOpen={drawerOpen} onToggleDrawer={() => setDrawerOpen((v) => !v)} />
      {/* At least a screen tall, so the footer starts below the first screen and content arriving later never pushes it across (no layout shift). */}
      <main id="main" tabIndex={-1} className="container min-h-[calc(var(--kp-vh)-var(--kp-topbar-h))] flex-1 py-4 md:py-6">
        {children}
      </main>
      <Footer />
      {loggedIn ? <BottomBar /> : null}
      {drawerOpen ? (
        <Suspense fallback={null}>
          <LazyDrawer onClose={() => setDrawerOpen(false)} />
        </Suspense>
      ) : null}
      <AuthModals />
      <LazyToaster />
    </div>
  );
}
