/** Path model of gameLaunchMachine: logged out and in, every launch answer, the game window. */
import type { SnapshotFrom } from 'xstate';
import { gameLaunchMachine } from '../../src/machines/game-launch/game-launch.machine';
import { definePathModel, done, failed, type PhrasedEvent } from '../support/paths';
import { networkDown } from './money-fixtures';
import { dragonTiger, fortuneGems, launchHtml, launchUrl } from './game-fixtures';

/**
 * The host answers `isLoggedIn` from the session at the moment of the press. In these paths the
 * answer rides on the press itself (`asGuest`), so every walk is deterministic.
 */
const machine = gameLaunchMachine.provide({
  guards: { isLoggedIn: ({ event }) => !(event as { asGuest?: boolean }).asGuest },
});

type GameLaunchSnapshot = SnapshotFrom<typeof machine>;

const press = (game: typeof fortuneGems, asGuest = false) => ({ type: 'game.launch', game, ...(asGuest ? { asGuest } : {}) });

const pressing: PhrasedEvent[] = [
  ['they press Play on Fortune Gems', press(fortuneGems)],
  ['they press Play on Fortune Gems while logged out, so the login form opens', press(fortuneGems, true)],
];

function events(snapshot: GameLaunchSnapshot): PhrasedEvent[] {
  if (snapshot.matches('launching')) {
    return [
      ['the server answers 200 with the game URL', done('launchGame', { code: 200, message: 'Game launched successfully', url: launchUrl })],
      ['the server answers 200 with the game page', done('launchGame', { code: 200, message: 'Game launched successfully', content: launchHtml })],
      ['the server answers 200 with neither, saying "Game is under maintenance"', done('launchGame', { code: 200, message: 'Game is under maintenance' })],
      ['the server answers 200 with neither and no message', done('launchGame', { code: 200 })],
      ['the server refuses (HTTP 404) "Game not found"', done('launchGame', { code: 404, message: 'Game not found' })],
      ['the server fails (HTTP 500) without a message', done('launchGame', { code: 500 })],
      ['the provider answers code 1001 "Insufficient balance" with a URL', done('launchGame', { code: 1001, message: 'Insufficient balance', url: launchUrl })],
      ['the network fails', failed('launchGame', networkDown)],
      // Offered to show it is ignored: it never appears in a path.
      ['they press Play on Dragon Tiger too', press(dragonTiger)],
    ];
  }
  if (snapshot.matches('opening')) {
    return [
      ['the game window opens', done('openGameWindow')],
      ['the browser blocks the pop-up', failed('openGameWindow', { code: 'popup-blocked' })],
      ['writing the game page fails', failed('openGameWindow', { message: 'document.write is not allowed' })],
      ['they press Play on Dragon Tiger too', press(dragonTiger)],
    ];
  }
  if (snapshot.matches('failed')) {
    return [
      ['they dismiss the error', { type: 'error.dismiss' }],
      ['they press Play on Dragon Tiger', press(dragonTiger)],
      ['they press Play on Dragon Tiger while logged out, so the login form opens', press(dragonTiger, true)],
    ];
  }
  return pressing;
}

function describeState(snapshot: GameLaunchSnapshot): string {
  const { busyGameId, error } = snapshot.context;
  if (snapshot.matches('launching')) return `game ${busyGameId}'s Play button is busy while the launch is asked`;
  if (snapshot.matches('opening')) return `game ${busyGameId}'s page is being written into a new window`;
  if (snapshot.matches('failed')) return `the launch failed, showing "${error}"`;
  return 'every Play button is ready';
}

export const gameLaunchPaths = definePathModel({
  name: 'game-launch',
  title: 'Launching a game (Play on any game list)',
  source: 'src/machines/game-launch/game-launch.machine.ts',
  machine,
  starts: [{ name: 'a game list', input: undefined }],
  events,
  describeState,
});
