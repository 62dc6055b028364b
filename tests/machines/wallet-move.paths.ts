/**
 * Path model of walletMoveMachine: the 2D page's "Move N Ks from the game wallet" (decision 0032),
 * here with a stake short by 3,000 Ks and 10,000 Ks in the game wallet, with every server answer.
 */
import type { SnapshotFrom } from 'xstate';
import { noticeWords, q } from '../support/qa-words';
import { walletMoveMachine } from '../../src/machines/wallet-move/wallet-move.machine';
import { apiError, definePathModel, done, failed, type PhrasedEvent } from '../support/paths';
import { keySeed, networkDown } from './money-fixtures';

type MoveSnapshot = SnapshotFrom<typeof walletMoveMachine>;

/** The page's offer (the shortfall) and the game balance that bounds what may be moved. */
export const OFFER = 3000;
export const GAME = 10_000;
export const NOT_ENOUGH = 'You do not have enough balance to transfer';

const change = (value: string) => ({ type: 'amount.change', value });
const submit = { type: 'move.submit', offer: OFFER, max: GAME };

function events({ context }: MoveSnapshot): PhrasedEvent[] {
  const pending = context.key !== null;
  const typing: PhrasedEvent[] =
    context.typed === ''
      ? [
          ['they type ၅၀၀၀ in Burmese digits', change('၅၀၀၀')],
          ['they type 20000, more than the game wallet holds', change('20000')],
        ]
      : [['they clear the amount (back to the offer)', change('')]];
  return [
    ...typing,
    [pending ? 'they tap Move again (the same request)' : 'they tap Move', submit],
    ['the server moves the money', done('moveMoney', { message: 'successfully exchange balance' })],
    ['the network fails', failed('moveMoney', networkDown)],
    ['the server refuses: not enough in the game wallet (400)', failed('moveMoney', apiError(400, NOT_ENOUGH))],
    ['the server fails (500)', failed('moveMoney', apiError(500, 'Exchange failed!'))],
  ];
}

function describeState(snapshot: MoveSnapshot): string {
  const { typed, amount, error } = snapshot.context;
  if (snapshot.hasTag('busy')) return `moving ${amount} Ks from the game wallet (Move busy)`;
  const shown = error ? `, showing ${q(noticeWords(error))}` : '';
  return `the offer to move ${typed || OFFER} Ks is shown${shown}`;
}

export const walletMovePaths = definePathModel({
  name: 'wallet-move',
  title: 'Move from the game wallet to the main balance (2D)',
  source: 'src/machines/wallet-move/wallet-move.machine.ts',
  machine: walletMoveMachine,
  starts: [{ name: 'the 2D confirm page, 3,000 Ks short', input: { keySeed } }],
  events,
  describeState,
});
