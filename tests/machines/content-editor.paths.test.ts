import { describe, expect, it } from 'vitest';
import { selectCanSave, selectUploading } from '../../src/machines/content-editor/content-editor.selectors';
import { uncoveredTransitions } from '../support/path-coverage';
import { checkEffects, itStatesEveryEffect, type Effect, type Effects } from '../support/path-effects';
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
type Ctx = ReplayedStep['before']['context'];
const slotOf = (ctx: Ctx, field: string) => ctx.media.find((m: { field: string }) => m.field === field)!;

const always: Effect = ({ step, after, entries }) => {
  expect(selectCanSave(after as never), 'Save is possible only while editing').toBe(after.matches('editing'));
  if (step.event.type !== 'xstate.done.actor.saveContent') expect(hostActions(entries), 'only a saved row reloads the list').toEqual([]);
};

const effects: Effects = {
  'field.change': ({ step: { event }, after, entries }) => {
    expect(calls(entries)).toEqual([]);
    expect(after.context.values[event.name]).toBe(event.value);
    expect(after.context.saved).toBe(false);
  },
  'media.choose': ({ step: { event }, before, after, entries }) => {
    const ctx = after.context;
    const prev = before.context;
    const slot = slotOf(prev, event.field);
    const rightKind = event.file.type.startsWith(`${slot.allow}/`);
    const fits = event.file.size <= LIMITS[slot.allow as 'image' | 'video'];
    if (rightKind && fits) {
      expect(calls(entries)).toEqual([{ kind: 'call', actor: 'uploadMedia', input: event.file }]);
      expect(ctx.previews[event.field]).toEqual({ src: event.preview, mime: event.file.type, size: event.file.size, name: event.name, stored: false });
      expect(selectUploading(after as never)).toBe(event.field);
    } else {
      expect(calls(entries), 'a refused file is never sent').toEqual([]);
      expect(ctx.refusals[slot.file]).toEqual(rightKind ? { code: 'size', max: LIMITS[slot.allow as 'image' | 'video'] } : { code: 'type', allow: slot.allow });
      expect(ctx.values).toEqual(prev.values);
      expect(after.matches('editing')).toBe(true);
    }
  },
  'xstate.done.actor.uploadMedia': ({ step: { event }, before, after }) => {
    expect(after.context.values[before.context.pending!.field]).toBe(event.output.url);
    expect(after.context.previews[before.context.pending!.field]).toMatchObject({ src: event.output.url, stored: true });
  },
  'xstate.error.actor.uploadMedia': ({ step: { event }, before, after }) => {
    const slot = slotOf(before.context, before.context.pending!.field);
    expect(after.context.values[slot.field], 'the stored value stays').toBe(before.context.values[slot.field]);
    expect(after.context.previews[slot.field]).toBeUndefined();
    expect(after.context.fieldErrors[slot.file]).toBe(event.error.fieldErrors.file ?? event.error.message);
  },
  'media.remove': ({ step: { event }, before, after }) => {
    const slot = slotOf(before.context, event.field);
    expect(after.context.values[event.field]).toBe(slot.required ? before.context.values[event.field] : '');
  },
  'draft.save': ({ before, entries }) => {
    const prev = before.context;
    expect(calls(entries)).toEqual([{ kind: 'call', actor: 'saveContent', input: { kind: prev.kind, id: prev.id, values: prev.values } }]);
  },
  'xstate.done.actor.saveContent': ({ step: { event }, after, entries }) => {
    expect(after.context.saved).toBe(true);
    expect(after.context.zawgyi).toEqual(event.output.zawgyi);
    expect(after.context.id).toBe(event.output.item.id);
    expect(hostActions(entries), 'the list reloads and selects the row').toEqual([{ name: 'saved', params: { id: event.output.item.id } }]);
  },
  'xstate.error.actor.saveContent': ({ step: { event }, after }) => {
    expect(after.context.saved).toBe(false);
    expect(after.context.error).toBe(event.error.message);
    expect(after.context.fieldErrors).toEqual(event.error.fieldErrors);
  },
};

describe('content-editor: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(contentEditorPaths, path), async () => {
      await replayPath(contentEditorPaths, path, { onStep: checkEffects(effects, always) });
    });
  }

  itStatesEveryEffect('content-editor', effects, paths);

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(contentEditorPaths, paths), 'transitions in no path').toEqual([]);
  });
});
