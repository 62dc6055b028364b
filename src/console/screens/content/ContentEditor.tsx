import { useActorRef, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentItem, MediaLimits } from '../../../api/admin';
import { Button } from '../../../components/Button';
import { NATIVE_NAMES, type Language } from '../../../i18n/languages';
import * as sel from '../../../machines/content-editor/content-editor.selectors';
import { contentEditor } from '../../content-live';
import { useConsole } from '../../context';
import { itemValues, mediaSlots, type KindView } from './kinds';
import { MediaField } from './MediaField';
import { LocalisedField, PlainField } from './TextFields';

interface Props {
  view: KindView;
  item: ContentItem | null;
  limits: MediaLimits;
  onSaved: (id: number) => void;
}

/** The editor of one row (or a new one): texts in four languages, media with a preview, Save. */
export function ContentEditor({ view, item, limits, onSaved }: Props) {
  const { t } = useTranslation();
  const { admin } = useConsole();
  const actor = useActorRef(contentEditor(admin, onSaved), {
    input: { kind: view.kind, id: item?.id ?? null, values: itemValues(view, item), media: mediaSlots(view), limits },
  });
  const values = useSelector(actor, sel.selectEditorValues);
  const previews = useSelector(actor, sel.selectPreviews);
  const refusals = useSelector(actor, sel.selectRefusals);
  const errors = useSelector(actor, sel.selectEditorFieldErrors);
  const uploading = useSelector(actor, sel.selectUploading);
  const saving = useSelector(actor, sel.selectSaving);
  const canSave = useSelector(actor, sel.selectCanSave);
  const saved = useSelector(actor, sel.selectSaved);
  const failure = useSelector(actor, sel.selectEditorError);
  const zawgyi = useSelector(actor, sel.selectZawgyi);
  const id = useSelector(actor, (s) => s.context.id);
  const change = (name: string, value: string) => actor.send({ type: 'field.change', name, value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'draft.save' });
  };
  const fieldLabel = (name: string) => {
    const [base, lng] = name.split(/_(?=en$|mm$|zh$|th$)/) as [string, Language | undefined];
    const def = view.fields.find((f) => f.type !== 'media' && f.name === base);
    if (!def) return name;
    return lng ? t(def.label, { language: NATIVE_NAMES[lng] }) : t(def.label);
  };
  const heading = id === null ? t('admin.contentNewRow', { kind: t(view.label) }) : t('admin.contentRowHeading', { kind: t(view.label), id });
  return (
    <form className="card kc-pad kc-stack kc-cm-editor" onSubmit={submit} aria-label={heading} noValidate>
      <h2 className="kc-h2">{heading}</h2>
      {view.fields.map((f) =>
        f.type === 'media' ? (
          <MediaField
            key={f.field}
            def={f}
            value={values[f.field] ?? ''}
            preview={previews[f.field]}
            refusal={refusals[f.file]}
            error={errors[f.file] ?? errors[f.field]}
            uploading={uploading === f.field}
            disabled={saving || uploading !== null}
            limits={limits}
            shape={view.shape}
            poster={f.allow === 'video' ? values.poster_url : undefined}
            onChoose={(file, preview) => actor.send({ type: 'media.choose', field: f.field, file, name: file.name, preview })}
            onRemove={() => actor.send({ type: 'media.remove', field: f.field })}
          />
        ) : f.type === 'localised' ? (
          <LocalisedField key={f.name} def={f} values={values} errors={errors} readOnly={saving} onChange={change} />
        ) : (
          <PlainField key={f.name} def={f} values={values} errors={errors} readOnly={saving} onChange={change} />
        ),
      )}
      {zawgyi.length ? (
        <p className="kc-cm-note kc-warn" role="status">
          {t('admin.contentZawgyi', { fields: zawgyi.map(fieldLabel).join(', ') })}
        </p>
      ) : null}
      <div className="kc-actions">
        <Button type="submit" busy={saving} disabled={!canSave}>
          {t('admin.save')}
        </Button>
        {uploading ? <span className="kc-muted kc-small">{t('admin.contentWaitUpload')}</span> : null}
        {saved ? (
          <span role="status" className="kc-good">
            {t('admin.saved')}
          </span>
        ) : null}
        {failure ? (
          <span role="alert" className="kc-bad">
            {failure}
          </span>
        ) : null}
      </div>
    </form>
  );
}
