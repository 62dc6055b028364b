import { useState, type DragEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { ContentItem } from '../../../api/admin';
import type { Language } from '../../../../shared/languages';
import { moveId, rowLabel, thumbOf, type KindView } from './kinds';

interface Props {
  view: KindView;
  items: ContentItem[];
  selected: number | null;
  busy: boolean;
  onSelect: (id: number) => void;
  onOrder: (ids: number[]) => void;
  onStatus: (id: number, shown: boolean) => void;
  onDelete: (item: ContentItem) => void;
}

function Thumb({ view, item }: { view: KindView; item: ContentItem }) {
  const { t } = useTranslation();
  if (!view.thumb) return null;
  const thumb = thumbOf(item);
  const size = { width: view.thumb.width, height: view.thumb.height };
  if (!thumb) return <span className="kc-cm-thumb" style={size} aria-hidden="true" />;
  return thumb.video ? (
    <video className="kc-cm-thumb" style={size} src={thumb.src} muted preload="metadata" aria-hidden="true" />
  ) : (
    <img className="kc-cm-thumb" style={size} src={thumb.src} alt={t('admin.contentThumbOf', { id: item.id })} loading="lazy" />
  );
}

/** ↑ / ↓, Hide or Show, Delete: all off while a change is on its way. */
function RowTools({ item, index, count, busy, move, onStatus, onDelete }: { item: ContentItem; index: number; count: number; busy: boolean; move: (from: number, to: number) => void } & Pick<Props, 'onStatus' | 'onDelete'>) {
  const { t } = useTranslation();
  const shown = item.status === 1;
  return (
    <span className="kc-cm-tools">
      <button type="button" className="kc-cm-tool" disabled={busy || index === 0} aria-label={t('admin.contentMoveUp', { id: item.id })} onClick={() => move(index, index - 1)}>
        ↑
      </button>
      <button type="button" className="kc-cm-tool" disabled={busy || index === count - 1} aria-label={t('admin.contentMoveDown', { id: item.id })} onClick={() => move(index, index + 1)}>
        ↓
      </button>
      <button type="button" className="kc-cm-tool kc-cm-wide" disabled={busy} aria-label={t(shown ? 'admin.contentHideRow' : 'admin.contentShowRow', { id: item.id })} onClick={() => onStatus(item.id, !shown)}>
        {shown ? t('admin.contentHide') : t('admin.contentShow')}
      </button>
      <button type="button" className="kc-cm-tool kc-cm-wide kc-bad" disabled={busy} aria-label={t('admin.contentDeleteRow', { id: item.id })} onClick={() => onDelete(item)}>
        {t('admin.contentDelete')}
      </button>
    </span>
  );
}

/** The row's pick button: its thumbnail, position, id, shown or hidden, and its text in the reader's language. */
function RowPick({ view, item, index, selected, onSelect }: { view: KindView; item: ContentItem; index: number; selected: boolean; onSelect: (id: number) => void }) {
  const { t, i18n } = useTranslation();
  const label = rowLabel(view, item, i18n.language as Language);
  const shown = item.status === 1;
  return (
    <button type="button" className="kc-cm-pick" aria-pressed={selected} onClick={() => onSelect(item.id)}>
      <Thumb view={view} item={item} />
      <span className="kc-cm-label">
        <span className="kc-muted kc-small">
          {index + 1}. #{item.id} · <span className={shown ? 'kc-good' : 'kc-warn'}>{shown ? t('admin.shown') : t('admin.hidden')}</span>
        </span>
        <span className="kc-cm-text" lang={label?.lang === 'mm' ? 'my' : label?.lang}>
          {label?.text ?? t('admin.contentUntitled')}
        </span>
      </span>
    </button>
  );
}

/** The kind's rows in the order players see them: drag a row, or use its arrow buttons, to move it. */
export function ContentList({ view, items, selected, busy, onSelect, onOrder, onStatus, onDelete }: Props) {
  const { t } = useTranslation();
  const [dragged, setDragged] = useState<number | null>(null);
  const ids = items.map((i) => i.id);
  const move = (from: number, to: number) => onOrder(moveId(ids, from, to));
  const drop = (e: DragEvent, to: number) => {
    e.preventDefault();
    if (dragged !== null && ids[to] !== dragged) move(ids.indexOf(dragged), to);
    setDragged(null);
  };
  const dragStart = (e: DragEvent, id: number) => {
    e.dataTransfer.effectAllowed = 'move';
    e.dataTransfer.setData('text/plain', String(id));
    setDragged(id);
  };
  if (items.length === 0) return <p className="kc-empty">{t('admin.contentEmpty')}</p>;
  return (
    <ol className="kc-rows kc-cm-rows" aria-label={t(view.label)}>
      {items.map((item, index) => (
        <li
          key={item.id}
          className={`kc-cm-item${item.id === selected ? ' kc-active' : ''}${dragged === item.id ? ' kc-cm-dragging' : ''}${item.status === 1 ? '' : ' kc-cm-off'}`}
          draggable={!busy}
          data-testid={`content-row-${item.id}`}
          onDragStart={(e) => dragStart(e, item.id)}
          onDragOver={(e) => e.preventDefault()}
          onDrop={(e) => drop(e, index)}
          onDragEnd={() => setDragged(null)}
        >
          <span className="kc-cm-grip" title={t('admin.contentDragHint')} aria-hidden="true">
            ⋮⋮
          </span>
          <RowPick view={view} item={item} index={index} selected={item.id === selected} onSelect={onSelect} />
          <RowTools item={item} index={index} count={items.length} busy={busy} move={move} onStatus={onStatus} onDelete={onDelete} />
        </li>
      ))}
    </ol>
  );
}
