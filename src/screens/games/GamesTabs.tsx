import { Link } from 'wouter';
import { useTranslation } from '../../i18n/react';
import { Icon } from '../../../shared/components/Icon';

export const GAMES_TABS = ['all', 'hot', 'table', 'card', 'bingo'] as const;
export type GamesTab = (typeof GAMES_TABS)[number];

export function isGamesTab(value: string | null): value is GamesTab {
  return !!value && (GAMES_TABS as readonly string[]).includes(value);
}

const TAB = 'flex min-h-11 items-center gap-1.5 whitespace-nowrap rounded-full border px-4 text-sm font-semibold transition-colors duration-150';

/** Spec: the tab row is All, Hot and a link to the promotions. */
export function GamesTabs({ current }: { current: GamesTab | null }) {
  const { t } = useTranslation();
  const tabs = [
    { tab: 'all', href: '/games?tab=all', label: t('games.tabAll'), icon: 'grid' },
    { tab: 'hot', href: '/games?tab=hot', label: t('games.tabHot'), icon: 'flame' },
  ] as const;
  return (
    <nav aria-label={t('games.tabs')}>
      <ul className="flex flex-wrap gap-2">
        {tabs.map((item) => {
          const active = item.tab === current;
          return (
            <li key={item.tab}>
              <Link
                href={item.href}
                aria-current={active ? 'page' : undefined}
                className={`${TAB} ${active ? 'border-primary bg-primary text-on-primary' : 'border-line bg-surface text-fg hover:bg-raised'}`}
              >
                <Icon name={item.icon} size={18} />
                {item.label}
              </Link>
            </li>
          );
        })}
        <li>
          <Link href="/promotion" className={`${TAB} border-line bg-surface text-fg hover:bg-raised`}>
            <Icon name="gift" size={18} />
            {t('nav.promotions')}
          </Link>
        </li>
      </ul>
    </nav>
  );
}
