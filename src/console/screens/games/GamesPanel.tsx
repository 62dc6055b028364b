import { useActorRef } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import { fromPromise } from 'xstate';
import type { AdminGame, GameFilter } from '../../../api/admin';
import type { PageOf } from '../../../api/types';
import { useView } from '../../../app/use-view';
import { LoadFailed } from '../Loaded';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { pagedListMachine } from '../../../machines/paged-list/paged-list.machine';
import { connectPagedList, type PagedListView } from '../../../machines/paged-list/paged-list.connect';
import { useConsole } from '../../context';
import { GameThumb, hiddenBy, useTypeName } from './game-parts';
import { FlagFilters, ProviderFilter, TypeFilter } from './GameFilters';
import { HotSwitch, ShownSwitch } from './Switches';

function GameRow({ game, types, refresh }: { game: AdminGame; types: number; refresh: () => void }) {
  const typeName = useTypeName();
  const { t } = useTranslation();
  const why = hiddenBy(game);
  return (
    <tr data-testid={`game-${game.id}`}>
      <td>
        <GameThumb game={game} />
      </td>
      <td className="kg-name">
        <strong>{game.game_name}</strong>
        <span className="kc-muted kc-small"> #{game.game_code}</span>
        {why ? <span className="kc-small kg-why">{t(why)}</span> : null}
      </td>
      <td className="kg-nowrap">{game.provider.name}</td>
      {types > 1 ? <td className="kg-nowrap">{typeName(game.type)}</td> : null}
      <td>
        <HotSwitch id={game.id} hot={game.is_hot} name={game.game_name} changed={refresh} />
      </td>
      <td>
        <ShownSwitch target="games" id={game.id} status={game.status} name={game.game_name} changed={refresh} />
      </td>
    </tr>
  );
}

function GameTable({ games, types, refresh }: { games: AdminGame[]; types: number; refresh: () => void }) {
  const { t } = useTranslation();
  return (
    <table className="kc-table kg-table">
      <thead>
        <tr>
          <th scope="col" className="kg-thumb-col">
            <span className="kc-sr">{t('admin.gamesPicture')}</span>
          </th>
          <th scope="col">{t('admin.gamesGame')}</th>
          <th scope="col">{t('admin.gamesProvider')}</th>
          {types > 1 ? <th scope="col">{t('admin.gamesType')}</th> : null}
          <th scope="col">{t('admin.gamesHotList')}</th>
          <th scope="col">{t('admin.gamesPlayersSee')}</th>
        </tr>
      </thead>
      <tbody>
        {games.map((game) => (
          <GameRow key={game.id} game={game} types={types} refresh={refresh} />
        ))}
      </tbody>
    </table>
  );
}

function GamePager({ list }: { list: PagedListView }) {
  const { t } = useTranslation();
  if (list.lastPage <= 1) return null;
  return (
    <nav className="kc-actions kg-pager" aria-label={t('admin.gamesPages')}>
      <Button variant="outline" disabled={!list.hasPrev || list.loading} onClick={list.prev}>
        {t('admin.gamesPrev')}
      </Button>
      <span className="kc-muted">{t('admin.gamesPageOf', { page: list.page, last: list.lastPage })}</span>
      <Button variant="outline" disabled={!list.hasNext || list.loading} onClick={list.next}>
        {t('admin.gamesNext')}
      </Button>
      {list.loading ? <Spinner size={18} /> : null}
    </nav>
  );
}

function GameRows({ filter, types }: { filter: GameFilter; types: number }) {
  const { t } = useTranslation();
  const { admin } = useConsole();
  const actor = useActorRef(
    pagedListMachine.provide({ actors: { fetchPage: fromPromise(async ({ input }: { input: { page: number } }): Promise<PageOf<unknown>> => admin.games.page(filter, input.page)) } }),
  );
  const list = useView(actor, connectPagedList);
  const games = list.items as AdminGame[];
  if (list.error && !games.length)
    return <LoadFailed message={list.error.message} onRetry={list.retry} />;
  if (list.loading && !games.length)
    return (
      <div className="kc-center">
        <Spinner size={32} label={t('admin.loading')} />
      </div>
    );
  return (
    <section className="card kc-pad" aria-label={t('admin.gamesTabGames')} aria-busy={list.loading || undefined}>
      <p className="kc-muted kc-small kg-note" aria-live="polite">
        {t('admin.gamesFound', { count: list.total })}
      </p>
      {list.empty || games.length === 0 ? <p className="kc-empty">{t('admin.gamesNone')}</p> : null}
      {games.length ? <GameTable games={games} types={types} refresh={list.refresh} /> : null}
      <GamePager list={list} />
    </section>
  );
}

/** Every game, hidden ones too: search by name or code, filter by type, provider, hot or hidden; 24 a page. */
export function GamesPanel() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<GameFilter>({});
  const [q, setQ] = useState('');
  const key = JSON.stringify(filter);
  const change = (next: Partial<GameFilter>) => setFilter((f) => ({ ...f, ...next }));
  const search = (e: FormEvent) => {
    e.preventDefault();
    change({ q: q.trim() || undefined });
  };
  const typeCount = filter.type ? 1 : 2;
  return (
    <div className="kc-stack">
      <form className="card kc-pad kg-filters" role="search" onSubmit={search} aria-label={t('admin.gamesFilters')}>
        <label className="kg-filter kg-grow">
          <span className="kc-small kc-muted">{t('admin.gamesSearch')}</span>
          <span className="kg-search-row">
            <input className="field" type="search" value={q} maxLength={100} onChange={(e) => setQ(e.target.value)} placeholder={t('admin.gamesSearchHint')} />
            <Button type="submit" variant="outline">
              {t('admin.searchButton')}
            </Button>
          </span>
        </label>
        <TypeFilter filter={filter} change={change} />
        <ProviderFilter filter={filter} change={change} />
        <FlagFilters filter={filter} change={change} />
      </form>
      <GameRows key={key} filter={filter} types={typeCount} />
    </div>
  );
}
