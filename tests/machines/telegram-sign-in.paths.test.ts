import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Session } from '../../src/api/types';
import { telegramSignInMachine } from '../../src/machines/telegram-sign-in/telegram-sign-in.machine';
import { selectNeedsReferral, selectReferralError, selectTelegramPending } from '../../src/machines/telegram-sign-in/telegram-sign-in.selectors';
import { checkEffects, itStatesEveryEffect, type Effects } from '../support/path-effects';
import { uncoveredTransitions } from '../support/path-coverage';
import { session } from '../support/path-fixtures';
import { flush, replayPath, type LogEntry, type ReplayedStep } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { initData, telegramSignInPaths } from './telegram-sign-in.paths';

const paths = generatePaths(telegramSignInPaths);
const actions = (entries: LogEntry[]) => entries.flatMap((e) => (e.kind === 'action' ? [{ name: e.name, params: e.params }] : []));
const calls = (entries: LogEntry[]) => entries.flatMap((e) => (e.kind === 'call' ? [{ actor: e.actor, input: e.input }] : []));

/** What issue 12 asks of the silent sign-in, checked after every step of every path. */
/** What issue 12 asks of the silent sign-in, checked after every step of every path. */
function always({ step, before, after, entries }: ReplayedStep) {
  // Pages for players wait (no login dialog) exactly while the sign-in or the link is in flight.
  expect(selectTelegramPending(after as never)).toBe(after.matches('signingIn') || after.matches('linking'));
  // The server is asked with the launch's init data, and a typed code only when one was typed.
  for (const call of calls(entries).filter((c) => c.actor === 'signIn')) {
    expect(call.input).toEqual(before.matches('needsReferral') ? { init_data: initData, referral_code: 'AG0001' } : { init_data: initData });
  }
  if (step.event.type !== 'xstate.done.actor.signIn') expect(actions(entries).map((a) => a.name)).not.toContain('startSession');
}

/** The four ways a refused sign-in goes (issue 12 § Telegram sign-in). */
const signInRefused: Effects[string] = ({ step, before, after, entries }) => {
  const s = after as never;
  const { status, message, fieldErrors } = step.event.error;
  if (status === 422) {
    // Only what is missing: the referral form, no toast; the server's words under the field only
    // when they refuse a code the player typed (the first ask is the welcome, not an error).
    expect(selectNeedsReferral(s)).toBe(true);
    expect(selectReferralError(s)).toBe(before.context.referralCode ? fieldErrors.referral_code : null);
    expect(actions(entries).filter((a) => a.name !== 'storeError')).toEqual([]);
  } else if (status === 404) {
    // Sign-in with Telegram is off on this install: a plain web site, no error shown.
    expect(after.matches('guest')).toBe(true);
    expect(actions(entries)).toEqual([]);
  } else if (status === 0) {
    expect(after.matches('offline')).toBe(true);
    expect(actions(entries).filter((a) => a.name !== 'storeError')).toEqual([]);
  } else {
    // Refused data: the player is told why and goes on as a guest of the web site.
    expect(after.matches('guest')).toBe(true);
    expect(actions(entries)).toContainEqual({ name: 'notifyError', params: { message } });
  }
};

const effects: Effects = {
  'xstate.done.actor.signIn': ({ step, after, entries }) => {
    // The session goes to the auth machine as it came; nothing else (no toast, no navigation).
    expect(actions(entries)).toEqual([{ name: 'startSession', params: step.event.output }]);
    expect(after.matches('signedIn')).toBe(true);
    expect(after.status).toBe('done');
  },
  'xstate.error.actor.signIn': signInRefused,
  'referral.submit': ({ after, entries }) => {
    expect(after.matches('signingIn')).toBe(true);
    expect(calls(entries), 'the typed code goes with the init data').toEqual([{ actor: 'signIn', input: { init_data: initData, referral_code: 'AG0001' } }]);
  },
  retry: ({ after, entries }) => {
    expect(after.matches('signingIn')).toBe(true);
    expect(calls(entries)).toEqual([{ actor: 'signIn', input: { init_data: initData } }]);
  },
  dismiss: ({ after, entries }) => {
    expect(after.matches('guest')).toBe(true);
    expect(calls(entries)).toEqual([]);
  },
  'login.choose': ({ entries }) => expect(actions(entries).map((a) => a.name)).toEqual(['openLogin']),
  'login.cancel': ({ after }) => expect(selectNeedsReferral(after as never)).toBe(true),
  'login.succeeded': ({ entries }) => expect(calls(entries)).toEqual([{ actor: 'linkTelegram', input: { initData } }]),
  'xstate.done.actor.linkTelegram': ({ after, entries }) => {
    expect(actions(entries).map((a) => a.name)).toEqual(['notifyLinked']);
    expect(after.matches('signedIn')).toBe(true);
  },
  'xstate.error.actor.linkTelegram': ({ step, after, entries }) => {
    // The login stands; the player hears why the link did not.
    expect(after.matches('signedIn')).toBe(true);
    expect(actions(entries)).toContainEqual({ name: 'notifyError', params: { message: step.event.error.message } });
  },
};

describe('telegram-sign-in: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(telegramSignInPaths, path), async () => {
      await replayPath(telegramSignInPaths, path, { onStep: checkEffects(effects, always) });
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(telegramSignInPaths, paths), 'transitions in no path').toEqual([]);
  });

  itStatesEveryEffect('telegram-sign-in', effects, paths);
});

describe('telegram-sign-in: behaviour', () => {
  function start(signIn: () => Promise<Session>, signedIn = false) {
    const seen: string[] = [];
    const machine = telegramSignInMachine.provide({
      actors: { signIn: fromPromise(signIn), linkTelegram: fromPromise(async () => session.user) },
      actions: {
        startSession: (_, s) => void seen.push(`startSession:${s.token}`),
        openLogin: () => void seen.push('openLogin'),
        notifyLinked: () => void seen.push('notifyLinked'),
        notifyError: (_, { message }) => void seen.push(`error:${message}`),
      },
    });
    return { actor: createActor(machine, { input: { initData, signedIn } }).start(), seen };
  }

  it('with a saved session it asks the server nothing', async () => {
    let asked = 0;
    const { actor, seen } = start(async () => (asked++, session), true);
    await flush();
    expect(asked).toBe(0);
    expect(seen).toEqual([]);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('a launch signs in at once, before any form', async () => {
    const { actor, seen } = start(async () => session);
    expect(selectTelegramPending(actor.getSnapshot())).toBe(true);
    await flush();
    expect(seen).toEqual([`startSession:${session.token}`]);
    expect(actor.getSnapshot().value).toBe('signedIn');
  });
});
