import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentItem, ContentKind, ContentMeta } from '../../../api/admin';
import { Button } from '../../../components/Button';
import { selectActionBusy, selectActionResult, selectAskedRequest } from '../../../machines/console-action/console-action.selectors';
import { ConfirmDialog } from '../../ConfirmDialog';
import { contentChanges, type ContentChange } from '../../content-live';
import { useConsole } from '../../context';
import { Loaded, type ResourceActor } from '../Loaded';
import { ContentEditor } from './ContentEditor';
import { ContentList } from './ContentList';
import { KIND_VIEWS, kindView } from './kinds';
import './content.css';

/** Which row the editor shows; `key` changes only when the operator picks another (or a new) row. */
interface Selection {
  id: number | null;
  key: number;
  /** Just created: the editor stays while the list reloads with the new row. */
  created?: boolean;
}

function KindPanel({ kind, meta }: { kind: ContentKind; meta: ContentMeta }) {
  const { t } = useTranslation();
  const { admin, resource } = useConsole();
  const view = kindView(kind);
  const list: ResourceActor = useActorRef(resource(() => admin.contentList(kind)));
  const refresh = () => list.send({ type: 'resource.refresh' });
  const words = (c: ContentChange) =>
    c.op === 'order' ? t('admin.contentOrderSaved') : c.op === 'delete' ? t('admin.contentDeleted', { id: c.id }) : t(c.shown ? 'admin.contentShownDone' : 'admin.contentHiddenDone', { id: c.id });
  const changes = useActorRef(contentChanges(admin, kind, words, refresh));
  const loaded = useSelector(list, (s) => (s.context.data as ContentItem[] | null) ?? []);
  const busy = useSelector(changes, selectActionBusy);
  const result = useSelector(changes, selectActionResult);
  const asked = useSelector(changes, selectAskedRequest) as ContentChange | null;
  // While a new order is on its way the list already shows it.
  const inFlight = useSelector(changes, (s) => (s.matches('running') ? (s.context.request as ContentChange) : null));
  const items = inFlight?.op === 'order' ? inFlight.ids.map((id) => loaded.find((i) => i.id === id)!).filter(Boolean) : loaded;
  const [selection, setSelection] = useState<Selection>({ id: null, key: 0 });
  const pick = (id: number | null) => setSelection((s) => ({ id, key: s.key + 1 }));
  const current = selection.key === 0 ? (items[0] ?? null) : (items.find((i) => i.id === selection.id) ?? null);
  const creating = selection.key !== 0 && selection.id === null;
  const editing = creating ? null : current;
  return (
    <Loaded actor={list}>
      <p className="kc-muted kc-small">{t(view.hint)}</p>
      <div className="kc-cm-layout">
        <section className="card kc-pad kc-stack kc-cm-list" aria-label={t(view.label)}>
          <div className="kc-actions">
            <Button variant="outline" onClick={() => pick(null)}>
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
            selected={creating ? null : (current?.id ?? null)}
            busy={busy}
            onSelect={pick}
            onOrder={(ids) => changes.send({ type: 'action.run', request: { op: 'order', ids } })}
            onStatus={(id, shown) => changes.send({ type: 'action.run', request: { op: 'status', id, shown } })}
            onDelete={(item) => changes.send({ type: 'action.ask', request: { op: 'delete', id: item.id } })}
          />
        </section>
        {creating || current || selection.created ? (
          <ContentEditor
            key={selection.key === 0 ? `first:${current?.id}` : `picked:${selection.key}`}
            view={view}
            item={editing}
            limits={meta.limits}
            onSaved={(id) => {
              setSelection((s) => ({ ...s, id, created: s.id === null }));
              refresh();
            }}
          />
        ) : null}
      </div>
      {asked?.op === 'delete' ? (
        <ConfirmDialog
          title={t('admin.contentDeleteTitle', { id: asked.id })}
          message={t('admin.contentDeletePrompt')}
          confirm={t('admin.contentDelete')}
          onConfirm={() => changes.send({ type: 'action.confirm' })}
          onCancel={() => changes.send({ type: 'action.cancel' })}
        />
      ) : null}
    </Loaded>
  );
}

/** Content: every kind players see (banners, marquee, pop-up, promotions, contacts, video ads). */
export function ContentScreen() {
  const { t } = useTranslation();
  const { admin, resource } = useConsole();
  const meta: ResourceActor = useActorRef(resource(() => admin.contentMeta()));
  const data = useSelector(meta, (s) => s.context.data as ContentMeta | null);
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
      <Loaded actor={meta}>{data ? <KindPanel key={kind} kind={kind} meta={data} /> : null}</Loaded>
    </div>
  );
}
