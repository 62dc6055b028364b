/** Path model of resourceMachine: one lobby read (here: the game types), failures, retry and refresh. */
import type { SnapshotFrom } from 'xstate';
import { resourceMachine } from '../../src/machines/resource/resource.machine';
import { apiError, definePathModel, done, failed, type PhrasedEvent } from '../support/paths';
import { networkDown } from './money-fixtures';
import { gameTypes } from './game-fixtures';

type ResourceSnapshot = SnapshotFrom<typeof resourceMachine>;

function events(snapshot: ResourceSnapshot): PhrasedEvent[] {
  if (snapshot.matches('loading')) {
    return [
      ['the server returns the game types', done('load', gameTypes)],
      ['the network fails', failed('load', networkDown)],
      ['the server fails (500)', failed('load', apiError(500, 'Something Went Wrong!'))],
    ];
  }
  return [
    ['they retry', { type: 'resource.retry' }],
    ['they refresh', { type: 'resource.refresh' }],
  ];
}

function describeState(snapshot: ResourceSnapshot): string {
  const shown = snapshot.context.data ? 'the game types are shown' : 'nothing is shown yet';
  if (snapshot.matches('loading')) return `${shown}; loading (spinner)`;
  if (snapshot.matches('failed')) return `${shown}; "${snapshot.context.error?.message}" with a retry button`;
  return shown;
}

export const resourcePaths = definePathModel({
  name: 'resource',
  title: 'One lobby read (game types, providers, hot games, banners, top withdrawers)',
  source: 'src/machines/resource/resource.machine.ts',
  machine: resourceMachine,
  starts: [{ name: 'the lobby', input: undefined }],
  events,
  describeState,
});
