/** Path model of shanLaunchMachine: loading the card, every launch answer, the game tab. */
import type { SnapshotFrom } from 'xstate';
import type { ShanInfo, ShanLaunchAnswer, User } from '../../src/api/types';
import { shanLaunchMachine } from '../../src/machines/shan-launch/shan-launch.machine';
import { apiError, definePathModel, done, failed, type PhrasedEvent } from '../support/paths';
import { networkDown } from './money-fixtures';

type ShanSnapshot = SnapshotFrom<typeof shanLaunchMachine>;

export const shanPlayer: User = {
  id: 7,
  name: 'Aung Aung',
  user_name: 'P0000007',
  phone: '09450001111',
  balance: '25000.00',
  main_balance: '1000.00',
  member_account: 'P0000007',
};
/** A legacy profile without member_account: the launch falls back to user_name. */
export const legacyPlayer: User = { ...shanPlayer, id: 8, user_name: 'P0000008', member_account: undefined, balance: '0.00' };

export const shanInfo: ShanInfo = { productCode: 'SKM', operatorCode: 'a3h1', gameName: 'Shan Koe Mee' };
/** A server whose info names another operator code and leaves the game name blank. */
export const otherOperatorInfo: ShanInfo = { productCode: 'SKM2', operatorCode: 'b7k2', gameName: '' };

export const shanUrl = 'https://shan.example/demo-shan/play?session=abc123';

export const launchAnswers: PhrasedEvent[] = [
  ['the server answers success with the game URL', done('launchShan', { status: 'success', message: 'Game launched successfully!', launchGameUrl: shanUrl } satisfies ShanLaunchAnswer)],
  ['the server answers success without a URL', done('launchShan', { status: 'success', message: 'Game launched successfully!' } satisfies ShanLaunchAnswer)],
  [
    'the server refuses the operator code (422) with two messages',
    done('launchShan', {
      status: 'fail',
      message: 'The selected operator code is invalid.',
      operatorCodeErrors: ['The selected operator code is invalid.', 'The operator code is disabled.'],
    } satisfies ShanLaunchAnswer),
  ],
  ['the server refuses another account (403)', done('launchShan', { status: 'fail', message: 'You can only launch the game for your own account.' } satisfies ShanLaunchAnswer)],
  [
    'the provider fails (502) with a message and a detail',
    done('launchShan', { status: 'fail', message: 'Failed to launch game.', errorDetail: 'provider said: maintenance' } satisfies ShanLaunchAnswer),
  ],
  ['the provider fails (502) with only a detail', done('launchShan', { status: 'fail', errorDetail: 'provider timed out' } satisfies ShanLaunchAnswer)],
  ['the server fails with an empty body', done('launchShan', { status: '' } satisfies ShanLaunchAnswer)],
  ['the network fails', failed('launchShan', networkDown)],
];

/** Both calls run at once; either may answer first. */
const loadingEvents: PhrasedEvent[] = [
  ['GET /user answers with a member account', done('fetchUser', shanPlayer)],
  ['GET /user answers a legacy profile without member_account', done('fetchUser', legacyPlayer)],
  ['GET /user is refused (401)', failed('fetchUser', apiError(401, 'Unauthenticated.'))],
  ['GET /user fails (network)', failed('fetchUser', networkDown)],
  ['GET /shan/info answers', done('fetchShanInfo', shanInfo)],
  ['GET /shan/info answers another operator code and no name', done('fetchShanInfo', otherOperatorInfo)],
  ['GET /shan/info is missing (404, a legacy backend)', failed('fetchShanInfo', apiError(404, 'Not Found'))],
  ['GET /shan/info fails (500)', failed('fetchShanInfo', apiError(500, 'Something Went Wrong!'))],
];

function events(snapshot: ShanSnapshot): PhrasedEvent[] {
  if (snapshot.matches('loading')) return loadingEvents;
  if (snapshot.matches('unavailable')) return [['they press Try again', { type: 'info.reload' }]];
  if (snapshot.matches({ ready: { launching: 'requesting' } })) {
    // Offered to show it is ignored: it never appears in a path.
    return [...launchAnswers, ['they press Launch again while it runs', { type: 'launch.press' }]];
  }
  if (snapshot.matches({ ready: { launching: 'opening' } })) {
    return [
      ['the game tab opens', done('openGameTab')],
      ['the browser blocks the pop-up', failed('openGameTab', { code: 'popup-blocked' })],
      ['pointing the tab at the game fails', failed('openGameTab', new Error('SecurityError'))],
      ['they press Launch again while it runs', { type: 'launch.press' }],
    ];
  }
  if (snapshot.matches({ ready: 'failed' })) return [['they press Launch Shan Game again (retry)', { type: 'launch.press' }]];
  if (snapshot.matches({ ready: 'succeeded' })) return [['they press Launch Shan Game once more', { type: 'launch.press' }]];
  return [['they press Launch Shan Game', { type: 'launch.press' }]];
}

function describeState(snapshot: ShanSnapshot): string {
  const { account, info, error, success } = snapshot.context;
  const card = `account ${account}, product code ${info?.productCode}`;
  if (snapshot.matches('loading')) return "'Loading user info...' shows";
  if (snapshot.matches('unavailable')) return `the card shows "${error}" with Try again`;
  if (snapshot.matches({ ready: { launching: 'requesting' } })) return `${card}; the overlay spins and the button is disabled while the launch is asked`;
  if (snapshot.matches({ ready: { launching: 'opening' } })) return `${card}; the reserved tab is pointed at the game`;
  if (snapshot.matches({ ready: 'failed' })) return `${card}; the red banner says "${error}"`;
  if (snapshot.matches({ ready: 'succeeded' })) return `${card}; the green banner says "${success}"`;
  return `${card}; Launch Shan Game is ready`;
}

export const shanLaunchPaths = definePathModel({
  name: 'shan-launch',
  title: 'Launching Shan Koe Mee (/shan)',
  source: 'src/machines/shan-launch/shan-launch.machine.ts',
  machine: shanLaunchMachine,
  starts: [{ name: 'the /shan page', input: undefined }],
  events,
  describeState,
});
