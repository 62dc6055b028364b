import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { User } from '../../src/api/types';
import { balanceMachine } from '../../src/machines/balance/balance.machine';
import { selectBalanceUser, selectIsFetching } from '../../src/machines/balance/balance.selectors';
import { uncoveredTransitions } from '../support/path-coverage';
import { checkEffects, itStatesEveryEffect, type Effects } from '../support/path-effects';
import { player, plusKs } from '../support/path-fixtures';
import { flush, replayPath, startUnderHost, stubbedMachine, type LogEntry, type ReplayedStep } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { balancePaths } from './balance.paths';

const paths = generatePaths(balancePaths);

const fetches = (entries: LogEntry[]) => entries.filter((e) => e.kind === 'call' && e.actor === 'fetchUser').length;
const reports = (entries: LogEntry[]) => entries.flatMap((e) => (e.kind === 'parent' ? [e.event] : []));
const actions = (entries: LogEntry[]) => entries.flatMap((e) => (e.kind === 'action' ? [e.name] : []));

function always({ step, before, after, entries }: ReplayedStep) {
  expect(selectIsFetching(after as never)).toBe(after.matches({ visible: 'fetching' }));
  expect(selectBalanceUser(after as never)).toBe(after.context.user);
  if (after.matches('hidden')) expect(fetches(entries), 'no fetch while hidden').toBe(0);
  // A fetch starts exactly when the machine enters `fetching`.
  expect(fetches(entries)).toBe(after.matches({ visible: 'fetching' }) && !before.matches({ visible: 'fetching' }) ? 1 : 0);
  if (!step.event.type.startsWith('xstate.')) expect(reports(entries)).toEqual([]);
}

/** A poll starts now: one GET /user, the cached profile untouched until it answers. */
const fetchesNow = ({ before, after, entries }: ReplayedStep) => {
  expect(after.matches({ visible: 'fetching' })).toBe(true);
  expect(fetches(entries)).toBe(1);
  expect(after.context.user).toBe(before.context.user);
};

/** What each event does, from the spec (§4 Balance refresh: every 5 s while logged in, merged only when a balance changed; a 401 logs out). */
const effects: Effects = {
  'xstate.done.actor.fetchUser': ({ step, before, after, entries }) => {
    const cached = before.context.user as User;
    const { output } = step.event;
    expect(after.matches({ visible: 'waiting' }), 'the next poll is due').toBe(true);
    if (output.balance !== cached.balance || output.main_balance !== cached.main_balance) {
      expect(after.context.user, 'the answer is merged into the profile').toEqual({ ...cached, ...output });
      expect(reports(entries)).toEqual([{ type: 'user.changed', user: after.context.user }]);
    } else {
      // Same balances: the cached profile is left alone and the parent hears nothing.
      expect(after.context.user).toBe(before.context.user);
      expect(reports(entries)).toEqual([]);
    }
  },
  'xstate.error.actor.fetchUser': ({ step, before, after, entries }) => {
    const unauthorized = step.event.error.status === 401;
    expect(reports(entries)).toEqual(unauthorized ? [{ type: 'session.expired' }] : []);
    expect(actions(entries)).toEqual(unauthorized ? [] : ['logError']);
    expect(after.matches({ visible: 'waiting' }), 'polling goes on after an error').toBe(true);
    expect(after.context.user, 'a failure keeps the profile').toBe(before.context.user);
  },
  'xstate.after.pollInterval.balance.visible.waiting': fetchesNow,
  'balance.refresh': fetchesNow,
  'page.hidden': ({ before, after, entries }) => {
    expect(after.matches('hidden')).toBe(true);
    expect(fetches(entries)).toBe(0);
    expect(after.context.user).toBe(before.context.user);
  },
  'page.visible': fetchesNow,
};

describe('balance: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(balancePaths, path), async () => {
      await replayPath(balancePaths, path, { onStep: checkEffects(effects, always) });
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(balancePaths, paths), 'transitions in no path').toEqual([]);
  });

  itStatesEveryEffect('balance', effects, paths);
});

describe('balance: polling behaviour', () => {
  let log: LogEntry[];
  let served: User;
  let answer: () => Promise<User>;

  beforeEach(() => {
    vi.useFakeTimers();
    log = [];
    served = player;
    answer = async () => served;
  });
  afterEach(() => vi.useRealTimers());

  /** The real machine under a recording host; fetchUser answers with `answer()` at once. */
  function start() {
    const fetchUser = fromPromise(async () => {
      log.push({ kind: 'call', actor: 'fetchUser', input: undefined });
      return answer();
    });
    return startUnderHost(stubbedMachine(balanceMachine, log, []).provide({ actors: { fetchUser } }), { user: player }, log);
  }
  const fetchCount = () => fetches(log);
  const changes = () => reports(log).flatMap((e) => (e.type === 'user.changed' ? [e.user as User] : []));

  it('fetches at once, then every 5 seconds, not sooner', async () => {
    const { actor, host } = start();
    await flush();
    expect(fetchCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(4999);
    expect(fetchCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchCount()).toBe(2);
    await vi.advanceTimersByTimeAsync(5000 * 3);
    expect(fetchCount()).toBe(5);
    expect(actor.getSnapshot().matches({ visible: 'waiting' })).toBe(true);
    host.stop();
  });

  it('tells the parent only when balance or main_balance changed', async () => {
    const { host } = start();
    await flush();
    await vi.advanceTimersByTimeAsync(5000 * 2);
    expect(changes()).toEqual([]);
    // Another field changing alone is not worth a merge; a balance change is, once.
    served = { ...player, name: 'Renamed Elsewhere' };
    await vi.advanceTimersByTimeAsync(5000 * 2);
    expect(changes()).toEqual([]);
    served = { ...served, balance: plusKs(player.balance, 1000) };
    await vi.advanceTimersByTimeAsync(5000 * 3);
    expect(changes().map((u) => [u.balance, u.main_balance, u.name])).toEqual([['16000.00', '2500.00', 'Renamed Elsewhere']]);
    served = { ...served, main_balance: '0.00' };
    await vi.advanceTimersByTimeAsync(5000 * 2);
    expect(changes().map((u) => u.main_balance)).toEqual(['2500.00', '0.00']);
    host.stop();
  });

  it('does not fetch while the page is hidden and fetches at once when it shows', async () => {
    const { actor, host } = start();
    await flush();
    actor.send({ type: 'page.hidden' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchCount()).toBe(1);
    actor.send({ type: 'page.visible' });
    await flush();
    expect(fetchCount()).toBe(2);
    host.stop();
  });

  it('keeps polling after a failure and reports a 401 as an expired session', async () => {
    answer = () => Promise.reject({ status: 401, message: 'Unauthenticated.', fieldErrors: {} });
    const { host } = start();
    await flush();
    expect(reports(log)).toEqual([{ type: 'session.expired' }]);
    answer = () => Promise.reject({ status: 0, message: 'Network error. Please try again.', fieldErrors: {} });
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchCount()).toBe(2);
    expect(reports(log)).toHaveLength(1);
    expect(actions(log)).toEqual(['logError']);
    host.stop();
  });
});
