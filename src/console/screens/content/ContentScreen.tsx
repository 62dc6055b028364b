import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { ContentItem, ContentKind, ContentMeta } from '../../../api/admin';
import { useView } from '../../../app/use-view';
import { Button } from '../../../components/Button';
import { connectConsoleAction, type ConsoleActionView } from '../../../machines/console-action/console-action.connect';
import { connectResource } from '../../../machines/resource/resource.connect';
import { ConfirmDialog } from '../../ConfirmDialog';
import { contentChanges, type ContentChange } from '../../content-live';
import { useConsole } from '../../context';
import { Loaded, type ResourceActor } from '../Loaded';
import { ContentEditor } from './ContentEditor';
import { ContentList } from './ContentList';
import { KIND_VIEWS, kindView, type KindView } from './kinds';
import './content.css';

/** Which row the editor shows; `key` changes only when the operator picks another (or a new) row. */
interface Selection {
  id: number | null;
  key: number;
  /** Just created: the editor stays while the list reloads with the new row. */
  created?: boolean;
}

/** The kind's rows and the changes to them (order, hide/show, delete); a new order shows while it is saved. */
function useKindRows(kind: ContentKind) {
  const { t } = useTranslation();
  const { admin, resource } = useConsole();
  const listActor: ResourceActor = useActorRef(resource(() => admin.contentList(kind)));
  const list = useView(listActor, connectResource<ContentItem[]>);
  const words = (c: ContentChange) =>
    c.op === 'order' ? t('admin.contentOrderSaved') : c.op === 'delete' ? t('admin.contentDeleted', { id: c.id }) : t(c.shown ? 'admin.contentShownDone' : 'admin.contentHiddenDone', { id: c.id });
  const changesActor = useActorRef(contentChanges(admin, kind, words, list.refresh));
  const changes = useView(changesActor, connectConsoleAction<ContentChange>);
  const loaded = list.data ?? [];
  // While a new order is on its way the list already shows it.
  const inFlight = changes.inFlight ?? null;
  const items = inFlight?.op === 'order' ? inFlight.ids.map((id) => loaded.find((i) => i.id === id)!).filter(Boolean) : loaded;
  return { list, changes, items };
}

interface ListSectionProps {
  view: KindView;
  items: ContentItem[];
  selected: number | null;
  changes: ConsoleActionView<ContentChange>;
  onPick: (id: number | null) => void;
}

/** Add, the last change's words, and the rows (drag or arrows to reorder, hide/show, delete). */
function ListSection({ view, items, selected, changes, onPick }: ListSectionProps) {
  const { t } = useTranslation();
  const { result } = changes;
  return (
    <section className="card kc-pad kc-stack kc-cm-list" aria-label={t(view.label)}>
      <div className="kc-actions">
        <Button variant="outline" onClick={() => onPick(null)}>
          {t('admin.contentAdd')}
        </Button>
        {result ? (
          <span role="status" className={result.ok ? 'kc-good kc-small' : 'kc-bad kc-small'}>
            {result.message}
          </span>
        ) : null}
      </div>
      <p className="kc-muted kc-small">{t('admin.contentDragHint')}</p>
      <ContentList
        view={view}
        items={items}
        selected={selected}
        busy={changes.busy}
        onSelect={onPick}
        onOrder={(ids) => changes.run({ op: 'order', ids })}
        onStatus={(id, shown) => changes.run({ op: 'status', id, shown })}
        onDelete={(item) => changes.ask({ op: 'delete', id: item.id })}
      />
    </section>
  );
}

function DeleteDialog({ changes }: { changes: ConsoleActionView<ContentChange> }) {
  const { t } = useTranslation();
  const asked = changes.asked;
  if (asked?.op !== 'delete') return null;
  return <ConfirmDialog title={t('admin.contentDeleteTitle', { id: asked.id })} message={t('admin.contentDeletePrompt')} confirm={t('admin.contentDelete')} onConfirm={changes.confirm} onCancel={changes.cancel} />;
}

function KindPanel({ kind, meta }: { kind: ContentKind; meta: ContentMeta }) {
  const { t } = useTranslation();
  const view = kindView(kind);
  const { list, changes, items } = useKindRows(kind);
  const [selection, setSelection] = useState<Selection>({ id: null, key: 0 });
  const pick = (id: number | null) => setSelection((s) => ({ id, key: s.key + 1 }));
  const current = selection.key === 0 ? (items[0] ?? null) : (items.find((i) => i.id === selection.id) ?? null);
  const creating = selection.key !== 0 && selection.id === null;
  const saved = (id: number) => {
    setSelection((s) => ({ ...s, id, created: s.id === null }));
    list.refresh();
  };
  return (
    <Loaded view={list}>
      <p className="kc-muted kc-small">{t(view.hint)}</p>
      <div className="kc-cm-layout">
        <ListSection view={view} items={items} selected={creating ? null : (current?.id ?? null)} changes={changes} onPick={pick} />
        {creating || current || selection.created ? (
          <ContentEditor key={selection.key === 0 ? `first:${current?.id}` : `picked:${selection.key}`} view={view} item={creating ? null : current} limits={meta.limits} onSaved={saved} />
        ) : null}
      </div>
      <DeleteDialog changes={changes} />
    </Loaded>
  );
}

/** Content: every kind players see (banners, marquee, pop-up, promotions, contacts, video ads). */
export function ContentScreen() {
  const { t } = useTranslation();
  const { admin, resource } = useConsole();
  const metaActor: ResourceActor = useActorRef(resource(() => admin.contentMeta()));
  const meta = useView(metaActor, connectResource<ContentMeta>);
  const data = meta.data;
  const [kind, setKind] = useState<ContentKind>('banners');
  return (
    <div className="kc-page">
      <div className="kc-page-head">
        <h1 className="kc-h1">{t('admin.navContent')}</h1>
      </div>
      <div role="tablist" aria-label={t('admin.contentKinds')} className="kc-cm-tabs">
        {KIND_VIEWS.map((v) => (
          <button key={v.kind} type="button" role="tab" aria-selected={v.kind === kind} className={`kc-cm-tab${v.kind === kind ? ' kc-active' : ''}`} onClick={() => setKind(v.kind)}>
            {t(v.label)}
          </button>
        ))}
      </div>
      <Loaded view={meta}>{data ? <KindPanel key={kind} kind={kind} meta={data} /> : null}</Loaded>
    </div>
  );
}
