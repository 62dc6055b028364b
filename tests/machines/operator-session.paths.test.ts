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
import { replayPath, type LogEntry, type ReplayedStep } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { hostActions } from './money-invariants';
import { cashierRoutes, setupInput, signInInput, thidaSession } from './operator-fixtures';

const paths = generatePaths(operatorSessionPaths);
const calls = (entries: LogEntry[]) => entries.filter((e) => e.kind === 'call');
const signedOut = { token: null, operator: null, routes: [] };

/**
 * What docs/operator.md and the brief promise, step by step: a session is opened only by the
 * server's 200 and then kept (persistToken); any 401 from a call or a sign-out forgets it
 * (clearToken) and shows the form again; a 429 blocks the form for exactly Retry-After; menus
 * follow the `routes` the server gave.
 */
function checkInvariants({ step, before, after, entries }: ReplayedStep) {
  const { event } = step;
  const s = after as never;
  const inForm = after.matches('signedOut');
  expect(selectCanSignIn(s), 'the form can be sent only when it is on screen and not blocked').toBe(inForm);
  expect(selectSignedIn(s)).toBe(after.matches('signedIn') || after.matches('signingOut'));
  expect(selectBlocked(s)).toBe(after.matches('blocked'));
  if (!selectSignedIn(s)) expect(selectMay(s, 'GET /deposits'), 'no menu without a session').toBe(false);

  switch (event.type) {
    case 'signIn.submit':
      expect(calls(entries)).toEqual([{ kind: 'call', actor: 'signIn', input: signInInput }]);
      expect(after.context.error).toBeNull();
      break;
    case 'setup.submit':
      expect(calls(entries)).toEqual([{ kind: 'call', actor: 'completeSetup', input: setupInput }]);
      break;
    case 'xstate.done.actor.signIn':
    case 'xstate.done.actor.completeSetup':
      expect(hostActions(entries), 'the token is kept for this tab').toEqual([{ name: 'persistToken', params: { token: thidaSession.token } }]);
      expect(selectOperator(s)).toEqual(thidaSession.operator);
      expect(selectMay(s, 'GET /deposits'), 'the cashier sees the cashier menu').toBe(true);
      expect(selectMay(s, 'GET /two-d/exposure'), 'and not the 2D one').toBe(false);
      break;
    case 'xstate.done.actor.fetchMe':
      expect(after.context).toMatchObject({ token: 'op-token-stored', routes: cashierRoutes });
      expect(hostActions(entries)).toEqual([]);
      break;
    case 'xstate.error.actor.signIn':
    case 'xstate.error.actor.completeSetup':
      expect(hostActions(entries), 'a refusal keeps nothing').toEqual([]);
      expect(after.context.token).toBeNull();
      expect(after.context.error, "the server's words are shown").toBe(event.error.message);
      if (event.error.status === 429) {
        expect(after.matches('blocked')).toBe(true);
        expect(selectWaitSeconds(s), 'the wait is the Retry-After').toBe(30);
      } else expect(after.matches(event.type.endsWith('signIn') ? 'signedOut' : 'setup')).toBe(true);
      break;
    case 'xstate.after.retryWait.operatorSession.blocked':
      expect(after.matches('signedOut')).toBe(true);
      expect(after.context.waitSeconds).toBe(0);
      break;
    case 'session.expired':
    case 'xstate.error.actor.fetchMe':
      expect(hostActions(entries), 'a 401 forgets the token').toEqual([{ name: 'clearToken', params: undefined }]);
      expect(after.context).toMatchObject({ ...signedOut, notice: 'expired' });
      expect(after.matches('signedOut')).toBe(true);
      break;
    case 'signOut':
      expect(calls(entries)).toEqual([{ kind: 'call', actor: 'signOut', input: undefined }]);
      break;
    case 'xstate.done.actor.signOut':
    case 'xstate.error.actor.signOut':
      expect(hostActions(entries), 'signed out even when the server could not be told').toEqual([{ name: 'clearToken', params: undefined }]);
      expect(after.context).toMatchObject({ ...signedOut, notice: 'signedOut' });
      break;
    default:
      expect(hostActions(entries)).toEqual([]);
  }
  if (before.matches('signedIn') && event.type !== 'signOut' && event.type !== 'session.expired') expect(after.matches('signedIn')).toBe(true);
}

describe('operator-session: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(operatorSessionPaths, path), async () => {
      await replayPath(operatorSessionPaths, path, { onStep: checkInvariants });
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(operatorSessionPaths, paths), 'transitions in no path').toEqual([]);
  });

  it('a stored token is checked with GET /me before anything shows', () => {
    const fromStored = paths.filter((p) => p.start.input && (p.start.input as { token: string | null }).token);
    expect(fromStored.length).toBeGreaterThan(0);
    for (const p of fromStored) expect(p.initial.matches('restoring')).toBe(true);
  });
});
