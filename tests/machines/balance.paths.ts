/** Path model of balanceMachine: the 5 s poll, server answers, and the page hiding/showing. */
import type { SnapshotFrom } from 'xstate';
import { balanceMachine } from '../../src/machines/balance/balance.machine';
import { after, apiError, definePathModel, done, failed, type PhrasedEvent } from '../support/paths';
import { player, plusKs } from '../support/path-fixtures';

type BalanceSnapshot = SnapshotFrom<typeof balanceMachine>;

function events({ context }: BalanceSnapshot): PhrasedEvent[] {
  const cached = context.user ?? player;
  return [
    ['the server returns the same balances', done('fetchUser', { ...cached })],
    ['the server returns a new balance, which goes to the session', done('fetchUser', { ...cached, balance: plusKs(cached.balance, 1000) })],
    ['the server returns a new main balance, which goes to the session', done('fetchUser', { ...cached, main_balance: plusKs(cached.main_balance, -500) })],
    ['the server answers 401 "Unauthenticated.", which ends the session', failed('fetchUser', apiError(401, 'Unauthenticated.'))],
    ['the server fails (500), which is only logged', failed('fetchUser', apiError(500, 'Something Went Wrong!'))],
    ['the network fails, which is only logged', failed('fetchUser', apiError(0, 'Network error. Please try again.'))],
    ['5 seconds pass', after('pollInterval', 'balance.visible.waiting')],
    ['they press refresh', { type: 'balance.refresh' }],
    ['the page is hidden', { type: 'page.hidden' }],
    ['the page shows again', { type: 'page.visible' }],
  ];
}

function describeState(snapshot: BalanceSnapshot): string {
  const { user } = snapshot.context;
  const balances = `balance ${user?.balance} Ks, main balance ${user?.main_balance} Ks`;
  if (snapshot.matches('hidden')) return `polling is paused while the page is hidden (${balances})`;
  if (snapshot.matches({ visible: 'fetching' })) return `the player's balance is being fetched (${balances})`;
  return `the next poll is due in 5 seconds (${balances})`;
}

export const balancePaths = definePathModel({
  name: 'balance',
  title: 'Balance polling while logged in',
  source: 'src/machines/balance/balance.machine.ts',
  machine: balanceMachine,
  starts: [{ name: 'the moment the player logs in', input: { user: player } }],
  events,
  describeState,
});
