import { describe, expect, it } from 'vitest';
import { selectCanSave, selectUploading } from '../../src/machines/content-editor/content-editor.selectors';
import { uncoveredTransitions } from '../support/path-coverage';
import { replayPath, type LogEntry, type ReplayedStep } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { LIMITS, contentEditorPaths } from './content-editor.paths';
import { hostActions } from './money-invariants';

const paths = generatePaths(contentEditorPaths);
const calls = (entries: LogEntry[]) => entries.filter((e) => e.kind === 'call');

/**
 * A picked file reaches the server only when it is of the slot's kind and within the server's
 * limit (else it is refused on the spot, words by code); it is previewed at once; Save waits for
 * the upload; a save sends the row's values once, and only a successful one reloads the list.
 */
function checkInvariants({ step, before, after, entries }: ReplayedStep) {
  const { event } = step;
  const s = after as never;
  const ctx = after.context as typeof before.context;
  const prev = before.context as typeof before.context;
  expect(selectCanSave(s), 'Save is possible only while editing').toBe(after.matches('editing'));
  switch (event.type) {
    case 'field.change':
      expect(calls(entries)).toEqual([]);
      expect(ctx.values[event.name]).toBe(event.value);
      expect(ctx.saved).toBe(false);
      break;
    case 'media.choose': {
      const slot = prev.media.find((m: { field: string }) => m.field === event.field)!;
      const rightKind = event.file.type.startsWith(`${slot.allow}/`);
      const fits = event.file.size <= LIMITS[slot.allow as 'image' | 'video'];
      if (rightKind && fits) {
        expect(calls(entries)).toEqual([{ kind: 'call', actor: 'uploadMedia', input: event.file }]);
        expect(ctx.previews[event.field]).toEqual({ src: event.preview, mime: event.file.type, size: event.file.size, name: event.name, stored: false });
        expect(selectUploading(s)).toBe(event.field);
      } else {
        expect(calls(entries), 'a refused file is never sent').toEqual([]);
        expect(ctx.refusals[slot.file]).toEqual(rightKind ? { code: 'size', max: LIMITS[slot.allow as 'image' | 'video'] } : { code: 'type', allow: slot.allow });
        expect(ctx.values).toEqual(prev.values);
        expect(after.matches('editing')).toBe(true);
      }
      break;
    }
    case 'xstate.done.actor.uploadMedia':
      expect(ctx.values[prev.pending!.field]).toBe(event.output.url);
      expect(ctx.previews[prev.pending!.field]).toMatchObject({ src: event.output.url, stored: true });
      break;
    case 'xstate.error.actor.uploadMedia': {
      const slot = prev.media.find((m: { field: string }) => m.field === prev.pending!.field)!;
      expect(ctx.values[slot.field], 'the stored value stays').toBe(prev.values[slot.field]);
      expect(ctx.previews[slot.field]).toBeUndefined();
      expect(ctx.fieldErrors[slot.file]).toBe(event.error.fieldErrors.file ?? event.error.message);
      break;
    }
    case 'media.remove': {
      const slot = prev.media.find((m: { field: string }) => m.field === event.field)!;
      expect(ctx.values[event.field]).toBe(slot.required ? prev.values[event.field] : '');
      break;
    }
    case 'draft.save':
      expect(calls(entries)).toEqual([{ kind: 'call', actor: 'saveContent', input: { kind: prev.kind, id: prev.id, values: prev.values } }]);
      break;
    case 'xstate.done.actor.saveContent':
      expect(ctx.saved).toBe(true);
      expect(ctx.zawgyi).toEqual(event.output.zawgyi);
      expect(ctx.id).toBe(event.output.item.id);
      expect(hostActions(entries), 'the list reloads and selects the row').toEqual([{ name: 'saved', params: { id: event.output.item.id } }]);
      break;
    case 'xstate.error.actor.saveContent':
      expect(ctx.saved).toBe(false);
      expect(ctx.error).toBe(event.error.message);
      expect(ctx.fieldErrors).toEqual(event.error.fieldErrors);
      break;
  }
  if (event.type !== 'xstate.done.actor.saveContent') expect(hostActions(entries)).toEqual([]);
}

describe('content-editor: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(contentEditorPaths, path), async () => {
      await replayPath(contentEditorPaths, path, { onStep: checkInvariants });
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(contentEditorPaths, paths), 'transitions in no path').toEqual([]);
  });
});
