import { useActorRef } from '@xstate/react';
import type { FormEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { ContentItem, MediaLimits } from '../../../api/admin';
import { useView } from '../../../app/use-view';
import { Button } from '../../../components/Button';
import { NATIVE_NAMES, type Language } from '../../../../shared/languages';
import { connectContentEditor, type ContentEditorView } from '../../../machines/content-editor/content-editor.connect';
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

/** A field's name in the operator's words (a localised one names its language), for the Zawgyi note. */
function useFieldLabel(view: KindView) {
  const { t } = useTranslation();
  return (name: string) => {
    const [base, lng] = name.split(/_(?=en$|mm$|zh$|th$)/) as [string, Language | undefined];
    const def = view.fields.find((f) => f.type !== 'media' && f.name === base);
    if (!def) return name;
    return lng ? t(def.label, { language: NATIVE_NAMES[lng] }) : t(def.label);
  };
}

/** The kind's fields in form order: media with its preview, texts in four languages, plain texts. */
function Fields({ view, editor, limits }: { view: KindView; editor: ContentEditorView; limits: MediaLimits }) {
  const { values, previews, refusals, fieldErrors: errors, uploading, saving } = editor;
  return (
    <>
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
            onChoose={(file, preview) => editor.chooseMedia(f.field, file, file.name, preview)}
            onRemove={() => editor.removeMedia(f.field)}
          />
        ) : f.type === 'localised' ? (
          <LocalisedField key={f.name} def={f} values={values} errors={errors} readOnly={saving} onChange={editor.change} />
        ) : (
          <PlainField key={f.name} def={f} values={values} errors={errors} readOnly={saving} onChange={editor.change} />
        ),
      )}
    </>
  );
}

/** Save, and what happened: waiting for an upload, saved, or the server's refusal. */
function SaveBar({ editor }: { editor: ContentEditorView }) {
  const { t } = useTranslation();
  return (
    <div className="kc-actions">
      <Button type="submit" busy={editor.saving} disabled={!editor.canSave}>
        {t('admin.save')}
      </Button>
      {editor.uploading ? <span className="kc-muted kc-small">{t('admin.contentWaitUpload')}</span> : null}
      {editor.saved ? (
        <span role="status" className="kc-good">
          {t('admin.saved')}
        </span>
      ) : null}
      {editor.error ? (
        <span role="alert" className="kc-bad">
          {editor.error}
        </span>
      ) : null}
    </div>
  );
}

/** The editor of one row (or a new one): texts in four languages, media with a preview, Save. */
export function ContentEditor({ view, item, limits, onSaved }: Props) {
  const { t } = useTranslation();
  const { admin } = useConsole();
  const actor = useActorRef(contentEditor(admin, onSaved), {
    input: { kind: view.kind, id: item?.id ?? null, values: itemValues(view, item), media: mediaSlots(view), limits },
  });
  const editor = useView(actor, connectContentEditor);
  const fieldLabel = useFieldLabel(view);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    editor.save();
  };
  const heading = editor.id === null ? t('admin.contentNewRow', { kind: t(view.label) }) : t('admin.contentRowHeading', { kind: t(view.label), id: editor.id });
  return (
    <form className="card kc-pad kc-stack kc-cm-editor" onSubmit={submit} aria-label={heading} noValidate>
      <h2 className="kc-h2">{heading}</h2>
      <Fields view={view} editor={editor} limits={limits} />
      {editor.zawgyi.length ? (
        <p className="kc-cm-note kc-warn" role="status">
          {t('admin.contentZawgyi', { fields: editor.zawgyi.map(fieldLabel).join(', ') })}
        </p>
      ) : null}
      <SaveBar editor={editor} />
    </form>
  );
}
