import { useRef } from 'react';
import { Link } from 'wouter';
import { useTranslation } from '../../i18n/react';
import { selectIsBusy, selectIsLoggedIn, selectUser } from '../../machines/auth/auth.selectors';
import { useAuth, useAuthActor } from '../session';
import { Button } from '../../components/Button';
import { Icon } from '../../../shared/components/Icon';
import { Money } from '../../components/Money';
import { useFocusTrap } from '../../components/use-focus-trap';
import { onExternalLinkClick } from '../../telegram/effects';
import { LanguageList } from './LanguageList';
import { DEPOSIT_HREF } from './nav-links';
import { DOWNLOAD_APK_HREF, DRAWER_LINKS } from './drawer-links';
import { useActiveLink } from './use-nav-state';

const CONTACT_ICONS = [
  { icon: 'telegram', label: 'contact.telegram' },
  { icon: 'viber', label: 'contact.viber' },
  { icon: 'facebook', label: 'contact.facebook' },
] as const;

/** The right-hand side menu: account, navigation, language, contact, app download, logout. */
export function Drawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const loggedIn = useAuth(selectIsLoggedIn);
  useFocusTrap(ref, true, onClose);

  return (
    <div className="fixed inset-0 z-40">
      <div className="kp-fade-in absolute inset-0 bg-scrim" onClick={onClose} aria-hidden="true" />
      <div
        ref={ref}
        id="side-menu"
        role="dialog"
        aria-modal="true"
        aria-label={t('nav.menu')}
        className="kp-slide-in absolute inset-y-0 right-0 flex w-[min(86vw,340px)] flex-col overflow-y-auto border-l border-line bg-surface pt-[var(--kp-safe-top)] pb-[calc(16px+var(--kp-safe-bottom))] pr-[var(--kp-safe-right)]"
      >
        <div className="flex items-center justify-between px-4 py-2">
          <p className="text-base font-semibold">{t('nav.menu')}</p>
          <button type="button" className="icon-btn -mr-2" onClick={onClose} aria-label={t('nav.closeMenu')} data-autofocus>
            <Icon name="close" />
          </button>
        </div>

        <div className="px-4">{loggedIn ? <AccountCard onNavigate={onClose} /> : <GuestCard onChoose={onClose} />}</div>

        <DrawerLinks onNavigate={onClose} />

        <DrawerFooter loggedIn={loggedIn} onNavigate={onClose} />
      </div>
    </div>
  );
}

/** The site's pages; the one open now is marked. */
function DrawerLinks({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const active = useActiveLink(DRAWER_LINKS);
  return (
    <nav aria-label={t('nav.mainNavigation')} className="mt-3 px-2">
      <ul>
        {DRAWER_LINKS.map((link) => (
          <li key={link.href}>
            <Link
              href={link.href}
              onClick={onNavigate}
              aria-current={link === active ? 'page' : undefined}
              className={`flex min-h-12 items-center gap-3 rounded-xl px-3 hover:bg-raised ${link === active ? 'text-primary' : 'text-fg'}`}
            >
              <Icon name={link.icon} size={20} className="shrink-0 text-muted" />
              <span className="flex-1">{t(link.label)}</span>
              <Icon name="chevronRight" size={18} className="shrink-0 text-muted" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Language, contact, the app download and, for a player, logout. */
function DrawerFooter({ loggedIn, onNavigate }: { loggedIn: boolean; onNavigate: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="mt-4 flex flex-col gap-4 border-t border-line px-4 pt-4">
      <LanguageList />
      <ContactLinks onNavigate={onNavigate} />
      {/* Inside Telegram the download goes to the phone's browser: the Mini App's view cannot install it. */}
      <a href={DOWNLOAD_APK_HREF} onClick={onExternalLinkClick} className="btn-outline w-full">
        <Icon name="download" size={20} />
        {t('nav.downloadApp')}
      </a>
      {loggedIn ? <LogoutButton /> : null}
    </div>
  );
}

function ContactLinks({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  return (
    <div>
      <p className="mb-2 text-sm text-muted">{t('nav.contactUs')}</p>
      <ul className="flex gap-2">
        {CONTACT_ICONS.map((c) => (
          <li key={c.icon}>
            <Link href="/contact" onClick={onNavigate} className="icon-btn border border-line" aria-label={t(c.label)}>
              <Icon name={c.icon} size={20} />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function AccountCard({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const user = useAuth(selectUser);
  return (
    <div className="rounded-2xl border border-line bg-raised p-4">
      <div className="flex items-center gap-3">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-surface text-primary">
          <Icon name="user" />
        </span>
        <div className="min-w-0">
          <p className="truncate font-semibold">{user?.name || user?.user_name}</p>
          <p className="truncate text-sm text-muted">{user?.user_name}</p>
        </div>
      </div>
      <div className="mt-3 flex items-end justify-between gap-2">
        <div>
          <p className="text-xs text-muted">{t('wallet.balance')}</p>
          <Money value={user?.balance} className="text-lg" />
        </div>
        <Link href={DEPOSIT_HREF} onClick={onNavigate} className="btn-primary px-4">
          {t('wallet.deposit')}
        </Link>
      </div>
    </div>
  );
}

/** The drawer makes way for the dialog the guest picked. */
function GuestCard({ onChoose }: { onChoose: () => void }) {
  const { t } = useTranslation();
  const actor = useAuthActor();
  const open = (modal: 'login' | 'register') => {
    onChoose();
    actor.send({ type: 'modal.open', modal });
  };
  return (
    <div className="grid grid-cols-2 gap-2">
      <button type="button" className="btn-outline" onClick={() => open('login')}>
        {t('auth.loginShort')}
      </button>
      <button type="button" className="btn-primary" onClick={() => open('register')}>
        {t('auth.joinShort')}
      </button>
    </div>
  );
}

function LogoutButton() {
  const { t } = useTranslation();
  const actor = useAuthActor();
  const busy = useAuth(selectIsBusy);
  return (
    <Button variant="ghost" busy={busy} className="w-full border border-line text-loss" onClick={() => actor.send({ type: 'logout' })}>
      <Icon name="logout" size={20} />
      {t('auth.logout')}
    </Button>
  );
}
