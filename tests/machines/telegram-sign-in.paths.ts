/** Path model of telegramSignInMachine: a Mini App launch signing in silently, and every answer. */
import type { SnapshotFrom } from 'xstate';
import { telegramSignInMachine } from '../../src/machines/telegram-sign-in/telegram-sign-in.machine';
import { apiError, definePathModel, done, failed, type PhrasedEvent } from '../support/paths';
import { player, session } from '../support/path-fixtures';

type Snapshot = SnapshotFrom<typeof telegramSignInMachine>;

/** A launch's init data (its content is the server's business; the machine only carries it). */
export const initData = 'query_id=AAq&user=%7B%22id%22%3A4242%7D&auth_date=1795000000&hash=ab12';

export const needsReferral = apiError(422, 'A referral code is needed to create your account.', { referral_code: 'A referral code is needed to create your account.' });
export const badReferral = apiError(422, 'The selected referral code is invalid.', { referral_code: 'The selected referral code is invalid.' });
export const staleData = apiError(401, 'Telegram sign-in data has expired. Please reopen the app from Telegram.');
export const linkTaken = apiError(409, 'This Telegram account is linked to another player.');
const offline = apiError(0, 'Network error. Please try again.');

function events(snapshot: Snapshot): PhrasedEvent[] {
  if (snapshot.matches('signingIn')) {
    return [
      ['the server signs the Telegram user in', done('signIn', session)],
      ['the server asks for a referral code (422)', failed('signIn', needsReferral)],
      ['the server refuses the typed referral code (422)', failed('signIn', badReferral)],
      ['the server refuses stale init data (401)', failed('signIn', staleData)],
      ['the network fails', failed('signIn', offline)],
      ['the server has Telegram sign-in off (404)', failed('signIn', apiError(404, 'Sign in with Telegram is not enabled.'))],
    ];
  }
  if (snapshot.matches('needsReferral')) {
    return [
      ['they type a referral code and create the account', { type: 'referral.submit', code: ' AG0001 ' }],
      ['they choose to log into an account they have', { type: 'login.choose' }],
      ['they close the welcome', { type: 'dismiss' }],
    ];
  }
  if (snapshot.matches('awaitingLogin')) {
    return [
      ['they log in with their password', { type: 'login.succeeded' }],
      ['they close the login form', { type: 'login.cancel' }],
    ];
  }
  if (snapshot.matches('linking')) {
    return [
      ['the server links the Telegram account', done('linkTelegram', { ...player, telegram_linked: true })],
      ['the server says it is another player’s (409)', failed('linkTelegram', linkTaken)],
    ];
  }
  if (snapshot.matches('offline')) {
    return [
      ['they try again', { type: 'retry' }],
      ['they browse without signing in', { type: 'dismiss' }],
    ];
  }
  return [];
}

function describeState(snapshot: Snapshot): string {
  const { error, referralCode } = snapshot.context;
  if (snapshot.matches('signingIn')) return referralCode ? `creating the account under ${referralCode} (busy)` : 'signing in with Telegram (pages for players wait)';
  if (snapshot.matches('needsReferral')) {
    const refused = referralCode ? error?.fieldErrors.referral_code : null;
    return `the welcome asks for a referral code${refused ? `, showing "${refused}" under the code ${referralCode}` : ' (no error shown)'}`;
  }
  if (snapshot.matches('awaitingLogin')) return 'the login form is open over the welcome';
  if (snapshot.matches('linking')) return 'logged in; linking the Telegram account (busy)';
  if (snapshot.matches('offline')) return 'the server could not be reached: try again or browse';
  if (snapshot.matches('signedIn')) return error ? `signed in, link refused: "${error.message}"` : 'signed in';
  return error ? `browsing as a guest after "${error.message}"` : 'browsing as a guest';
}

export const telegramSignInPaths = definePathModel({
  name: 'telegram-sign-in',
  title: 'Telegram silent sign-in (Mini App launch)',
  source: 'src/machines/telegram-sign-in/telegram-sign-in.machine.ts',
  machine: telegramSignInMachine,
  starts: [
    { name: 'a Telegram launch without a saved session', input: { initData, signedIn: false } },
    { name: 'a Telegram launch with a saved session', input: { initData, signedIn: true }, maxSteps: 1 },
  ],
  events,
  describeState,
});
