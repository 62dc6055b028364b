import type { SnapshotFrom } from 'xstate';
import type { contentEditorMachine } from './content-editor.machine';

type EditorSnapshot = SnapshotFrom<typeof contentEditorMachine>;

export const selectEditorValues = (s: EditorSnapshot) => s.context.values;
export const selectUploading = (s: EditorSnapshot) => (s.matches('uploading') ? s.context.pending?.field ?? null : null);
export const selectSaving = (s: EditorSnapshot) => s.matches('saving');
export const selectCanSave = (s: EditorSnapshot) => s.can({ type: 'draft.save' });
export const selectPreviews = (s: EditorSnapshot) => s.context.previews;
export const selectRefusals = (s: EditorSnapshot) => s.context.refusals;
export const selectEditorFieldErrors = (s: EditorSnapshot) => s.context.fieldErrors;
export const selectEditorError = (s: EditorSnapshot) => s.context.error;
export const selectSaved = (s: EditorSnapshot) => s.context.saved;
export const selectZawgyi = (s: EditorSnapshot) => s.context.zawgyi;
/** The row's id: null for a new row until its first save. */
export const selectEditorId = (s: EditorSnapshot) => s.context.id;
