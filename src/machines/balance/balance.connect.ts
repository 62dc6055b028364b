/**
 * The balance poller's view object: whether a fetch is under way, the profile the last poll saw,
 * and `refresh` (fetch now instead of at the next poll). The balances a screen shows are the
 * session's (authMachine takes each change this poller reports); this view drives the refresh button.
 */
import type { SnapshotFrom } from 'xstate';
import { intentsPerActor } from '../shared/connect';
import type { BalanceEvent, balanceMachine } from './balance.machine';
import { selectBalanceUser, selectIsFetching } from './balance.selectors';

type BalanceSnapshot = SnapshotFrom<typeof balanceMachine>;
type Send = (event: BalanceEvent) => void;

const intents = intentsPerActor((send: Send) => ({
  /** Fetches at once when between polls; a fetch already running (or a hidden page) ignores it. */
  refresh: () => send({ type: 'balance.refresh' }),
}));

export function connectBalance(snapshot: BalanceSnapshot, send: Send) {
  return {
    /** A fetch of the player is running: a background poll or a refresh. */
    fetching: selectIsFetching(snapshot),
    /** The profile as the last poll saw it. */
    user: selectBalanceUser(snapshot),
    ...intents(send),
  };
}

export type BalanceView = ReturnType<typeof connectBalance>;
