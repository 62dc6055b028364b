import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { User } from '../../src/api/types';
import { authMachine, type AuthInput } from '../../src/machines/auth/auth.machine';
import { selectGeneralError, selectIsBusy, selectIsLoggedIn, selectUser } from '../../src/machines/auth/auth.selectors';
import { balanceMachine } from '../../src/machines/balance/balance.machine';
import { uncoveredTransitions } from '../support/path-coverage';
import { checkEffects, itStatesEveryEffect, type Effects } from '../support/path-effects';
import { player, session } from '../support/path-fixtures';
import { flush, replayPath, stubbedMachine, type LogEntry, type ReplayedStep } from '../support/path-replay';
import { apiError, generatePaths, pathTestName } from '../support/paths';
import { authPaths } from './auth.paths';

const paths = generatePaths(authPaths);

const actions = (entries: LogEntry[]) => entries.flatMap((e) => (e.kind === 'action' ? [e.name] : []));
const calls = (entries: LogEntry[]) => entries.flatMap((e) => (e.kind === 'call' ? [e.actor] : []));
const loggedIn = (snapshot: AnyMachineSnapshot) => selectIsLoggedIn(snapshot as never);

const busyStates = [{ anonymous: 'loggingIn' }, { anonymous: 'registering' }, { authenticated: 'loggingOut' }] as const;

/** Checked after every step of every path. */
const invariants: Array<(replayed: ReplayedStep) => void> = [
  function theSessionIsAllOrNothing({ after }) {
    expect(after.context.token !== null, 'token ⇔ logged in').toBe(loggedIn(after));
    expect(after.context.user !== null || !loggedIn(after), 'a logged-in player has a user').toBe(true);
    expect(selectIsBusy(after as never)).toBe(busyStates.some((state) => after.matches(state)));
  },
  function loggingInPersistsToastsAndReturnsToTheOrigin({ step, before, after, entries }) {
    if (loggedIn(before) || !loggedIn(after)) return;
    if (step.event.type === 'session.start') {
      // Telegram's silent sign-in: stored, no toast, no navigation (the start route decides).
      expect(actions(entries)).toEqual(['persistSession']);
      expect(after.context).toMatchObject({ token: step.event.session.token, user: step.event.session.user });
      return;
    }
    const toast = step.event.type.endsWith('loginUser') ? 'notifyLoggedIn' : 'notifyRegistered';
    // Back to the page the player came from, never home (issue 12).
    expect(actions(entries)).toEqual(['persistSession', toast, 'returnToOrigin']);
    expect(entries[0]).toMatchObject({ params: { token: after.context.token, user: after.context.user } });
    expect(after.context.modal).toBeNull();
  },
  function leavingClearsStorageAndGoesHome({ step, before, after, entries }) {
    if (!loggedIn(before) || loggedIn(after)) return;
    expect(actions(entries)).toContain('clearSession');
    expect(actions(entries).at(-1)).toBe('goHome');
    expect(actions(entries).includes('notifyLoggedOut')).toBe(step.event.type === 'xstate.done.actor.logoutUser');
    expect(after.context).toMatchObject({ token: null, user: null, modal: null, error: null });
  },
  function nothingHappensOutsideWhileLoggedOut({ before, after, entries }) {
    if (!loggedIn(before) && !loggedIn(after)) expect(actions(entries)).toEqual([]);
  },
  function aLogoutAlwaysEndsTheSession({ step, after }) {
    if (/^xstate\.(done|error)\.actor\.logoutUser$/.test(step.event.type)) expect(loggedIn(after)).toBe(false);
  },
  function onlyLogoutCallsTheServer({ step, before, entries }) {
    if (step.event.type === 'session.expired') expect(calls(entries)).toEqual([]);
    if (step.event.type === 'logout') expect(entries).toEqual([{ kind: 'call', actor: 'logoutUser', input: { token: before.context.token } }]);
  },
  function aChangedUserIsKeptAndStored({ step, after, entries }) {
    if (step.event.type !== 'user.changed') return;
    expect(after.context.user).toEqual(step.event.user);
    expect(entries).toEqual([{ kind: 'action', name: 'persistUser', params: { user: step.event.user } }]);
  },
  function aRefusedSubmitKeepsTheFormOpenAndSaysWhy({ step, before, after }) {
    if (!step.event.type.startsWith('xstate.error.actor.') || loggedIn(before)) return;
    const { error } = step.event;
    expect(after.context.modal).toBe(before.context.modal);
    expect(after.context.error).toEqual(error);
    expect(selectGeneralError(after as never)).toBe(Object.keys(error.fieldErrors).length ? null : error.message);
  },
  function submittingClearsTheError({ step, after }) {
    if (step.event.type.endsWith('.submit')) expect(after.context.error).toBeNull();
  },
];

const always = (replayed: ReplayedStep) => invariants.forEach((check) => check(replayed));

type Effect = Effects[string];

/** Login or registration accepted: stored, a toast, back where the player was (spec §4 Login/register). */
const logsIn =
  (toast: string): Effect =>
  ({ step, after, entries }) => {
    expect(loggedIn(after)).toBe(true);
    expect(actions(entries)).toEqual(['persistSession', toast, 'returnToOrigin']);
    expect(after.context).toMatchObject({ token: step.event.output.token, user: step.event.output.user, modal: null, error: null });
  };

/** Refused: still logged out, the same form open, the server's errors on it. */
const refused: Effect = ({ step, before, after }) => {
  expect(loggedIn(after)).toBe(false);
  expect(after.context.modal).toBe(before.context.modal);
  expect(after.context.error).toEqual(step.event.error);
};

/** Submitting a form: busy, one call with what was typed, the old error gone. */
const submits =
  (actor: string): Effect =>
  ({ step, after, entries }) => {
    expect(selectIsBusy(after as never)).toBe(true);
    expect(entries).toEqual([{ kind: 'call', actor, input: step.event.input }]);
    expect(after.context.error).toBeNull();
  };

/** Logout settles either way: the session ends and the player is home (spec §4 Auth); a failed call is only logged. */
const logsOut =
  (confirmed: boolean): Effect =>
  ({ after, entries }) => {
    expect(loggedIn(after)).toBe(false);
    const told = confirmed ? ['notifyLoggedOut'] : ['logError'];
    expect(actions(entries).filter((name) => name !== 'clearSession' && name !== 'goHome').sort()).toEqual(told);
    expect(actions(entries).at(-1)).toBe('goHome');
    expect(actions(entries)).toContain('clearSession');
  };

/** The balance poller ended (it should not): logged, the session goes on. */
const pollerEnded: Effect = ({ before, after, entries }) => {
  expect(loggedIn(after)).toBe(true);
  expect(after.context.user).toBe(before.context.user);
  expect(actions(entries)).toEqual(['logError']);
};

/** What each event does, from the spec (§2 Registration and login modals, §4 Auth, Login/register, Balance refresh). */
const effects: Effects = {
  'modal.open': ({ step, after }) => expect(after.context).toMatchObject({ modal: step.event.modal, error: null }),
  'modal.close': ({ after }) => expect(after.context).toMatchObject({ modal: null, error: null }),
  'error.clear': ({ before, after }) => expect(after.context).toMatchObject({ modal: before.context.modal, error: null }),
  'login.submit': submits('loginUser'),
  'register.submit': submits('registerUser'),
  'xstate.done.actor.loginUser': logsIn('notifyLoggedIn'),
  'xstate.done.actor.registerUser': logsIn('notifyRegistered'),
  'xstate.error.actor.loginUser': refused,
  'xstate.error.actor.registerUser': refused,
  'session.start': ({ step, after, entries }) => {
    // Telegram's silent sign-in: stored, no toast, no navigation (the start route decides).
    expect(actions(entries)).toEqual(['persistSession']);
    expect(after.context).toMatchObject({ token: step.event.session.token, user: step.event.session.user });
  },
  logout: ({ before, after, entries }) => {
    expect(after.matches({ authenticated: 'loggingOut' })).toBe(true);
    expect(entries).toEqual([{ kind: 'call', actor: 'logoutUser', input: { token: before.context.token } }]);
  },
  'xstate.done.actor.logoutUser': logsOut(true),
  'xstate.error.actor.logoutUser': logsOut(false),
  'session.expired': ({ after, entries }) => {
    // A 401 on a data fetch removes the token and goes home; nothing is asked of the server.
    expect(loggedIn(after)).toBe(false);
    expect(calls(entries)).toEqual([]);
    expect(actions(entries)).toEqual(['clearSession', 'goHome']);
  },
  'user.changed': ({ step, after, entries }) => {
    expect(after.context.user).toEqual(step.event.user);
    expect(entries).toEqual([{ kind: 'action', name: 'persistUser', params: { user: step.event.user } }]);
  },
  'xstate.done.actor.balance': pollerEnded,
  'xstate.error.actor.balance': pollerEnded,
};

describe('auth: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(authPaths, path), async () => {
      await replayPath(authPaths, path, { onStep: checkEffects(effects, always) });
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(authPaths, paths), 'transitions in no path').toEqual([]);
  });

  itStatesEveryEffect('auth', effects, paths);
});

describe('auth: session with the real balance poller', () => {
  let log: LogEntry[];
  let served: () => Promise<User>;

  beforeEach(() => {
    vi.useFakeTimers();
    log = [];
    served = async () => player;
  });
  afterEach(() => vi.useRealTimers());

  /** authMachine with recording host actions and the REAL balance child (fetchUser stubbed). */
  function start(input: AuthInput) {
    const fetchUser = fromPromise(async () => {
      log.push({ kind: 'call', actor: 'fetchUser', input: undefined });
      return served();
    });
    const balance = stubbedMachine(balanceMachine, log, []).provide({ actors: { fetchUser } });
    return createActor(stubbedMachine(authMachine, log, []).provide({ actors: { balance } }), { input }).start();
  }
  const saved: AuthInput = { token: session.token, user: player };

  it('starts logged in with a saved token and logged out without one', () => {
    const returning = start(saved);
    expect(returning.getSnapshot().value).toEqual({ authenticated: 'idle' });
    expect(start({ token: null, user: null }).getSnapshot().value).toEqual({ anonymous: 'idle' });
    returning.stop();
  });

  it('merges a changed balance from the poller into the session and storage', async () => {
    const actor = start(saved);
    await flush();
    served = async () => ({ ...player, balance: '20000.00' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(selectUser(actor.getSnapshot())?.balance).toBe('20000.00');
    expect(actions(log)).toEqual(['persistUser']);
    actor.stop();
  });

  it("logs out on the poller's 401 without calling the server, and stops polling", async () => {
    const actor = start(saved);
    await flush();
    served = () => Promise.reject(apiError(401, 'Unauthenticated.'));
    await vi.advanceTimersByTimeAsync(5000);
    expect(actor.getSnapshot().value).toEqual({ anonymous: 'idle' });
    expect(actions(log)).toEqual(['clearSession', 'goHome']);
    expect(calls(log).filter((name) => name !== 'fetchUser')).toEqual([]);
    const fetched = calls(log).length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls(log)).toHaveLength(fetched);
  });

  it("exposes the poller as system 'balance' so the host can pause it", async () => {
    const actor = start(saved);
    await flush();
    actor.system.get('balance')?.send({ type: 'page.hidden' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls(log)).toEqual(['fetchUser']);
    actor.stop();
  });

  it('only offers the login and registration forms while logged out', () => {
    const actor = start(saved);
    expect(actor.getSnapshot().can({ type: 'modal.open', modal: 'login' })).toBe(false);
    actor.stop();
  });
});
