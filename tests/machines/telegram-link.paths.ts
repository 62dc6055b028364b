/** Path model of telegramLinkMachine: the profile's Telegram card linking and unlinking. */
import type { SnapshotFrom } from 'xstate';
import { telegramLinkMachine } from '../../src/machines/telegram-link/telegram-link.machine';
import { apiError, definePathModel, done, failed, type PhrasedEvent } from '../support/paths';
import { player } from '../support/path-fixtures';

type Snapshot = SnapshotFrom<typeof telegramLinkMachine>;

export const launchInitData = 'query_id=AAq&user=%7B%22id%22%3A4242%7D&auth_date=1795000000&hash=ab12';
export const linkedPlayer = { ...player, telegram_linked: true, has_password: true };
export const unlinkedPlayer = { ...player, telegram_linked: false, has_password: true };

function events(snapshot: Snapshot): PhrasedEvent[] {
  if (snapshot.matches('linking')) {
    return [
      ['the server links the account', done('linkTelegram', linkedPlayer)],
      ['the server says it is another player’s (409)', failed('linkTelegram', apiError(409, 'This Telegram account is linked to another player.'))],
      ['the launch data has expired (401)', failed('linkTelegram', apiError(401, 'Telegram sign-in data has expired. Please reopen the app from Telegram.'))],
    ];
  }
  if (snapshot.matches('unlinking')) {
    return [
      ['the server unlinks', done('unlinkTelegram', unlinkedPlayer)],
      ['the server refuses: no password yet (422)', failed('unlinkTelegram', apiError(422, 'Set a password before unlinking Telegram, or you could not sign in again.'))],
      ['the network fails', failed('unlinkTelegram', apiError(0, 'Network error. Please try again.'))],
    ];
  }
  return [
    ['they link this Telegram account', { type: 'link', initData: launchInitData }],
    ['they unlink Telegram', { type: 'unlink' }],
  ];
}

function describeState(snapshot: Snapshot): string {
  if (snapshot.hasTag('busy')) return snapshot.matches('linking') ? 'linking (button busy)' : 'unlinking (button busy)';
  return snapshot.context.error ? `the card shows "${snapshot.context.error.message}"` : 'the card is ready';
}

export const telegramLinkPaths = definePathModel({
  name: 'telegram-link',
  title: 'Telegram link and unlink (profile)',
  source: 'src/machines/telegram-link/telegram-link.machine.ts',
  machine: telegramLinkMachine,
  starts: [{ name: 'the profile tab', input: undefined }],
  events,
  describeState,
});
