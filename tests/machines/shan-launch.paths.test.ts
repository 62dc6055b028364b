import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ShanInfo, ShanLaunchAnswer, ShanLaunchRequest, User } from '../../src/api/types';
import { shanLaunchFailure, shanLaunchMachine } from '../../src/machines/shan-launch/shan-launch.machine';
import {
  selectAccount,
  selectCanLaunch,
  selectError,
  selectIsLaunching,
  selectIsLoading,
  selectShanInfo,
  selectSuccess,
} from '../../src/machines/shan-launch/shan-launch.selectors';
import { checkEffects, itStatesEveryEffect, type Effects } from '../support/path-effects';
import { uncoveredTransitions } from '../support/path-coverage';
import { flush, replayPath, type LogEntry, type ReplayedStep } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { legacyPlayer, shanInfo, shanLaunchPaths, shanPlayer, shanUrl } from './shan-launch.paths';

const paths = generatePaths(shanLaunchPaths);

const actionNames = (entries: LogEntry[]) => entries.flatMap((e) => (e.kind === 'action' ? [e.name] : []));
const calls = (entries: LogEntry[], actor: string) => entries.flatMap((e) => (e.kind === 'call' && e.actor === actor ? [e.input] : []));

/** The spec's texts (§2, §8), written out here so a changed constant cannot hide a changed message. */
function expectedFailure(answer: ShanLaunchAnswer): string {
  if (answer.status === 'success') return 'Failed to launch game.';
  if (answer.operatorCodeErrors?.length) return answer.operatorCodeErrors.join(', ');
  return answer.message || answer.errorDetail || 'Failed to launch game.';
}

function checkStates(after: ReplayedStep['after']) {
  const snapshot = after as never;
  const launching = after.matches({ ready: 'launching' });
  const ready = ['idle', 'succeeded', 'failed'].some((s) => after.matches({ ready: s }));
  expect(selectIsLaunching(snapshot), 'busy exactly while launching').toBe(launching);
  expect(selectIsLoading(snapshot), "'Loading user info...' exactly while loading").toBe(after.matches('loading'));
  expect(selectCanLaunch(snapshot), 'Launch is enabled only when ready and not launching').toBe(ready);
  expect(selectError(snapshot) !== null, 'a red banner exactly in unavailable and failed').toBe(after.matches('unavailable') || after.matches({ ready: 'failed' }));
  expect(selectSuccess(snapshot), 'the green banner exactly after a launch').toBe(after.matches({ ready: 'succeeded' }) ? 'Game launched successfully!' : null);
  if (after.matches('unavailable')) expect(selectError(snapshot)).toBe('Failed to load user info. Please log in again.');
}

function checkTabs({ step, before, after, entries, log }: ReplayedStep) {
  const { event } = step;
  const wasLaunching = before.matches({ ready: 'launching' });
  const isLaunching = after.matches({ ready: 'launching' });
  const tabActions = actionNames(entries).filter((n) => n === 'reserveTab' || n === 'releaseTab');
  // A blank tab is reserved inside the press (before the request), and released on every way out.
  const expected = [...(!wasLaunching && isLaunching ? ['reserveTab'] : []), ...(wasLaunching && !isLaunching ? ['releaseTab'] : [])];
  expect(tabActions, 'reserveTab on entering launching, releaseTab on leaving it').toEqual(expected);

  const opened = calls(log, 'openGameTab');
  expect(opened.length, 'the URL is opened at most once per launch').toBeLessThanOrEqual(calls(log, 'launchShan').length);
  if (event.type === 'xstate.done.actor.launchShan') {
    const answer = event.output as ShanLaunchAnswer;
    const ok = answer.status === 'success' && !!answer.launchGameUrl;
    expect(calls(entries, 'openGameTab'), 'a successful answer opens its URL once; a refusal opens nothing').toEqual(ok ? [{ url: answer.launchGameUrl }] : []);
    if (!ok) expect(after.context.error).toBe(expectedFailure(answer));
  } else {
    expect(calls(entries, 'openGameTab'), 'nothing else opens the game').toEqual([]);
  }
  if (after.matches({ ready: 'succeeded' })) {
    // Since the last request, exactly one tab was pointed at the game.
    const lastRequest = log.map((e) => e.kind === 'call' && e.actor === 'launchShan').lastIndexOf(true);
    expect(calls(log.slice(lastRequest), 'openGameTab')).toEqual([{ url: shanUrl }]);
  }
}

function always(replayed: ReplayedStep) {
  checkStates(replayed.after);
  checkTabs(replayed);
}

/** The launch's way out: the banner says why (spec §8), the tab is released (checkTabs). */
const launchFails = (shown: (replayed: ReplayedStep) => string) => (replayed: ReplayedStep) => {
  expect(replayed.after.matches({ ready: 'failed' })).toBe(true);
  expect(replayed.after.context.error).toBe(shown(replayed));
};

/** What each event does, from the spec (§2 Shan launcher, §4 idle → launching → success or error, §7 POST /shan/launch-game). */
const effects: Effects = {
  'xstate.done.actor.fetchUser': ({ step, after }) => {
    const user = step.event.output as User;
    expect(selectAccount(after as never), 'member_account, else user_name').toBe(user.member_account || user.user_name);
    expect(after.context.balance).toBe(user.balance);
  },
  'xstate.error.actor.fetchUser': ({ after }) => expect(after.matches('unavailable'), "without the player's account there is no launch").toBe(true),
  'xstate.done.actor.fetchShanInfo': ({ step, after }) => {
    const info = step.event.output as ShanInfo;
    // A blank field keeps its default; the others come from the server.
    expect(selectShanInfo(after as never)).toEqual({
      productCode: info.productCode || 'SKM',
      operatorCode: info.operatorCode || 'a3h1',
      gameName: info.gameName || 'Shan Koe Mee',
    });
  },
  'xstate.error.actor.fetchShanInfo': ({ after }) => {
    expect(after.context.info, 'without /shan/info the defaults stand').toEqual({ productCode: 'SKM', operatorCode: 'a3h1', gameName: 'Shan Koe Mee' });
  },
  'info.reload': ({ after, entries }) => {
    expect(after.matches('loading')).toBe(true);
    expect([calls(entries, 'fetchUser').length, calls(entries, 'fetchShanInfo').length], 'a reload asks both again').toEqual([1, 1]);
  },
  'launch.press': ({ before, after, entries }) => {
    const account = before.context.account;
    const operator = before.context.info!.operatorCode || 'a3h1';
    expect(entries, 'the press reserves the tab, then asks once').toEqual([
      { kind: 'action', name: 'reserveTab', params: undefined },
      { kind: 'call', actor: 'launchShan', input: { member_account: account, operator_code: operator } satisfies ShanLaunchRequest },
    ]);
    expect([after.context.error, after.context.success], 'a new launch clears the banners').toEqual([null, null]);
  },
  'xstate.done.actor.launchShan': ({ step, after }) => {
    const answer = step.event.output as ShanLaunchAnswer;
    // Opening the URL is checked in checkTabs; a refusal says why.
    if (answer.status === 'success' && answer.launchGameUrl) return;
    expect(after.matches({ ready: 'failed' })).toBe(true);
    expect(after.context.error).toBe(expectedFailure(answer));
  },
  'xstate.error.actor.launchShan': launchFails(() => 'Network or server error.'),
  'xstate.done.actor.openGameTab': ({ after }) => {
    expect(after.matches({ ready: 'succeeded' })).toBe(true);
    expect(selectSuccess(after as never)).toBe('Game launched successfully!');
  },
  'xstate.error.actor.openGameTab': launchFails(({ step }) => (step.event.error.code === 'popup-blocked' ? 'Popup blocked. Please allow popups.' : 'Failed to launch game.')),
};

describe('shan-launch: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(shanLaunchPaths, path), async () => {
      await replayPath(shanLaunchPaths, path, { onStep: checkEffects(effects, always) });
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(shanLaunchPaths, paths), 'transitions in no path').toEqual([]);
  });

  itStatesEveryEffect('shan-launch', effects, paths);
});

describe('shan-launch: behaviour', () => {
  function start(answer: () => Promise<ShanLaunchAnswer>, user: User = shanPlayer) {
    const sent: ShanLaunchRequest[] = [];
    const effects: string[] = [];
    const machine = shanLaunchMachine.provide({
      actors: {
        fetchUser: fromPromise(async () => user),
        fetchShanInfo: fromPromise(async () => shanInfo),
        launchShan: fromPromise(({ input }: { input: ShanLaunchRequest }) => (sent.push(input), answer())),
        openGameTab: fromPromise(async ({ input }: { input: { url: string } }): Promise<void> => {
          effects.push(`open ${input.url}`);
        }),
      },
      actions: { reserveTab: () => void effects.push('reserve'), releaseTab: () => void effects.push('release') },
    });
    return { actor: createActor(machine).start(), sent, effects };
  }

  it('reserves the tab synchronously inside the press, before any await', async () => {
    const { actor, effects } = start(async () => ({ status: 'success', launchGameUrl: shanUrl }));
    await flush();
    actor.send({ type: 'launch.press' });
    expect(effects, 'pop-up blockers allow only what runs inside the click').toEqual(['reserve']);
    await flush();
    expect(effects).toEqual(['reserve', `open ${shanUrl}`, 'release']);
    expect(actor.getSnapshot().matches({ ready: 'succeeded' })).toBe(true);
  });

  it('sends one request for two quick presses and opens the URL once', async () => {
    const { actor, sent, effects } = start(async () => ({ status: 'success', launchGameUrl: shanUrl }));
    await flush();
    actor.send({ type: 'launch.press' });
    actor.send({ type: 'launch.press' });
    await flush();
    expect(sent).toEqual([{ member_account: 'P0000007', operator_code: 'a3h1' }]);
    expect(effects.filter((e) => e.startsWith('open'))).toEqual([`open ${shanUrl}`]);
  });

  it('launches a legacy profile under its user_name', async () => {
    const { actor, sent } = start(async () => ({ status: 'fail', message: 'Failed to launch game.' }), legacyPlayer);
    await flush();
    actor.send({ type: 'launch.press' });
    await flush();
    expect(sent).toEqual([{ member_account: 'P0000008', operator_code: 'a3h1' }]);
    expect(actor.getSnapshot().context.error).toBe('Failed to launch game.');
  });

  it('orders refusal messages as the spec does', () => {
    expect(shanLaunchFailure({ status: 'fail', message: 'm', errorDetail: 'd', operatorCodeErrors: ['a', 'b'] })).toBe('a, b');
    expect(shanLaunchFailure({ status: 'fail', message: 'm', errorDetail: 'd' })).toBe('m');
    expect(shanLaunchFailure({ status: 'fail', errorDetail: 'd' })).toBe('d');
    expect(shanLaunchFailure({ status: 'fail' })).toBe('Failed to launch game.');
  });

  it('fails loudly when the host did not provide its tab effects', async () => {
    const machine = shanLaunchMachine.provide({
      actors: { fetchUser: fromPromise(async () => shanPlayer), fetchShanInfo: fromPromise(async () => shanInfo) },
    });
    const actor = createActor(machine);
    const errors: unknown[] = [];
    actor.subscribe({ error: (err) => void errors.push(err) });
    actor.start();
    await flush();
    actor.send({ type: 'launch.press' });
    expect(String(errors[0])).toMatch(/reserveTab must be provided/);
  });
});
