import type { SnapshotFrom } from 'xstate';
import type { balanceMachine } from './balance.machine';

type BalanceSnapshot = SnapshotFrom<typeof balanceMachine>;

export const selectBalanceUser = (snapshot: BalanceSnapshot) => snapshot.context.user;
export const selectIsFetching = (snapshot: BalanceSnapshot) => snapshot.hasTag('busy');
