import { describe, expect, it } from 'vitest';
import { operatorSessionPaths } from './operator-session.paths';
import {
  selectBlocked,
  selectCanSignIn,
  selectMay,
  selectOperator,
  selectSignedIn,
  selectWaitSeconds,
} from '../../src/machines/operator-session/operator-session.selectors';
import { uncoveredTransitions } from '../support/path-coverage';
import { checkEffects, itStatesEveryEffect, type Effect, type Effects } from '../support/path-effects';
import { replayPath, type LogEntry } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { hostActions } from './money-invariants';
import { cashierRoutes, setupInput, signInInput, thidaSession } from './operator-fixtures';

const paths = generatePaths(operatorSessionPaths);
const calls = (entries: LogEntry[]) => entries.filter((e) => e.kind === 'call');
const signedOut = { token: null, operator: null, routes: [] };

const always: Effect = ({ step: { event }, before, after }) => {
  const s = after as never;
  expect(selectCanSignIn(s), 'the form can be sent only when it is on screen and not blocked').toBe(after.matches('signedOut'));
  expect(selectSignedIn(s)).toBe(after.matches('signedIn') || after.matches('signingOut'));
  expect(selectBlocked(s)).toBe(after.matches('blocked'));
  if (!selectSignedIn(s)) expect(selectMay(s, 'GET /deposits'), 'no menu without a session').toBe(false);
  if (before.matches('signedIn') && event.type !== 'signOut' && event.type !== 'session.expired') expect(after.matches('signedIn')).toBe(true);
};

const opened: Effect = ({ after, entries }) => {
  expect(hostActions(entries), 'the token is kept for this tab').toEqual([{ name: 'persistToken', params: { token: thidaSession.token } }]);
  expect(selectOperator(after as never)).toEqual(thidaSession.operator);
  expect(selectMay(after as never, 'GET /deposits'), 'the cashier sees the cashier menu').toBe(true);
  expect(selectMay(after as never, 'GET /two-d/exposure'), 'and not the 2D one').toBe(false);
};

const refused: Effect = ({ step: { event }, after, entries }) => {
  expect(hostActions(entries), 'a refusal keeps nothing').toEqual([]);
  expect(after.context.token).toBeNull();
  expect(after.context.error, "the server's words are shown").toBe(event.error.message);
  if (event.error.status === 429) {
    expect(after.matches('blocked')).toBe(true);
    expect(selectWaitSeconds(after as never), 'the wait is the Retry-After').toBe(30);
  } else expect(after.matches(event.type.endsWith('signIn') ? 'signedOut' : 'setup')).toBe(true);
};

const expired: Effect = ({ after, entries }) => {
  expect(hostActions(entries), 'a 401 forgets the token').toEqual([{ name: 'clearToken', params: undefined }]);
  expect(after.context).toMatchObject({ ...signedOut, notice: 'expired' });
  expect(after.matches('signedOut')).toBe(true);
};

const signedOutNow: Effect = ({ after, entries }) => {
  expect(hostActions(entries), 'signed out even when the server could not be told').toEqual([{ name: 'clearToken', params: undefined }]);
  expect(after.context).toMatchObject({ ...signedOut, notice: 'signedOut' });
};

const quiet: Effect = ({ entries }) => expect(hostActions(entries)).toEqual([]);

/**
 * What docs/operator.md and the brief promise, step by step: a session is opened only by the
 * server's 200 and then kept (persistToken); any 401 from a call or a sign-out forgets it
 * (clearToken) and shows the form again; a 429 blocks the form for exactly Retry-After; menus
 * follow the `routes` the server gave.
 */
const effects: Effects = {
  'signIn.submit': ({ after, entries }) => {
    expect(calls(entries)).toEqual([{ kind: 'call', actor: 'signIn', input: signInInput }]);
    expect(after.context.error).toBeNull();
  },
  'setup.open': (r) => {
    quiet(r);
    expect(r.after.matches('setup'), 'the setup form shows').toBe(true);
  },
  'setup.cancel': (r) => {
    quiet(r);
    expect(r.after.matches('signedOut'), 'back to the sign-in form').toBe(true);
  },
  'setup.submit': ({ entries }) => expect(calls(entries)).toEqual([{ kind: 'call', actor: 'completeSetup', input: setupInput }]),
  'xstate.done.actor.signIn': opened,
  'xstate.done.actor.completeSetup': opened,
  'xstate.done.actor.fetchMe': ({ after, entries }) => {
    expect(after.context).toMatchObject({ token: 'op-token-stored', routes: cashierRoutes });
    expect(hostActions(entries)).toEqual([]);
  },
  'xstate.error.actor.signIn': refused,
  'xstate.error.actor.completeSetup': refused,
  'xstate.after.retryWait.operatorSession.blocked': (r) => {
    quiet(r);
    expect(r.after.matches('signedOut')).toBe(true);
    expect(r.after.context.waitSeconds).toBe(0);
  },
  'session.expired': expired,
  'xstate.error.actor.fetchMe': expired,
  signOut: (r) => {
    quiet(r);
    expect(calls(r.entries)).toEqual([{ kind: 'call', actor: 'signOut', input: undefined }]);
  },
  'xstate.done.actor.signOut': signedOutNow,
  'xstate.error.actor.signOut': signedOutNow,
};

describe('operator-session: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(operatorSessionPaths, path), async () => {
      await replayPath(operatorSessionPaths, path, { onStep: checkEffects(effects, always) });
    });
  }

  itStatesEveryEffect('operator-session', effects, paths);

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(operatorSessionPaths, paths), 'transitions in no path').toEqual([]);
  });

  it('a stored token is checked with GET /me before anything shows', () => {
    const fromStored = paths.filter((p) => p.start.input && (p.start.input as { token: string | null }).token);
    expect(fromStored.length).toBeGreaterThan(0);
    for (const p of fromStored) expect(p.initial.matches('restoring')).toBe(true);
  });
});
