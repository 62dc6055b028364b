/** Path model of depositFormMachine: loading the accounts, the chooser, copying, every answer. */
import type { SnapshotFrom } from 'xstate';
import { onScreen, q } from '../support/qa-words';
import { chosenBank, depositFormMachine } from '../../src/machines/deposit-form/deposit-form.machine';
import { apiError, definePathModel, done, failed, type PhrasedEvent } from '../support/paths';
import { kbzAccount, keySeed, networkDown, receipt, serverDown, waveAccount } from './money-fixtures';

type DepositSnapshot = SnapshotFrom<typeof depositFormMachine>;
type DepositContext = DepositSnapshot['context'];

const DUPLICATE_REFERENCE = 'This reference number is already waiting for approval on this account.';

/** The server's 422 for what the player left empty. */
function missingFields(context: DepositContext) {
  const fieldErrors: Record<string, string> = {};
  if (context.amount === '') fieldErrors.amount = 'The amount field is required.';
  if (context.refrenceNo === '') fieldErrors.refrence_no = 'The reference number field is required.';
  const [first, ...more] = Object.values(fieldErrors);
  return apiError(422, more.length ? `${first} (and ${more.length} more error)` : first!, fieldErrors);
}

/** Phrases say when a failed request is pending or refused, so retries get paths of their own. */
const pendingKey = (context: DepositContext) => context.key !== null;
const filled = (context: DepositContext) => context.amount !== '' && context.refrenceNo !== '';
const refused = (context: DepositContext) => !pendingKey(context) && (context.message !== null || Object.keys(context.fieldErrors).length > 0);

const reference = (value: string) => ({ type: 'field.change', field: 'refrence_no', value });

function editing(context: DepositContext): PhrasedEvent[] {
  const other = context.amount === '10000' ? '20000' : '10000';
  const why = pendingKey(context) ? ' after the failure' : context.fieldErrors.amount ? ' to clear its error' : '';
  const amountWords = (context.amount === '' ? 'they enter 10000 Ks' : 'they change the amount') + why;
  // What was sent decides what the server can answer, so it is in the phrase (a node of its own).
  const submit = !filled(context)
    ? 'they submit with fields left empty'
    : pendingKey(context)
      ? 'they submit again (the same request)'
      : refused(context)
        ? 'they submit again (a new request)'
        : 'they submit the deposit';
  return [
    [amountWords, { type: 'field.change', field: 'amount', value: context.amount === '' ? '10000' : other }],
    // QA fills the form top to bottom: the reference once an amount is in.
    ...(context.amount === ''
      ? []
      : context.refrenceNo === ''
        ? ([['they enter the reference ၁၂၃၄၅၆ in Burmese digits', reference('၁၂၃၄၅၆')]] as PhrasedEvent[])
        : ([['they retype the same reference', reference(context.refrenceNo)]] as PhrasedEvent[])),
    context.receipt
      ? ['they remove the receipt', { type: 'receipt.choose', file: null }]
      : ['they attach a receipt', { type: 'receipt.choose', file: receipt }],
    ['they open the account chooser', { type: 'chooser.open' }],
    ['they copy the account number', { type: 'account.copy' }],
    [submit, { type: 'deposit.submit' }],
  ];
}

function choosing(context: DepositContext): PhrasedEvent[] {
  return [
    ...[kbzAccount, waveAccount]
      .filter((bank) => bank.id !== context.bankId)
      .map((bank): PhrasedEvent => [`they pick ${bank.paymentTypeName}`, { type: 'bank.choose', id: bank.id }]),
    ['they close the chooser', { type: 'chooser.close' }],
  ];
}

function events(snapshot: DepositSnapshot): PhrasedEvent[] {
  if (snapshot.matches('loading')) {
    return [
      ['the server returns two accounts', done('loadBanks', [kbzAccount, waveAccount])],
      ['the server returns no accounts', done('loadBanks', [])],
      ['the network fails', failed('loadBanks', networkDown)],
      ['the server fails (500)', failed('loadBanks', serverDown)],
    ];
  }
  if (snapshot.matches('loadFailed')) return [['they retry', { type: 'banks.retry' }]];
  if (snapshot.matches({ ready: 'choosing' })) return choosing(snapshot.context);
  if (snapshot.matches({ ready: 'editing' })) return editing(snapshot.context);
  // The server's answer follows what was sent: a form with empty fields can only be refused.
  if (!filled(snapshot.context)) return [['the server says what is missing (422)', failed('submitDeposit', missingFields(snapshot.context))]];
  return [
    ['the server accepts the deposit', done('submitDeposit', { message: 'Deposit Request Success' })],
    ['the network fails', failed('submitDeposit', networkDown)],
    ['the same reference is already pending (409)', failed('submitDeposit', apiError(409, DUPLICATE_REFERENCE))],
    ['the server fails (500)', failed('submitDeposit', serverDown)],
  ];
}

function describeState(snapshot: DepositSnapshot): string {
  const { context } = snapshot;
  if (snapshot.matches('loading')) return 'the deposit form is loading the accounts';
  if (snapshot.matches('loadFailed')) return `the accounts could not be loaded, showing ${q(onScreen(context.message ?? ''))} and a retry button`;
  if (snapshot.hasTag('busy')) return 'the deposit is being sent (busy)';
  const bank = chosenBank(context);
  const account = bank ? `${bank.paymentTypeName} ${bank.accountNumber || '(no number to copy)'}` : 'no account to pay into';
  if (snapshot.matches({ ready: 'choosing' })) return `the account chooser is open on ${account}`;
  const errors = Object.keys(context.fieldErrors);
  const shown = [context.message ? q(onScreen(context.message)) : '', errors.length ? `errors under ${errors.join(', ')}` : '']
    .filter(Boolean)
    .join(' and ');
  const fields = `amount "${context.amount}", reference "${context.refrenceNo}"${context.receipt ? ', a receipt attached' : ''}`;
  return `the deposit form for ${account}, ${fields}${shown ? `, showing ${shown}` : ''}`;
}

export const depositFormPaths = definePathModel({
  name: 'deposit-form',
  title: 'Deposit form (information → transfer → Deposit)',
  source: 'src/machines/deposit-form/deposit-form.machine.ts',
  machine: depositFormMachine,
  starts: [{ name: 'the Deposit tab', input: { keySeed } }],
  events,
  describeState,
});
