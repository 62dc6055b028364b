/** Path model of transferMachine as the Exchange Balance dialog (`use: 'exchange'`), with every server answer. */
import type { SnapshotFrom } from 'xstate';
import { onScreen, q } from '../support/qa-words';
import { transferMachine } from '../../src/machines/transfer/transfer.machine';
import { hasSomeAmount } from '../../src/machines/transfer/transfer-fields';
import { INVALID_AMOUNT } from '../../src/machines/transfer/transfer-uses';
import { apiError, definePathModel, done, failed, type PhrasedEvent } from '../support/paths';
import { keySeed, networkDown } from './money-fixtures';

type ExchangeSnapshot = SnapshotFrom<typeof transferMachine>;
type TransferLike = { amount: string; key: string | null; error: string | null };

const change = (value: string) => ({ type: 'amount.change', value });

/**
 * Editing as QA reads it. While a failed request's key is pending the phrases say so, so the
 * generated paths retry it, and change or drop it, after a failure (those are their own nodes).
 */
export function editingEvents(context: TransferLike, words: { submit: string; invalid: string; zeroDisabled?: boolean }): PhrasedEvent[] {
  const pending = context.key !== null;
  const refused = !pending && context.error !== null && context.error !== words.invalid;
  const after = pending ? ' after the failure' : '';
  const typing: PhrasedEvent[] =
    context.amount === ''
      ? [
          ['they type 5000', change('5000')],
          ['they type ၅၀၀၀ in Burmese digits', change('၅၀၀၀')],
          ['they type 0', change('0')],
          ...(words.zeroDisabled ? ([['they type 12.5', change('12.5')]] as PhrasedEvent[]) : []),
        ]
      : [
          [`they change the amount${after}`, change(context.amount === '7000' ? '5000' : '7000')],
          ...(pending ? ([['they retype the same amount', change(context.amount)]] as PhrasedEvent[]) : []),
          ['they clear the amount', change('')],
        ];
  const submit = pending ? `${words.submit} again (the same request)` : refused ? `${words.submit} again (a new request)` : words.submit;
  return [
    ...typing,
    [`they switch the direction${after}`, { type: 'direction.toggle' }],
    // The button is disabled while the amount is empty (the Exchange dialog's also at 0).
    ...(context.amount === '' || (words.zeroDisabled && !hasSomeAmount(context)) ? [] : ([[submit, { type: 'transfer.submit' }]] as PhrasedEvent[])),
  ];
}

export const exchangeAnswers = (refusal: string): PhrasedEvent[] => [
  ['the server exchanges the balance', done('submitExchange', { message: 'successfully exchange balance' })],
  ['the network fails', failed('submitExchange', networkDown)],
  ['the server refuses: not enough balance (400)', failed('submitExchange', apiError(400, refusal))],
  ['the server fails (500)', failed('submitExchange', apiError(500, 'Exchange failed!'))],
];

function events({ context, value }: ExchangeSnapshot): PhrasedEvent[] {
  if (value === 'closed') {
    // The profile tab's one button opens it main → game; the direction is switched inside.
    return [['they open the Exchange dialog', { type: 'transfer.open' }]];
  }
  const closing = context.key !== null ? 'they give up and close the dialog' : 'they close the dialog';
  return [
    ...editingEvents(context, { submit: 'they press Exchange', invalid: INVALID_AMOUNT, zeroDisabled: true }),
    [closing, { type: 'transfer.close' }],
    ...exchangeAnswers('You do not have enough balance to transfer'),
  ];
}

export const directionText = (direction: string) => (direction === 'mainToGame' ? 'main → game' : 'game → main');

function describeState(snapshot: ExchangeSnapshot): string {
  const { direction, amount, error } = snapshot.context;
  if (snapshot.matches('closed')) return 'the Exchange dialog is closed';
  if (snapshot.hasTag('busy')) return `the exchange of ${amount} Ks ${directionText(direction)} is in flight (Exchange busy)`;
  const shown = error ? `, showing ${q(onScreen(error))}` : '';
  return `the dialog is open, ${directionText(direction)}, amount "${amount}"${shown}`;
}

export const exchangePaths = definePathModel({
  name: 'exchange',
  title: 'Exchange Balance dialog (profile tab)',
  source: 'src/machines/transfer/transfer.machine.ts',
  machine: transferMachine,
  starts: [{ name: 'the profile tab', input: { use: 'exchange', keySeed } }],
  events,
  describeState,
  otherUseGuards: ['isInternalTransfer'],
});
