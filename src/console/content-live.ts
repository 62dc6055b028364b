/**
 * The content screen's machines wired to the admin API (beside live.ts, which wires the rest):
 * the editor of one row (upload, save) and the list's changes (hide/show, delete, reorder),
 * the latter as console-action so a deletion is confirmed first.
 */
import { fromPromise } from 'xstate';
import type { AdminApi, ContentKind, SaveContentInput } from '../api/admin';
import { consoleActionMachine } from '../machines/console-action/console-action.machine';
import { contentEditorMachine } from '../machines/content-editor/content-editor.machine';

/** One change to a kind's list. */
export type ContentChange = { op: 'order'; ids: number[] } | { op: 'status'; id: number; shown: boolean } | { op: 'delete'; id: number };

export function contentEditor(admin: AdminApi, saved: (id: number) => void) {
  return contentEditorMachine.provide({
    actors: {
      uploadMedia: fromPromise(({ input }: { input: Blob }) => admin.uploadMedia(input)),
      saveContent: fromPromise(({ input }: { input: SaveContentInput }) => admin.saveContent(input)),
    },
    actions: { saved: (_, params: { id: number }) => saved(params.id) },
  });
}

export function contentChanges(admin: AdminApi, kind: ContentKind, words: (change: ContentChange) => string, changed: () => void) {
  const perform = (change: ContentChange) =>
    change.op === 'order'
      ? admin.orderContent(kind, change.ids)
      : change.op === 'status'
        ? admin.setContentStatus(kind, change.id, change.shown)
        : admin.deleteContent(kind, change.id);
  return consoleActionMachine.provide({
    actors: { perform: fromPromise(async ({ input }: { input: unknown }) => (await perform(input as ContentChange), { message: words(input as ContentChange) })) },
    actions: { changed },
  });
}
