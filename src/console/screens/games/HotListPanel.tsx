import { useActorRef } from '@xstate/react';
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { AdminGame } from '../../../api/admin';
import { useView } from '../../../app/use-view';
import { Spinner } from '../../../components/Spinner';
import { connectResource } from '../../../machines/resource/resource.connect';
import { useConsole } from '../../context';
import { Loaded } from '../Loaded';
import { GameName, GameThumb, hiddenBy } from './game-parts';
import { HotListAdd, useHotSearch } from './HotListAdd';
import { moved, useDragOrder, useRefocus, type DragOrder } from './hot-list-order';
import { useSwitch } from './use-switch';

const idsOf = (key: string) => (key ? key.split(',').map(Number) : []);

/**
 * The hot list as the server has it and the order shown: a change shows at once (the whole order
 * is saved), and goes back as it was if refused. Games added from a search are kept by id.
 */
function useHotList() {
  const { t } = useTranslation();
  const { admin, resource } = useConsole();
  const hot = useView(useActorRef(resource(() => admin.games.hot())), connectResource<AdminGame[]>);
  const server = hot.data ?? [];
  const known = useRef(new Map<number, AdminGame>());
  for (const g of server) known.current.set(g.id, g);
  const order = useSwitch<string>(
    server.map((g) => g.id).join(','),
    (key) => admin.games.setHotList(idsOf(key)),
    () => t('admin.gamesHotSaved'),
    hot.refresh,
  );
  const ids = idsOf(order.value);
  const rows = ids.map((id) => known.current.get(id)).filter((g): g is AdminGame => g !== undefined);
  const save = (next: number[]) => order.set(next.join(','));
  const add = (game: AdminGame) => {
    known.current.set(game.id, game);
    save([...ids, game.id]);
  };
  return { hot, order, ids, rows, save, add };
}

type Move = (from: number, to: number, part?: string) => void;

/** ↑, ↓ and ✕ of a row; the focus comes back to the arrow used. */
function RowButtons({ game, index, count, move, remove }: { game: AdminGame; index: number; count: number; move: Move; remove: () => void }) {
  const { t } = useTranslation();
  return (
    <span className="kg-row-buttons">
      <button type="button" className="kg-icon" data-part="up" disabled={index === 0} onClick={() => move(index, index - 1, 'up')} aria-label={t('admin.gamesMoveUp', { name: game.game_name })} title={t('admin.gamesMoveUp', { name: game.game_name })}>
        ↑
      </button>
      <button
        type="button"
        className="kg-icon"
        data-part="down"
        disabled={index === count - 1}
        onClick={() => move(index, index + 1, 'down')}
        aria-label={t('admin.gamesMoveDown', { name: game.game_name })}
        title={t('admin.gamesMoveDown', { name: game.game_name })}
      >
        ↓
      </button>
      <button type="button" className="kg-icon kg-remove" onClick={remove} aria-label={t('admin.gamesRemoveNamed', { name: game.game_name })} title={t('admin.gamesRemoveNamed', { name: game.game_name })}>
        ✕
      </button>
    </span>
  );
}

interface HotRowProps {
  game: AdminGame;
  index: number;
  count: number;
  busy: boolean;
  drag: DragOrder;
  move: Move;
  remove: () => void;
}

/** One hot game: drag it, or Alt+↑ / Alt+↓ on the row, or its buttons; why players do not see it. */
function HotRow({ game, index, count, busy, drag, move, remove }: HotRowProps) {
  const { t } = useTranslation();
  const why = game.visible ? null : game.status !== 1 ? t('admin.gamesHiddenGame') : t(hiddenBy(game)!);
  const onKey = (e: KeyboardEvent) => {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    move(index, e.key === 'ArrowUp' ? index - 1 : index + 1);
  };
  return (
    <li
      className={`kg-hot-row${drag.dragging === game.id ? ' kg-dragging' : ''}${drag.over === index ? ' kg-over' : ''}`}
      draggable={!busy}
      {...drag.handlers(game.id, index)}
      onKeyDown={onKey}
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
      <GameName game={game} note={why ? <span className="kc-small kg-why">{why}</span> : null} />
      <RowButtons game={game} index={index} count={count} move={move} remove={remove} />
    </li>
  );
}

/**
 * The hot list in the order players see it. Reorder by dragging a row, with the ↑ / ↓ buttons, or
 * with Alt+↑ / Alt+↓ on a row; remove with ✕; add from a search. Each change is saved at once (the
 * whole order), shown before the server answers, and put back as it was if refused.
 */
export function HotListPanel() {
  const { t } = useTranslation();
  const { hot, order, ids, rows, save, add } = useHotList();
  const listRef = useRef<HTMLOListElement>(null);
  const setRefocus = useRefocus(listRef, order.busy, order.value);
  const move: Move = (from, to, part = 'row') => {
    if (order.busy || to < 0 || to >= ids.length || from === to) return;
    setRefocus({ id: ids[from]!, part });
    save(moved(ids, from, to));
  };
  const drag = useDragOrder(ids, move);
  const search = useHotSearch();
  return (
    <Loaded view={hot}>
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
            {rows.map((game, index) => (
              <HotRow key={game.id} game={game} index={index} count={rows.length} busy={order.busy} drag={drag} move={move} remove={() => !order.busy && save(ids.filter((id) => id !== game.id))} />
            ))}
          </ol>
          <p className="kc-muted kc-small">{t('admin.gamesHotKeys')}</p>
        </section>
        <HotListAdd search={search} hotIds={ids} busy={order.busy} onAdd={add} />
      </div>
    </Loaded>
  );
}
