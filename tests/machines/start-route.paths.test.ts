import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { webStartParam, parseStartParam } from '../../src/lib/start-param';
import { startRouteMachine } from '../../src/machines/start-route/start-route.machine';
import { uncoveredTransitions } from '../support/path-coverage';
import { replayPath, type LogEntry, type ReplayedStep } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { startRoutePaths } from './start-route.paths';

const paths = generatePaths(startRoutePaths);
const actions = (entries: LogEntry[]) => entries.flatMap((e) => (e.kind === 'action' && e.name !== 'forget' ? [{ name: e.name, params: e.params }] : []));

/** Where each start page must land (issue 12 § Start parameter; the app's routes). */
const EXPECTED_PATH: Record<string, string> = { '2d': '/2d', digitbet: '/digitbet', shan: '/shan', deposit: '/top-up/bank', promotion: '/promotion', games: '/games' };

function checkStep({ step, before, after, entries }: ReplayedStep) {
  const { page, referralCode } = before.context as { page: string | null; referralCode: string | null };
  const { event } = step;
  if (event.type === 'entry.settled') {
    if (page) expect(actions(entries)).toEqual([{ name: 'goTo', params: { path: EXPECTED_PATH[page] } }]);
    else if (referralCode && !event.signedIn) expect(actions(entries)).toEqual([{ name: 'openRegister', params: undefined }]);
    else expect(actions(entries)).toEqual([]);
  }
  // The player's own move wins: no landing afterwards.
  if (event.type === 'player.moved') expect(actions(entries)).toEqual([]);
  expect(after.status).toBe('done');
}

describe('start-route: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(startRoutePaths, path), async () => {
      await replayPath(startRoutePaths, path, { onStep: checkStep });
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(startRoutePaths, paths), 'transitions in no path').toEqual([]);
  });
});

describe('start-route: behaviour', () => {
  function run(search: string, signedIn: boolean) {
    const seen: string[] = [];
    const actor = createActor(
      startRouteMachine.provide({
        actions: {
          rememberReferral: (_, { code }) => void seen.push(`ref:${code}`),
          goTo: (_, { path }) => void seen.push(`go:${path}`),
          openRegister: () => void seen.push('register'),
        },
      }),
      { input: webStartParam(search) },
    ).start();
    actor.send({ type: 'entry.settled', signedIn });
    return seen;
  }

  it('a web ?startapp=ref_CODE__deposit remembers the code and lands on the deposit page', () => {
    expect(run('?startapp=ref_AG0001__deposit', false)).toEqual(['ref:AG0001', 'go:/top-up/bank']);
  });
  it('a web ?ref=CODE opens registration with the code for a guest, nothing for a player', () => {
    expect(run('?ref=AG0001', false)).toEqual(['ref:AG0001', 'register']);
    expect(run('?ref=AG0001', true)).toEqual(['ref:AG0001']);
  });
  it('ignores what the grammar does not allow', () => {
    expect(run('?startapp=ref_AG0001__admin', false)).toEqual(['ref:AG0001', 'register']);
    expect(run('?startapp=2d__ref_X', true)).toEqual([]);
    expect(run('?ref=%3Cscript%3E', false)).toEqual([]);
    expect(parseStartParam('promotion')).toEqual({ page: 'promotion' });
  });
});
