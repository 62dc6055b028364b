/** Path model of internalTransferMachine: the /wallet/internal-transfer page. */
import type { SnapshotFrom } from 'xstate';
import { ENTER_AMOUNT, internalTransferMachine } from '../../src/machines/internal-transfer/internal-transfer.machine';
import { definePathModel } from '../support/paths';
import { directionText, editingEvents, exchangeAnswers } from './exchange.paths';
import { keySeed } from './money-fixtures';

type InternalTransferSnapshot = SnapshotFrom<typeof internalTransferMachine>;

function describeState(snapshot: InternalTransferSnapshot): string {
  const { direction, amount, error } = snapshot.context;
  if (snapshot.hasTag('busy')) return `the transfer of ${amount} Ks ${directionText(direction)} is in flight (button busy)`;
  return `the transfer page, ${directionText(direction)}, amount "${amount}"${error ? `, showing "${error}"` : ''}`;
}

export const internalTransferPaths = definePathModel({
  name: 'internal-transfer',
  title: 'Internal transfer between main and game wallets (/wallet/internal-transfer)',
  source: 'src/machines/internal-transfer/internal-transfer.machine.ts',
  machine: internalTransferMachine,
  starts: [{ name: 'the transfer page', input: { keySeed } }],
  events: ({ context }) => [
    ...editingEvents(context, { submit: 'they press Transfer', invalid: ENTER_AMOUNT }),
    ...exchangeAnswers('You do not have enough balance to transfer'),
  ],
  describeState,
});
