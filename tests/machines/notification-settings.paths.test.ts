import { describe, expect, it } from 'vitest';
import { selectKinds, selectMessagesStopped, selectSettingsError, selectSettingsSaving } from '../../src/machines/notification-settings/notification-settings.selectors';
import { checkEffects, itStatesEveryEffect, type Effects } from '../support/path-effects';
import { uncoveredTransitions } from '../support/path-coverage';
import { replayPath, type LogEntry, type ReplayedStep } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { notificationSettingsPaths } from './notification-settings.paths';

const paths = generatePaths(notificationSettingsPaths);
const actions = (entries: LogEntry[]) => entries.flatMap((e) => (e.kind === 'action' ? [{ name: e.name, params: e.params }] : []));
const calls = (entries: LogEntry[]) => entries.flatMap((e) => (e.kind === 'call' ? [{ actor: e.actor, input: e.input }] : []));
const kindOn = (after: ReplayedStep['after'], kind: string) => selectKinds(after as never).find((k) => k.kind === kind)!;

/** Whatever happens: saving is shown exactly while a save runs, and security has no switch to lose. */
function always({ after }: ReplayedStep) {
  expect(selectSettingsSaving(after as never)).toBe(after.matches('saving'));
  expect(selectKinds(after as never).map((k) => k.kind)).not.toContain('security');
}

/** What each event does (issue 29: the profile's switches, GET/PUT /notifications). */
const effects: Effects = {
  'xstate.done.actor.loadSettings': ({ step, after }) => {
    expect(after.matches('ready')).toBe(true);
    expect(selectMessagesStopped(after as never)).toBe((step.event.output as { stopped: boolean }).stopped);
  },
  'xstate.error.actor.loadSettings': ({ after }) => {
    expect(after.matches('loadFailed')).toBe(true);
    expect(selectSettingsError(after as never)).toBe('Network error. Please try again.');
  },
  'settings.retry': ({ after, entries }) => {
    expect(after.matches('loading')).toBe(true);
    expect(calls(entries)).toEqual([{ actor: 'loadSettings', input: undefined }]);
  },
  // A switch changed: exactly that change is sent, and the switch shows it while it saves.
  'kind.toggle': ({ step, after, entries }) => {
    const event = step.event as unknown as { kind: string; on: boolean };
    if (after.matches('saving')) {
      expect(calls(entries)).toEqual([{ actor: 'saveSettings', input: { [event.kind]: event.on } }]);
      expect(kindOn(after, event.kind)).toEqual({ kind: event.kind, on: event.on, saving: true });
    } else {
      // Pressing a switch to the state it is in sends nothing.
      expect(calls(entries)).toEqual([]);
    }
  },
  'messages.resume': ({ entries }) => expect(calls(entries)).toEqual([{ actor: 'saveSettings', input: { stopped: false } }]),
  'xstate.done.actor.saveSettings': ({ after }) => {
    expect(after.matches('ready')).toBe(true);
    expect(kindOn(after, 'deposit')).toEqual({ kind: 'deposit', on: false, saving: false });
    expect(selectSettingsError(after as never)).toBeNull();
  },
  // Refused: the last saved state stays, the refusal is shown and toasted.
  'xstate.error.actor.saveSettings': ({ after, entries }) => {
    expect(after.matches('ready')).toBe(true);
    expect(kindOn(after, 'deposit').saving).toBe(false);
    expect(selectSettingsError(after as never)).toBe('The selected deposit is invalid.');
    expect(actions(entries)).toContainEqual({ name: 'notifyError', params: { message: 'The selected deposit is invalid.' } });
  },
};

describe('notification-settings: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(notificationSettingsPaths, path), async () => {
      await replayPath(notificationSettingsPaths, path, { onStep: checkEffects(effects, always) });
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(notificationSettingsPaths, paths), 'transitions in no path').toEqual([]);
  });

  itStatesEveryEffect('notification-settings', effects, paths);
});
