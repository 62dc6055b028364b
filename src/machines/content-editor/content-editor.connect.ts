/**
 * The content editor's view object: the row's values, media previews and refusals, the upload
 * or save under way and its answer, and the operator's intents (type, pick or remove a file, save).
 */
import type { SnapshotFrom } from 'xstate';
import { intentsPerActor } from '../shared/connect';
import type { ContentEditorEvent, contentEditorMachine } from './content-editor.machine';
import * as sel from './content-editor.selectors';

type EditorSnapshot = SnapshotFrom<typeof contentEditorMachine>;
type Send = (event: ContentEditorEvent) => void;

const intents = intentsPerActor((send: Send) => ({
  change: (name: string, value: string) => send({ type: 'field.change', name, value }),
  /** A picked file, with its name and a local preview URL (checked here, then uploaded). */
  chooseMedia: (field: string, file: Blob, name: string, preview: string) => send({ type: 'media.choose', field, file, name, preview }),
  removeMedia: (field: string) => send({ type: 'media.remove', field }),
  save: () => send({ type: 'draft.save' }),
}));

export function connectContentEditor(snapshot: EditorSnapshot, send: Send) {
  return {
    /** The row's id: null for a new row until its first save. */
    id: sel.selectEditorId(snapshot),
    values: sel.selectEditorValues(snapshot),
    previews: sel.selectPreviews(snapshot),
    /** Files refused before they were sent, by the upload's field name. */
    refusals: sel.selectRefusals(snapshot),
    fieldErrors: sel.selectEditorFieldErrors(snapshot),
    /** The media field whose file is on its way, else null. */
    uploading: sel.selectUploading(snapshot),
    saving: sel.selectSaving(snapshot),
    canSave: sel.selectCanSave(snapshot),
    saved: sel.selectSaved(snapshot),
    error: sel.selectEditorError(snapshot),
    /** Texts the server read as Zawgyi. */
    zawgyi: sel.selectZawgyi(snapshot),
    ...intents(send),
  };
}

export type ContentEditorView = ReturnType<typeof connectContentEditor>;
