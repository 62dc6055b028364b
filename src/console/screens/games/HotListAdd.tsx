import { useActorRef } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { AdminGame } from '../../../api/admin';
import { useView } from '../../../app/use-view';
import { Button } from '../../../components/Button';
import { connectResource } from '../../../machines/resource/resource.connect';
import { useConsole } from '../../context';
import { Loaded, type ResourceActor } from '../Loaded';
import { GameName, GameThumb } from './game-parts';

const MAX_HOT = 200;

/** Games not on the hot list yet that match a search, each with an Add button. */
function AddResults({ q, onAdd, hotIds, busy }: { q: string; onAdd: (game: AdminGame) => void; hotIds: number[]; busy: boolean }) {
  const { t } = useTranslation();
  const { admin, resource } = useConsole();
  const actor: ResourceActor = useActorRef(resource(() => admin.games.page({ q }, 1)));
  const search = useView(actor, connectResource<{ items: AdminGame[] }>);
  const found = search.data?.items ?? [];
  const candidates = found.filter((g) => !hotIds.includes(g.id)).slice(0, 8);
  return (
    <Loaded view={search}>
      {candidates.length === 0 ? <p className="kc-muted kc-small">{found.length === 0 ? t('admin.gamesNone') : t('admin.gamesAllOnHot')}</p> : null}
      <ul className="kc-plain kg-add-results">
        {candidates.map((game) => (
          <li key={game.id} className="kg-hot-row">
            <GameThumb game={game} size={40} />
            <GameName game={game} />
            <Button variant="outline" disabled={busy || hotIds.length >= MAX_HOT} onClick={() => onAdd(game)} aria-label={t('admin.gamesAddNamed', { name: game.game_name })}>
              {t('admin.gamesAdd')}
            </Button>
          </li>
        ))}
      </ul>
    </Loaded>
  );
}

/** The search box's text and the search last submitted (its results show until the next one). */
export function useHotSearch() {
  const [q, setQ] = useState('');
  const [searched, setSearched] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSearched(q.trim());
  };
  return { q, setQ, searched, submit };
}

/** Add to the hot list: search by name or code, then Add (the game goes last). */
export function HotListAdd({ search, hotIds, busy, onAdd }: { search: ReturnType<typeof useHotSearch>; hotIds: number[]; busy: boolean; onAdd: (game: AdminGame) => void }) {
  const { t } = useTranslation();
  return (
    <section className="card kc-pad kc-stack" aria-label={t('admin.gamesAddTitle')}>
      <h2 className="kc-h2">{t('admin.gamesAddTitle')}</h2>
      <form className="kg-search-row" role="search" onSubmit={search.submit}>
        <input className="field" type="search" value={search.q} maxLength={100} onChange={(e) => search.setQ(e.target.value)} placeholder={t('admin.gamesSearchHint')} aria-label={t('admin.gamesSearch')} />
        <Button type="submit" variant="outline">
          {t('admin.searchButton')}
        </Button>
      </form>
      {search.searched ? <AddResults key={search.searched} q={search.searched} onAdd={onAdd} hotIds={hotIds} busy={busy} /> : <p className="kc-muted kc-small">{t('admin.gamesAddHint')}</p>}
    </section>
  );
}
