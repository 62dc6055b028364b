import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type DragEvent, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminGame } from '../../../api/admin';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { useConsole } from '../../context';
import { Loaded, type ResourceActor } from '../Loaded';
import { GameThumb, hiddenBy, useTypeName } from './GamesPanel';
import { useSwitch } from './use-switch';

const MAX_HOT = 200;
const idsOf = (key: string) => (key ? key.split(',').map(Number) : []);

/** `ids` with the one at `from` moved to `to`. */
function moved(ids: number[], from: number, to: number): number[] {
  const next = [...ids];
  const [id] = next.splice(from, 1);
  next.splice(to, 0, id!);
  return next;
}

/** Games not on the hot list yet that match a search, each with an Add button. */
function AddResults({ q, onAdd, hotIds, busy }: { q: string; onAdd: (game: AdminGame) => void; hotIds: number[]; busy: boolean }) {
  const { t } = useTranslation();
  const { admin, resource } = useConsole();
  const typeName = useTypeName();
  const actor: ResourceActor = useActorRef(resource(() => admin.games.page({ q }, 1)));
  const found = useSelector(actor, (s) => (s.context.data as { items: AdminGame[] } | null)?.items ?? []);
  const candidates = found.filter((g) => !hotIds.includes(g.id)).slice(0, 8);
  return (
    <Loaded actor={actor}>
      {candidates.length === 0 ? <p className="kc-muted kc-small">{found.length === 0 ? t('admin.gamesNone') : t('admin.gamesAllOnHot')}</p> : null}
      <ul className="kc-plain kg-add-results">
        {candidates.map((game) => (
          <li key={game.id} className="kg-hot-row">
            <GameThumb game={game} size={40} />
            <span className="kg-name">
              <strong>{game.game_name}</strong>
              <span className="kc-muted kc-small">
                {' '}
                {game.provider.name} · {typeName(game.type)}
              </span>
            </span>
            <Button variant="outline" disabled={busy || hotIds.length >= MAX_HOT} onClick={() => onAdd(game)} aria-label={t('admin.gamesAddNamed', { name: game.game_name })}>
              {t('admin.gamesAdd')}
            </Button>
          </li>
        ))}
      </ul>
    </Loaded>
  );
}

/**
 * The hot list in the order players see it. Reorder by dragging a row, with the ↑ / ↓ buttons, or
 * with Alt+↑ / Alt+↓ on a row; remove with ✕; add from a search. Each change is saved at once (the
 * whole order), shown before the server answers, and put back as it was if refused.
 */
export function HotListPanel() {
  const { t } = useTranslation();
  const { admin, resource } = useConsole();
  const typeName = useTypeName();
  const actor: ResourceActor = useActorRef(resource(() => admin.games.hot()));
  const server = useSelector(actor, (s) => (s.context.data as AdminGame[] | null) ?? []);
  const known = useRef(new Map<number, AdminGame>());
  for (const g of server) known.current.set(g.id, g);
  const serverKey = server.map((g) => g.id).join(',');
  const order = useSwitch<string>(
    serverKey,
    (key) => admin.games.setHotList(idsOf(key)),
    () => t('admin.gamesHotSaved'),
    () => actor.send({ type: 'resource.refresh' }),
  );
  const ids = idsOf(order.value);
  const rows = ids.map((id) => known.current.get(id)).filter((g): g is AdminGame => g !== undefined);
  const save = (next: number[]) => order.set(next.join(','));
  const listRef = useRef<HTMLOListElement>(null);
  /** After a move by keyboard or button, the focus goes back to what moved (its button, else its row). */
  const [refocus, setRefocus] = useState<{ id: number; part: string } | null>(null);
  const move = (from: number, to: number, part = 'row') => {
    if (order.busy || to < 0 || to >= ids.length || from === to) return;
    setRefocus({ id: ids[from]!, part });
    save(moved(ids, from, to));
  };
  useEffect(() => {
    if (!refocus) return;
    const row = listRef.current?.querySelector<HTMLElement>(`[data-hot-id="${refocus.id}"]`);
    const button = row?.querySelector<HTMLButtonElement>(`[data-part="${refocus.part}"]`);
    (button && !button.disabled ? button : row)?.focus();
    if (!order.busy) setRefocus(null);
  }, [refocus, order.busy, order.value]);
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [q, setQ] = useState('');
  const [searched, setSearched] = useState('');

  const onRowKey = (e: KeyboardEvent, index: number) => {
    if (!e.altKey) return;
    if (e.key === 'ArrowUp') {
      e.preventDefault();
      move(index, index - 1);
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      move(index, index + 1);
    }
  };
  const onDrop = (e: DragEvent, index: number) => {
    e.preventDefault();
    const from = dragging === null ? -1 : ids.indexOf(dragging);
    setDragging(null);
    setOver(null);
    if (from >= 0) move(from, index);
  };
  const add = (game: AdminGame) => {
    known.current.set(game.id, game);
    save([...ids, game.id]);
  };
  const search = (e: FormEvent) => {
    e.preventDefault();
    setSearched(q.trim());
  };

  return (
    <Loaded actor={actor}>
      <div className="kg-hot">
        <section className="card kc-pad" aria-label={t('admin.gamesTabHot')}>
          <div className="kg-hot-head">
            <h2 className="kc-h2">{t('admin.gamesHotTitle', { count: rows.length })}</h2>
            {order.busy ? <Spinner size={18} label={t('admin.gamesSaving')} /> : null}
            <span role="status" className={`kc-small ${order.result ? (order.result.ok ? 'kc-good' : 'kc-bad') : ''}`}>
              {order.result?.message ?? ''}
            </span>
          </div>
          <p className="kc-muted kc-small kg-note">{t('admin.gamesHotNote')}</p>
          {rows.length === 0 ? <p className="kc-empty">{t('admin.gamesHotEmpty')}</p> : null}
          <ol ref={listRef} className="kc-plain kg-hot-list" aria-label={t('admin.gamesHotOrder')} aria-busy={order.busy || undefined}>
            {rows.map((game, index) => {
              const why = game.visible ? null : game.status !== 1 ? t('admin.gamesHiddenGame') : t(hiddenBy(game)!);
              return (
                <li
                  key={game.id}
                  className={`kg-hot-row${dragging === game.id ? ' kg-dragging' : ''}${over === index ? ' kg-over' : ''}`}
                  draggable={!order.busy}
                  onDragStart={(e) => {
                    setDragging(game.id);
                    e.dataTransfer.effectAllowed = 'move';
                    e.dataTransfer.setData('text/plain', String(game.id));
                  }}
                  onDragOver={(e) => {
                    e.preventDefault();
                    if (over !== index) setOver(index);
                  }}
                  onDragLeave={() => setOver((o) => (o === index ? null : o))}
                  onDragEnd={() => {
                    setDragging(null);
                    setOver(null);
                  }}
                  onDrop={(e) => onDrop(e, index)}
                  onKeyDown={(e) => onRowKey(e, index)}
                  data-testid={`hot-row-${game.id}`}
                  data-hot-id={game.id}
                  tabIndex={0}
                  aria-label={t('admin.gamesHotPosition', { name: game.game_name, position: index + 1 })}
                >
                  <span className="kg-grip" aria-hidden="true">
                    ⋮⋮
                  </span>
                  <span className="kg-pos">{index + 1}</span>
                  <GameThumb game={game} size={40} />
                  <span className="kg-name">
                    <strong>{game.game_name}</strong>
                    <span className="kc-muted kc-small">
                      {' '}
                      {game.provider.name} · {typeName(game.type)}
                    </span>
                    {why ? <span className="kc-small kg-why">{why}</span> : null}
                  </span>
                  <span className="kg-row-buttons">
                    <button type="button" className="kg-icon" data-part="up" disabled={index === 0} onClick={() => move(index, index - 1, 'up')} aria-label={t('admin.gamesMoveUp', { name: game.game_name })} title={t('admin.gamesMoveUp', { name: game.game_name })}>
                      ↑
                    </button>
                    <button
                      type="button"
                      className="kg-icon"
                      data-part="down"
                      disabled={index === rows.length - 1}
                      onClick={() => move(index, index + 1, 'down')}
                      aria-label={t('admin.gamesMoveDown', { name: game.game_name })}
                      title={t('admin.gamesMoveDown', { name: game.game_name })}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className="kg-icon kg-remove"
                      onClick={() => !order.busy && save(ids.filter((id) => id !== game.id))}
                      aria-label={t('admin.gamesRemoveNamed', { name: game.game_name })}
                      title={t('admin.gamesRemoveNamed', { name: game.game_name })}
                    >
                      ✕
                    </button>
                  </span>
                </li>
              );
            })}
          </ol>
          <p className="kc-muted kc-small">{t('admin.gamesHotKeys')}</p>
        </section>
        <section className="card kc-pad kc-stack" aria-label={t('admin.gamesAddTitle')}>
          <h2 className="kc-h2">{t('admin.gamesAddTitle')}</h2>
          <form className="kg-search-row" role="search" onSubmit={search}>
            <input className="field" type="search" value={q} maxLength={100} onChange={(e) => setQ(e.target.value)} placeholder={t('admin.gamesSearchHint')} aria-label={t('admin.gamesSearch')} />
            <Button type="submit" variant="outline">
              {t('admin.searchButton')}
            </Button>
          </form>
          {searched ? <AddResults key={searched} q={searched} onAdd={add} hotIds={ids} busy={order.busy} /> : <p className="kc-muted kc-small">{t('admin.gamesAddHint')}</p>}
        </section>
      </div>
    </Loaded>
  );
}
