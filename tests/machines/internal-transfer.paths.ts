/** Path model of transferMachine as the /wallet/internal-transfer page (`use: 'internalTransfer'`). */
import type { SnapshotFrom } from 'xstate';
import { onScreen, q } from '../support/qa-words';
import { transferMachine } from '../../src/machines/transfer/transfer.machine';
import { ENTER_AMOUNT } from '../../src/machines/transfer/transfer-uses';
import { definePathModel } from '../support/paths';
import { directionText, editingEvents, exchangeAnswers } from './exchange.paths';
import { keySeed } from './money-fixtures';

type InternalTransferSnapshot = SnapshotFrom<typeof transferMachine>;

function describeState(snapshot: InternalTransferSnapshot): string {
  const { direction, amount, error } = snapshot.context;
  if (snapshot.hasTag('busy')) return `the transfer of ${amount} Ks ${directionText(direction)} is in flight (button busy)`;
  return `the transfer page, ${directionText(direction)}, amount "${amount}"${error ? `, showing ${q(onScreen(error))}` : ''}`;
}

export const internalTransferPaths = definePathModel({
  name: 'internal-transfer',
  title: 'Internal transfer between main and game wallets (/wallet/internal-transfer)',
  source: 'src/machines/transfer/transfer.machine.ts',
  machine: transferMachine,
  starts: [{ name: 'the transfer page', input: { use: 'internalTransfer', keySeed } }],
  events: ({ context }) => [
    ...editingEvents(context, { submit: 'they press Transfer', invalid: ENTER_AMOUNT }),
    ...exchangeAnswers('You do not have enough balance to transfer'),
  ],
  describeState,
  otherUseGuards: ['isExchange'],
});
