import { Link } from 'wouter';
import { useTranslation } from '../../i18n/react';
import { Icon } from '../../../shared/components/Icon';
import { BOTTOM_LINKS } from './nav-links';
import { useActiveLink } from './use-nav-state';

/** Logged-in players' quick navigation, fixed to the bottom on phones and tablets. */
export function BottomBar() {
  const { t } = useTranslation();
  const active = useActiveLink(BOTTOM_LINKS);
  return (
    <nav
      aria-label={t('nav.quickNavigation')}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface pb-[var(--kp-safe-bottom)] pl-[var(--kp-safe-left)] pr-[var(--kp-safe-right)] lg:hidden"
    >
      <ul className="mx-auto grid h-[var(--kp-bottombar-h)] max-w-xl grid-cols-5">
        {BOTTOM_LINKS.map((link) => {
          const current = link === active;
          return (
            <li key={link.href} className="flex">
              <Link
                href={link.href}
                aria-current={current ? 'page' : undefined}
                className={`flex flex-1 flex-col items-center justify-center gap-0.5 px-0.5 text-center text-xs font-medium ${current ? 'text-primary' : 'text-muted hover:text-fg'}`}
              >
                <Icon name={link.icon} size={22} />
                <span className="line-clamp-1 max-w-full">{t(link.label)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
