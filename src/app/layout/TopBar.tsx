import { Link, useLocation } from 'wouter';
import { useTranslation } from '../../i18n/react';
import { selectIsLoggedIn, selectUser } from '../../machines/auth/auth.selectors';
import { useAuth, useAuthActor } from '../session';
import { Icon } from '../../../shared/components/Icon';
import { Money } from '../../components/Money';
import { formatMoney } from '../../lib/money';
import { reachAuthDialogs } from '../../screens/auth/AuthModals';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Logo } from './Logo';
import { reachDrawer } from './lazy-drawer';
import { BOTTOM_LINKS, DEPOSIT_HREF } from './nav-links';
import { useActiveLink } from './use-nav-state';
import { useScrolled } from './use-scrolled';

export function TopBar({ drawerOpen, onToggleDrawer }: { drawerOpen: boolean; onToggleDrawer: () => void }) {
  const { t } = useTranslation();
  const loggedIn = useAuth(selectIsLoggedIn);
  const scrolled = useScrolled();

  return (
    <header
      data-scrolled={scrolled || undefined}
      className={`sticky top-0 z-30 border-b pt-[var(--kp-safe-top)] transition-colors duration-200 ${scrolled ? 'border-line bg-surface shadow-lg' : 'border-transparent bg-bg'}`}
    >
      <div className="container flex h-[var(--kp-topbar-h)] items-center gap-2">
        <Link href="/?type=all" className="-ml-1 flex min-h-11 items-center rounded-xl px-1">
          <Logo />
        </Link>
        {loggedIn ? <DesktopNav /> : null}
        <div className="ml-auto flex items-center gap-1.5">
          {loggedIn ? <BalanceChip /> : <GuestActions />}
          <div className="hidden sm:block">
            <LanguageSwitcher />
          </div>
          <button
            type="button"
            className="icon-btn"
            {...reachDrawer}
            onClick={onToggleDrawer}
            aria-expanded={drawerOpen}
            aria-controls="side-menu"
            aria-label={drawerOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          >
            <Icon name="menu" />
          </button>
        </div>
      </div>
    </header>
  );
}

function GuestActions() {
  const { t } = useTranslation();
  const actor = useAuthActor();
  // The dialogs' chunk is asked for as the pointer or focus reaches a button, ahead of the tap.
  return (
    <>
      <button type="button" className="btn-ghost whitespace-nowrap px-3" {...reachAuthDialogs} onClick={() => actor.send({ type: 'modal.open', modal: 'login' })}>
        {t('auth.loginShort')}
      </button>
      <button type="button" className="btn-primary whitespace-nowrap px-3" {...reachAuthDialogs} onClick={() => actor.send({ type: 'modal.open', modal: 'register' })}>
        {t('auth.joinShort')}
      </button>
    </>
  );
}

/** The 2D lottery is paid from the main wallet: its pages show that balance, everything else the game one. */
const MAIN_WALLET_PAGES = /^\/(2d(\/|$)|morning-bet-slip|evening-bet-slip)/;

function BalanceChip() {
  const { t } = useTranslation();
  const user = useAuth(selectUser);
  const [path] = useLocation();
  const main = MAIN_WALLET_PAGES.test(path);
  const label = t(main ? 'wallet.mainBalance' : 'wallet.gameBalance');
  const value = main ? user?.main_balance : user?.balance;
  return (
    <Link
      href={DEPOSIT_HREF}
      className="flex min-h-11 items-center gap-2 rounded-full border border-line bg-surface py-0.5 pl-3 pr-2 text-sm"
      aria-label={`${label}: ${formatMoney(value, t('common.currency'))}`}
    >
      <span className="flex flex-col items-end leading-tight">
        <span className="text-[11px] text-muted">{label}</span>{' '}
        <Money value={value} />
      </span>
      <span className="flex h-7 w-7 items-center justify-center rounded-full bg-primary text-on-primary" aria-hidden="true">
        <Icon name="plus" size={16} />
      </span>
    </Link>
  );
}

/** On wide screens the bottom bar's links live in the top bar instead. */
function DesktopNav() {
  const { t } = useTranslation();
  const active = useActiveLink(BOTTOM_LINKS);
  return (
    <nav aria-label={t('nav.mainNavigation')} className="ml-4 hidden lg:block">
      <ul className="flex items-center gap-1">
        {BOTTOM_LINKS.map((link) => (
          <li key={link.href}>
            <Link
              href={link.href}
              aria-current={link === active ? 'page' : undefined}
              className={`flex min-h-11 items-center rounded-xl px-3 text-sm font-medium hover:bg-raised ${link === active ? 'text-primary' : 'text-muted'}`}
            >
              {t(link.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
