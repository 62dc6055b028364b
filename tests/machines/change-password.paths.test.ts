import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { NETWORK_ERROR, changePasswordMachine } from '../../src/machines/change-password/change-password.machine';
import { selectPwBusy, selectPwFieldErrors, selectPwMessage, selectPwSucceeded } from '../../src/machines/change-password/change-password.selectors';
import { UNEXPECTED_ERROR } from '../../src/machines/shared/error-info';
import { checkEffects, itStatesEveryEffect, type Effects } from '../support/path-effects';
import { uncoveredTransitions } from '../support/path-coverage';
import { changePasswordInput } from '../support/path-fixtures';
import { flush, replayPath, type LogEntry, type ReplayedStep } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { changePasswordPaths } from './change-password.paths';

const paths = generatePaths(changePasswordPaths);

const actions = (entries: LogEntry[]) => entries.flatMap((e) => (e.kind === 'action' ? [e] : []));

/** What the view shows for each failure status (spec §8, with the brief's network text). */
function expectedMessage(status: number, serverMessage: string): string | null {
  if (status === 422) return null;
  if (status === 401) return serverMessage;
  return status === 0 ? NETWORK_ERROR : UNEXPECTED_ERROR;
}

function always({ step, after, entries }: ReplayedStep) {
  const snapshot = after as never;
  expect(selectPwBusy(snapshot)).toBe(after.matches('submitting'));
  expect(selectPwSucceeded(snapshot)).toBe(after.matches('succeeded'));
  if (step.event.type !== 'xstate.done.actor.changePassword') {
    expect(actions(entries).map((e) => e.name), 'only success leaves the form').not.toContain('goToProfile');
  }
}

/** What each event does, from the spec (§4 Password form: idle, submitting, success to the profile tab, error; §5 Change password). */
const effects: Effects = {
  'password.submit': ({ step, after, entries }) => {
    expect(after.matches('submitting')).toBe(true);
    expect(entries.filter((e) => e.kind === 'call')).toEqual([{ kind: 'call', actor: 'changePassword', input: step.event.input }]);
    expect(after.context, 'a new attempt starts clean').toEqual({ fieldErrors: {}, message: null, error: null });
  },
  'xstate.done.actor.changePassword': ({ step, after, entries }) => {
    expect(after.matches('succeeded')).toBe(true);
    expect(actions(entries)).toEqual([
      { kind: 'action', name: 'notifyPasswordChanged', params: { message: step.event.output } },
      { kind: 'action', name: 'goToProfile', params: undefined },
    ]);
  },
  'xstate.error.actor.changePassword': ({ step, after, entries }) => {
    const { status, message, fieldErrors } = step.event.error;
    const snapshot = after as never;
    expect(selectPwMessage(snapshot)).toBe(expectedMessage(status, message));
    expect(selectPwFieldErrors(snapshot)).toEqual(fieldErrors);
    expect(after.hasTag('error')).toBe(true);
    // Only the 401 (wrong current password) raises an error toast, with the server's words.
    expect(actions(entries)).toEqual(status === 401 ? [{ kind: 'action', name: 'notifyError', params: { message } }] : []);
  },
  'form.edit': ({ step, before, after, entries }) => {
    const { [step.event.field]: _edited, ...others } = before.context.fieldErrors;
    expect(after.context.fieldErrors, 'editing a field clears only its error').toEqual(others);
    expect(after.value).toEqual(before.value);
    expect(entries).toEqual([]);
  },
};

describe('change-password: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(changePasswordPaths, path), async () => {
      await replayPath(changePasswordPaths, path, { onStep: checkEffects(effects, always) });
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(changePasswordPaths, paths), 'transitions in no path').toEqual([]);
  });

  itStatesEveryEffect('change-password', effects, paths);
});

describe('change-password: behaviour', () => {
  it('ignores a second submit while the first is in flight', async () => {
    let calls = 0;
    const machine = changePasswordMachine.provide({
      actors: { changePassword: fromPromise(() => (calls++, new Promise<string>(() => {}))) },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'password.submit', input: changePasswordInput });
    expect(actor.getSnapshot().can({ type: 'password.submit', input: changePasswordInput })).toBe(false);
    actor.send({ type: 'password.submit', input: changePasswordInput });
    await flush();
    expect(calls).toBe(1);
    actor.stop();
  });

  it('fails loudly when the host forgot to provide an effect', async () => {
    const machine = changePasswordMachine.provide({ actors: { changePassword: fromPromise(async () => 'changed') } });
    const actor = createActor(machine);
    actor.subscribe({ error: () => {} });
    actor.start();
    actor.send({ type: 'password.submit', input: changePasswordInput });
    await flush();
    expect(actor.getSnapshot().status).toBe('error');
    expect(String(actor.getSnapshot().error)).toContain('notifyPasswordChanged must be provided');
  });
});
