import { Link } from 'wouter';
import { useTranslation } from '../../i18n/react';
import { Icon, type IconName } from '../../../shared/components/Icon';
import type { InformationTab } from './tabs';

const CARDS: Array<{ tab: InformationTab; icon: IconName; label: 'information.profileTab' | 'information.transferTab' | 'information.logsTab' }> = [
  { tab: 'profile', icon: 'user', label: 'information.profileTab' },
  { tab: 'transfer', icon: 'wallet', label: 'information.transferTab' },
  { tab: 'logs', icon: 'list', label: 'information.logsTab' },
];

export function TabCards({ current }: { current: InformationTab }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('information.tabs')}>
      <ul className="grid grid-cols-3 gap-2 md:gap-4">
        {CARDS.map((card) => {
          const active = card.tab === current;
          return (
            <li key={card.tab} className="flex">
              <Link
                href={`/information?tab=${card.tab}`}
                aria-current={active ? 'page' : undefined}
                className={`flex min-h-20 flex-1 flex-col items-center justify-center gap-1.5 rounded-2xl border p-2 text-center text-sm font-medium transition-colors duration-150 md:flex-row md:gap-3 md:text-base ${active ? 'border-primary bg-raised text-primary' : 'border-line bg-surface text-fg hover:bg-raised'}`}
              >
                <Icon name={card.icon} size={24} className="shrink-0" />
                <span>{t(card.label)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
