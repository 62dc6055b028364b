/** Path model of notificationSettingsMachine: the profile's Telegram messages switches. */
import type { SnapshotFrom } from 'xstate';
import { notificationSettingsMachine } from '../../src/machines/notification-settings/notification-settings.machine';
import type { NotificationSettings } from '../../src/api/notifications';
import { apiError, definePathModel, done, failed, type PhrasedEvent } from '../support/paths';

type Snapshot = SnapshotFrom<typeof notificationSettingsMachine>;

const kinds = { deposit: true, withdraw: true, two_d: true, adjustment: true, announcements: false, two_d_results: false };
export const savedSettings: NotificationSettings = { telegram_linked: true, blocked: false, stopped: false, security: true, kinds };
export const depositsOff: NotificationSettings = { ...savedSettings, kinds: { ...kinds, deposit: false } };
export const stoppedSettings: NotificationSettings = { ...savedSettings, stopped: true };

function events(snapshot: Snapshot): PhrasedEvent[] {
  if (snapshot.matches('loading')) {
    return [
      ['the server answers with the switches', done('loadSettings', savedSettings)],
      ['the server answers: they sent /stop in the bot', done('loadSettings', stoppedSettings)],
      ['the network fails', failed('loadSettings', apiError(0, 'Network error. Please try again.'))],
    ];
  }
  if (snapshot.matches('loadFailed')) return [['they press Try again', { type: 'settings.retry' }]];
  if (snapshot.matches('saving')) {
    return [
      ['the server saves it', done('saveSettings', depositsOff)],
      ['the server refuses (422)', failed('saveSettings', apiError(422, 'The selected deposit is invalid.'))],
    ];
  }
  return [
    ['they turn deposit messages off', { type: 'kind.toggle', kind: 'deposit', on: false }],
    ['they press deposits on while it is on already', { type: 'kind.toggle', kind: 'deposit', on: true }],
    ['they turn messages back on (after /stop)', { type: 'messages.resume' }],
  ];
}

function describeState(snapshot: Snapshot): string {
  if (snapshot.matches('loading')) return 'the section shows a spinner';
  if (snapshot.matches('loadFailed')) return `the section says "${snapshot.context.error?.message}" with Try again`;
  if (snapshot.matches('saving')) return 'the switch being changed shows a spinner';
  const off = Object.entries(snapshot.context.settings?.kinds ?? {}).filter(([, on]) => !on).map(([k]) => k);
  return `the switches show; off: ${off.join(', ') || 'none'}${snapshot.context.settings?.stopped ? '; "stopped" note' : ''}`;
}

export const notificationSettingsPaths = definePathModel({
  name: 'notification-settings',
  title: 'Telegram message switches (profile)',
  source: 'src/machines/notification-settings/notification-settings.machine.ts',
  machine: notificationSettingsMachine,
  starts: [{ name: 'the profile tab', input: undefined }],
  events,
  describeState,
});
