/** Path model of withdrawFormMachine: options, prefill, the client check and every answer. */
import type { SnapshotFrom } from 'xstate';
import { noticeWords, onScreen, q } from '../support/qa-words';
import { withdrawFormMachine } from '../../src/machines/withdraw-form/withdraw-form.machine';
import { apiError, definePathModel, done, failed, type PhrasedEvent } from '../support/paths';
import { kbzAccount, kbzSecondAccount, keySeed, networkDown, savedWavePayout, serverDown, waveAccount } from './money-fixtures';

type WithdrawSnapshot = SnapshotFrom<typeof withdrawFormMachine>;
type WithdrawContext = WithdrawSnapshot['context'];

const banks = [kbzAccount, waveAccount, kbzSecondAccount];
const typeNames: Record<number, string> = { [kbzAccount.paymentTypeId]: 'KBZ Pay', [waveAccount.paymentTypeId]: 'Wave Money' };

const filled = (c: WithdrawContext) => c.paymentTypeId !== null && !!c.accountName && !!c.accountNumber && !!c.amount && !!c.password;
const pendingKey = (c: WithdrawContext) => c.key !== null;
const refused = (c: WithdrawContext) => !pendingKey(c) && (c.message !== null || Object.keys(c.fieldErrors).length > 0);

const change = (field: string, value: string) => ({ type: 'field.change', field, value });

/** The game balance the screen sends with a submit: 10,000 Ks can go, 20,000 Ks is refused on the spot. */
export const GAME_BALANCE = '15000.00';
export const overBalance = (c: WithdrawContext) => c.paymentTypeId !== null && Number(c.amount) > Number(GAME_BALANCE);

/** QA fills the form top to bottom; a field is offered once the one above it is filled. */
function fieldEdits(c: WithdrawContext): PhrasedEvent[] {
  const after = pendingKey(c) ? ' after the failure' : '';
  const edits: PhrasedEvent[] = [];
  if (!c.accountName) edits.push(['they enter the account name', change('account_name', 'Aung Aung')]);
  else if (!c.accountNumber) edits.push(['they enter the account number in Burmese digits', change('account_number', '၀၉၄၅၀၀၀၁၁၁၁')]);
  else if (!c.amount) edits.push(['they enter 10000 Ks', change('amount', '10000')]);
  else {
    edits.push([`they change the amount${after}`, change('amount', c.amount === '10000' ? '20000' : '10000')]);
    if (!c.password) edits.push(['they enter their password', change('password', 'secret123')]);
    else if (c.fieldErrors.password) edits.push(['they retype their password', change('password', 'secret1234')]);
  }
  return edits;
}

function editing(c: WithdrawContext): PhrasedEvent[] {
  const choices = Object.entries(typeNames)
    .filter(([id]) => Number(id) !== c.paymentTypeId)
    .map(([id, name]): PhrasedEvent => [`they choose ${name}`, { type: 'paymentType.choose', id: Number(id) }]);
  // What is sent decides what the server can answer, so it is in the phrase (a node of its own).
  const submit =
    c.paymentTypeId === null
      ? 'they submit without choosing a payment type'
      : !filled(c)
        ? 'they submit with fields left empty'
        : overBalance(c)
          ? `they submit ${c.amount} Ks with ${GAME_BALANCE} in the game wallet`
          : pendingKey(c)
          ? 'they submit again (the same request)'
          : refused(c)
            ? 'they submit again (a new request)'
            : 'they submit the withdrawal';
  return [...choices, ...fieldEdits(c), [submit, { type: 'withdraw.submit', available: GAME_BALANCE }]];
}

function missingFields(c: WithdrawContext) {
  const labels = { account_name: 'account name', account_number: 'account number', amount: 'amount', password: 'password' };
  const values = { account_name: c.accountName, account_number: c.accountNumber, amount: c.amount, password: c.password };
  const fieldErrors = Object.fromEntries(
    Object.entries(values)
      .filter(([, value]) => !value)
      .map(([field]) => [field, `The ${labels[field as keyof typeof labels]} field is required.`]),
  );
  return apiError(422, Object.values(fieldErrors)[0] ?? 'The given data was invalid.', fieldErrors);
}

function answers(c: WithdrawContext): PhrasedEvent[] {
  if (!filled(c)) return [['the server says what is missing (422)', failed('submitWithdraw', missingFields(c))]];
  return [
    ['the server accepts the withdrawal', done('submitWithdraw', { message: 'Withdraw Request Success' })],
    ['the network fails', failed('submitWithdraw', networkDown)],
    ['the balance is too low (400)', failed('submitWithdraw', apiError(400, 'Insufficient Balance'))],
    ['the password is wrong (422)', failed('submitWithdraw', apiError(422, 'Your password is wrong!', { password: 'Your password is wrong!' }))],
    [
      'the payment type is no longer offered (422)',
      failed('submitWithdraw', apiError(422, 'The selected payment method is invalid.', { payment_type_id: 'The selected payment method is invalid.' })),
    ],
    ['the server fails (500)', failed('submitWithdraw', serverDown)],
  ];
}

function events(snapshot: WithdrawSnapshot): PhrasedEvent[] {
  if (snapshot.matches('loading')) {
    return [
      [
        'the server returns the payment types and a saved Wave Money account',
        done('loadWithdrawOptions', { banks, saved: [savedWavePayout] }),
      ],
      ['the server returns the payment types and no saved account', done('loadWithdrawOptions', { banks, saved: [] })],
      ['the network fails', failed('loadWithdrawOptions', networkDown)],
      ['the server fails (500)', failed('loadWithdrawOptions', serverDown)],
    ];
  }
  if (snapshot.matches('loadFailed')) return [['they retry', { type: 'options.retry' }]];
  return snapshot.matches({ ready: 'editing' }) ? editing(snapshot.context) : answers(snapshot.context);
}

function describeState(snapshot: WithdrawSnapshot): string {
  const c = snapshot.context;
  if (snapshot.matches('loading')) return 'the withdraw form is loading the payment types';
  if (snapshot.matches('loadFailed')) return `the payment types could not be loaded, showing ${q(onScreen(c.message ?? ''))} and a retry button`;
  if (snapshot.hasTag('busy')) return 'the withdrawal is being sent (busy)';
  const type = c.paymentTypeId === null ? 'no payment type chosen' : typeNames[c.paymentTypeId];
  const fields = `account "${c.accountName}" ${c.accountNumber || '(no number)'}, amount "${c.amount}", password ${c.password ? 'entered' : 'empty'}`;
  const errors = Object.entries(c.fieldErrors).map(([field, text]) => `${field}: ${q(onScreen(String(text)))}`);
  const refusal = c.notice ? q(noticeWords(c.notice)) : '';
  const shown = [c.message ? q(onScreen(c.message)) : '', refusal, errors.length ? `errors ${errors.join(', ')}` : ''].filter(Boolean).join(' and ');
  return `the withdraw form, ${type}, ${fields}${shown ? `, showing ${shown}` : ''}`;
}

export const withdrawFormPaths = definePathModel({
  name: 'withdraw-form',
  title: 'Withdraw form (information → transfer → Withdraw)',
  source: 'src/machines/withdraw-form/withdraw-form.machine.ts',
  machine: withdrawFormMachine,
  starts: [{ name: 'the Withdraw tab', input: { keySeed } }],
  events,
  describeState,
});
