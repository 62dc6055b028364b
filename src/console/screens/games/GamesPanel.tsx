import { useActorRef, useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import type { AdminGame, AdminGameType, AdminProvider, GameFilter } from '../../../api/admin';
import type { PageOf } from '../../../api/types';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { pagedListMachine } from '../../../machines/paged-list/paged-list.machine';
import {
  selectHasNext,
  selectHasPrev,
  selectItems,
  selectLastPage,
  selectListEmpty,
  selectListError,
  selectListLoading,
  selectPage,
  selectTotal,
} from '../../../machines/paged-list/paged-list.selectors';
import { useConsole } from '../../context';
import { HotSwitch, ShownSwitch } from './Switches';

/** A game's tile picture: fixed size (no layout shift), loaded only when scrolled to. */
export function GameThumb({ game, size = 48 }: { game: Pick<AdminGame, 'image_url'>; size?: number }) {
  return <img className="kg-thumb" src={game.image_url} alt="" width={size} height={size} loading="lazy" decoding="async" />;
}

/** The lobby's words for a type code (the same as the player site's), else its stored name. */
const TYPE_KEYS = {
  slot: 'admin.gamesTypeSlot',
  live_casino: 'admin.gamesTypeLiveCasino',
  sport_book: 'admin.gamesTypeSportBook',
  virtual_sport: 'admin.gamesTypeVirtualSport',
  lottery: 'admin.gamesTypeLottery',
  fishing: 'admin.gamesTypeFishing',
  poker: 'admin.gamesTypePoker',
  others: 'admin.gamesTypeOthers',
  p2p: 'admin.gamesTypeP2p',
  cock_fighting: 'admin.gamesTypeCockFighting',
  bonus: 'admin.gamesTypeBonus',
  esport: 'admin.gamesTypeESport',
} as const;
export function useTypeName() {
  const { t } = useTranslation();
  return (type: { code: string; name: string }) => {
    const key = Object.hasOwn(TYPE_KEYS, type.code) ? TYPE_KEYS[type.code as keyof typeof TYPE_KEYS] : null;
    return key ? t(key) : type.name;
  };
}

/** Why players do not see a shown game (the words' key): its type, provider or product is hidden. */
export function hiddenBy(game: AdminGame): 'admin.gamesHiddenByType' | 'admin.gamesHiddenByProvider' | 'admin.gamesHiddenByProduct' | null {
  if (game.visible || game.status !== 1) return null;
  if (game.type.status !== 1) return 'admin.gamesHiddenByType';
  if (game.provider.status !== 1) return 'admin.gamesHiddenByProvider';
  return 'admin.gamesHiddenByProduct';
}

function GameRows({ filter, types }: { filter: GameFilter; types: number }) {
  const { t } = useTranslation();
  const { admin } = useConsole();
  const typeName = useTypeName();
  const list = useActorRef(
    pagedListMachine.provide({ actors: { fetchPage: fromPromise(async ({ input }: { input: { page: number } }): Promise<PageOf<unknown>> => admin.games.page(filter, input.page)) } }),
  );
  const games = useSelector(list, selectItems) as AdminGame[];
  const page = useSelector(list, selectPage);
  const lastPage = useSelector(list, selectLastPage);
  const total = useSelector(list, selectTotal);
  const loading = useSelector(list, selectListLoading);
  const empty = useSelector(list, selectListEmpty);
  const error = useSelector(list, selectListError);
  const hasPrev = useSelector(list, selectHasPrev);
  const hasNext = useSelector(list, selectHasNext);
  const refresh = () => list.send({ type: 'list.refresh' });
  if (error && !games.length)
    return (
      <div className="kc-stack">
        <Alert tone="error">{error.message}</Alert>
        <Button variant="outline" onClick={() => list.send({ type: 'list.retry' })}>
          {t('admin.retry')}
        </Button>
      </div>
    );
  if (loading && !games.length)
    return (
      <div className="kc-center">
        <Spinner size={32} label={t('admin.loading')} />
      </div>
    );
  return (
    <section className="card kc-pad" aria-label={t('admin.gamesTabGames')} aria-busy={loading || undefined}>
      <p className="kc-muted kc-small kg-note" aria-live="polite">
        {t('admin.gamesFound', { count: total })}
      </p>
      {empty || games.length === 0 ? <p className="kc-empty">{t('admin.gamesNone')}</p> : null}
      {games.length ? (
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
            {games.map((game) => {
              const why = hiddenBy(game);
              return (
                <tr key={game.id} data-testid={`game-${game.id}`}>
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
            })}
          </tbody>
        </table>
      ) : null}
      {lastPage > 1 ? (
        <nav className="kc-actions kg-pager" aria-label={t('admin.gamesPages')}>
          <Button variant="outline" disabled={!hasPrev || loading} onClick={() => list.send({ type: 'list.prev' })}>
            {t('admin.gamesPrev')}
          </Button>
          <span className="kc-muted">{t('admin.gamesPageOf', { page, last: lastPage })}</span>
          <Button variant="outline" disabled={!hasNext || loading} onClick={() => list.send({ type: 'list.next' })}>
            {t('admin.gamesNext')}
          </Button>
          {loading ? <Spinner size={18} /> : null}
        </nav>
      ) : null}
    </section>
  );
}

/** Every game, hidden ones too: search by name or code, filter by type, provider, hot or hidden; 24 a page. */
export function GamesPanel() {
  const { t } = useTranslation();
  const { admin, resource } = useConsole();
  const typesActor = useActorRef(resource(() => admin.games.types()));
  const providersActor = useActorRef(resource(() => admin.games.providers()));
  const types = useSelector(typesActor, (s) => (s.context.data as AdminGameType[] | null) ?? []);
  const typeName = useTypeName();
  const providers = useSelector(providersActor, (s) => (s.context.data as AdminProvider[] | null) ?? []);
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
        <label className="kg-filter">
          <span className="kc-small kc-muted">{t('admin.gamesType')}</span>
          <select className="field" value={filter.type ?? ''} onChange={(e) => change({ type: e.target.value ? Number(e.target.value) : undefined })}>
            <option value="">{t('admin.gamesAll')}</option>
            {types.map((type) => (
              <option key={type.id} value={type.id}>
                {typeName(type)}
              </option>
            ))}
          </select>
        </label>
        <label className="kg-filter">
          <span className="kc-small kc-muted">{t('admin.gamesProvider')}</span>
          <select className="field" value={filter.provider ?? ''} onChange={(e) => change({ provider: e.target.value ? Number(e.target.value) : undefined })}>
            <option value="">{t('admin.gamesAll')}</option>
            {providers
              .filter((p) => !filter.type || p.products.some((product) => product.game_type_id === filter.type))
              .map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
          </select>
        </label>
        <label className="kg-check">
          <input type="checkbox" checked={!!filter.hot} onChange={(e) => change({ hot: e.target.checked || undefined })} />
          {t('admin.gamesHotOnly')}
        </label>
        <label className="kg-check">
          <input type="checkbox" checked={!!filter.hidden} onChange={(e) => change({ hidden: e.target.checked || undefined })} />
          {t('admin.gamesHiddenOnly')}
        </label>
      </form>
      <GameRows key={key} filter={filter} types={typeCount} />
    </div>
  );
}
