import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { webStartParam, parseStartParam } from '../../shared/start-param';
import { startRouteMachine } from '../../src/machines/start-route/start-route.machine';
import { checkEffects, itStatesEveryEffect, type Effects } from '../support/path-effects';
import { uncoveredTransitions } from '../support/path-coverage';
import { replayPath, type LogEntry, type ReplayedStep } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { startRoutePaths } from './start-route.paths';

const paths = generatePaths(startRoutePaths);
const actions = (entries: LogEntry[]) => entries.flatMap((e) => (e.kind === 'action' && e.name !== 'forget' ? [{ name: e.name, params: e.params }] : []));

/** Where each start page must land (issue 12 § Start parameter; the app's routes). */
const EXPECTED_PATH: Record<string, string> = { '2d': '/2d', digitbet: '/digitbet', shan: '/shan', deposit: '/top-up/bank', promotion: '/promotion', games: '/games' };

function always({ after }: ReplayedStep) {
  expect(after.status, 'the start route acts once and ends').toBe('done');
}

/** What each event does, from issue 12 § Start parameter: a page in the link wins, else a referral opens registration for a guest. */
const effects: Effects = {
  'entry.settled': ({ step, before, entries }) => {
    const { page, referralCode } = before.context as { page: string | null; referralCode: string | null };
    if (page) expect(actions(entries)).toEqual([{ name: 'goTo', params: { path: EXPECTED_PATH[page] } }]);
    else if (referralCode && !step.event.signedIn) expect(actions(entries)).toEqual([{ name: 'openRegister', params: undefined }]);
    else expect(actions(entries)).toEqual([]);
  },
  // The player's own move wins: no landing afterwards.
  'player.moved': ({ entries }) => expect(actions(entries)).toEqual([]),
};

describe('start-route: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(startRoutePaths, path), async () => {
      await replayPath(startRoutePaths, path, { onStep: checkEffects(effects, always) });
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(startRoutePaths, paths), 'transitions in no path').toEqual([]);
  });

  itStatesEveryEffect('start-route', effects, paths);
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
