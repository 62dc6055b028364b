import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { LaunchAnswer, LaunchRequest } from '../../src/api/types';
import { gameLaunchMachine } from '../../src/machines/game-launch/game-launch.machine';
import { selectBusyGameId, selectIsLaunching, selectLaunchError } from '../../src/machines/game-launch/game-launch.selectors';
import { checkEffects, itStatesEveryEffect, type Effects } from '../support/path-effects';
import { uncoveredTransitions } from '../support/path-coverage';
import { flush, replayPath, type LogEntry, type ReplayedStep } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { fortuneGems, launchUrl } from './game-fixtures';
import { gameLaunchPaths } from './game-launch.paths';

const paths = generatePaths(gameLaunchPaths);

const hostActions = (entries: LogEntry[]) => entries.flatMap((e) => (e.kind === 'action' ? [{ name: e.name, params: e.params }] : []));
const calls = (entries: LogEntry[]) => entries.flatMap((e) => (e.kind === 'call' ? [{ actor: e.actor, input: e.input }] : []));

/** The spec's texts (§8), written out here so a changed constant cannot hide a changed message. */
function expectedFailure(answer: LaunchAnswer): string {
  if (answer.message) return answer.message;
  return answer.code === 200 ? 'Launch failed: No URL or content.' : 'Failed to launch game.';
}

function always({ step, after, entries }: ReplayedStep) {
  const snapshot = after as never;
  const busy = after.matches('launching') || after.matches('opening');
  expect(selectIsLaunching(snapshot)).toBe(busy);
  expect(selectBusyGameId(snapshot) !== null, 'a Play button is busy exactly while a launch runs').toBe(busy);
  expect(selectLaunchError(snapshot) !== null, 'an error shows exactly in failed').toBe(after.matches('failed'));
  expect(after.can({ type: 'game.launch', game: fortuneGems }), 'a launch while one runs is ignored').toBe(!busy);
  if (step.event.type !== 'xstate.done.actor.launchGame') {
    expect(hostActions(entries).filter((a) => a.name === 'navigateTo'), 'only a code 200 answer with a url navigates').toEqual([]);
  }
}

const settled = ({ after }: ReplayedStep) => expect(after.context).toEqual({ busyGameId: null, error: null });

/** What each event does, from the spec (§4 Game launch: the button busy until the call finishes; §5 blocked pop-up; §8 texts). */
const effects: Effects = {
  'game.launch': ({ step, before, after, entries }) => {
    const { game, asGuest } = step.event;
    if (asGuest) {
      expect(calls(entries), 'logged out: no request').toEqual([]);
      expect(hostActions(entries), 'logged out: the login form opens').toEqual([{ name: 'askLogin', params: undefined }]);
      expect(after.value).toEqual(before.value);
      expect(after.context).toEqual(before.context);
      return;
    }
    const request: LaunchRequest = { game_code: game.gameCode, product_code: game.productCode, game_type: game.gameType };
    expect(entries).toEqual([{ kind: 'call', actor: 'launchGame', input: request }]);
    expect(after.context).toEqual({ busyGameId: game.id, error: null });
  },
  'xstate.done.actor.launchGame': ({ step, before, after, entries }) => {
    const answer = step.event.output as LaunchAnswer;
    const navigations = hostActions(entries).filter((a) => a.name === 'navigateTo');
    if (answer.code === 200 && answer.url) {
      expect(navigations, 'code 200 with a url goes there').toEqual([{ name: 'navigateTo', params: { url: answer.url } }]);
      expect(after.matches('idle')).toBe(true);
      return;
    }
    expect(navigations).toEqual([]);
    if (answer.code === 200 && answer.content) {
      expect(calls(entries), 'code 200 with content writes it into a new window').toEqual([{ actor: 'openGameWindow', input: { content: answer.content } }]);
      expect(after.context.busyGameId).toBe(before.context.busyGameId);
    } else {
      expect(after.context.error).toBe(expectedFailure(answer));
    }
  },
  'xstate.error.actor.launchGame': ({ after }) => expect(after.context.error).toBe('Network error. Please try again.'),
  'xstate.error.actor.openGameWindow': ({ step, after }) => {
    expect(after.context.error).toBe(step.event.error.code === 'popup-blocked' ? 'Popup blocked. Please allow popups.' : 'Failed to launch game.');
  },
  'xstate.done.actor.openGameWindow': settled,
  'error.dismiss': settled,
};

describe('game-launch: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(gameLaunchPaths, path), async () => {
      await replayPath(gameLaunchPaths, path, { onStep: checkEffects(effects, always) });
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(gameLaunchPaths, paths), 'transitions in no path').toEqual([]);
  });

  itStatesEveryEffect('game-launch', effects, paths);
});

describe('game-launch: behaviour', () => {
  function start(loggedIn: boolean, answer: () => Promise<LaunchAnswer>) {
    const sent: LaunchRequest[] = [];
    const effects: string[] = [];
    const machine = gameLaunchMachine.provide({
      guards: { isLoggedIn: () => loggedIn },
      actors: { launchGame: fromPromise(({ input }: { input: LaunchRequest }) => (sent.push(input), answer())) },
      actions: { askLogin: () => void effects.push('askLogin'), navigateTo: (_, { url }) => void effects.push(url) },
    });
    return { actor: createActor(machine).start(), sent, effects };
  }

  it('sends one request for two quick presses and navigates once', async () => {
    const { actor, sent, effects } = start(true, async () => ({ code: 200, url: launchUrl }));
    actor.send({ type: 'game.launch', game: fortuneGems });
    actor.send({ type: 'game.launch', game: { ...fortuneGems, id: 9, gameCode: 'JL009' } });
    await flush();
    expect(sent).toEqual([{ game_code: 'JL001', product_code: 1091, game_type: 'SLOT' }]);
    expect(effects).toEqual([launchUrl]);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('asks for a login and sends nothing while logged out', () => {
    const { actor, sent, effects } = start(false, async () => ({ code: 200, url: launchUrl }));
    actor.send({ type: 'game.launch', game: fortuneGems });
    expect([sent, effects, actor.getSnapshot().value]).toEqual([[], ['askLogin'], 'idle']);
  });

  it('fails loudly when the host did not provide its effects', () => {
    const actor = createActor(gameLaunchMachine);
    const errors: unknown[] = [];
    actor.subscribe({ error: (err) => void errors.push(err) });
    actor.start();
    actor.send({ type: 'game.launch', game: fortuneGems });
    expect(String(errors[0])).toMatch(/isLoggedIn must be provided/);
  });
});
