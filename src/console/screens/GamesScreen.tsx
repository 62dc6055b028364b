import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { GamesPanel } from './games/GamesPanel';
import { HotListPanel } from './games/HotListPanel';
import { ProvidersPanel } from './games/ProvidersPanel';
import { TypesPanel } from './games/TypesPanel';
import './games/games.css';

const TABS = [
  { id: 'games', label: 'admin.gamesTabGames', Panel: GamesPanel },
  { id: 'hot', label: 'admin.gamesTabHot', Panel: HotListPanel },
  { id: 'providers', label: 'admin.gamesTabProviders', Panel: ProvidersPanel },
  { id: 'types', label: 'admin.gamesTabTypes', Panel: TypesPanel },
] as const;

type TabId = (typeof TABS)[number]['id'];

/** The tab strip (← / → / Home / End move between tabs, as a tablist should). */
function Tabs({ tab, onChange }: { tab: TabId; onChange: (tab: TabId) => void }) {
  const { t } = useTranslation();
  const onKey = (e: KeyboardEvent) => {
    const i = TABS.findIndex((x) => x.id === tab);
    const next = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? TABS.length - 1 : null;
    if (next === null) return;
    e.preventDefault();
    const target = TABS[(next + TABS.length) % TABS.length]!;
    onChange(target.id);
    document.getElementById(`kg-tab-${target.id}`)?.focus();
  };
  return (
    <div role="tablist" aria-label={t('admin.gamesTitle')} className="kg-tabs" onKeyDown={onKey}>
      {TABS.map((x) => (
        <button
          key={x.id}
          id={`kg-tab-${x.id}`}
          type="button"
          role="tab"
          aria-selected={x.id === tab}
          aria-controls="kg-panel"
          tabIndex={x.id === tab ? 0 : -1}
          className={`kg-tab${x.id === tab ? ' kg-active' : ''}`}
          onClick={() => onChange(x.id)}
        >
          {t(x.label)}
        </button>
      ))}
    </div>
  );
}

/**
 * Games (docs/operator.md § Games): what players find in the lobby. Show or hide a game, a
 * provider (everywhere or in one type) or a whole type, and choose the hot games and their order.
 * Every switch answers at once and goes back with the reason when the server refuses.
 */
export function GamesScreen() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TabId>('games');
  const current = TABS.find((x) => x.id === tab)!;
  return (
    <div className="kc-page">
      <div className="kc-page-head">
        <h1 className="kc-h1">{t('admin.gamesTitle')}</h1>
        <Tabs tab={tab} onChange={setTab} />
      </div>
      <div id="kg-panel" role="tabpanel" aria-labelledby={`kg-tab-${tab}`}>
        <current.Panel key={tab} />
      </div>
    </div>
  );
}
