/** The profile's Telegram messages section's view object: the switches, the player's state in Telegram, and the intents. */
import type { SnapshotFrom } from 'xstate';
import type { NotificationKind } from '../../api/notifications';
import { intentsPerActor } from '../shared/connect';
import type { NotificationSettingsEvent, notificationSettingsMachine } from './notification-settings.machine';
import {
  selectBotBlocked,
  selectKinds,
  selectMessagesStopped,
  selectSettingsError,
  selectSettingsLoadFailed,
  selectSettingsLoading,
  selectSettingsSaving,
  selectTelegramLinked,
} from './notification-settings.selectors';

type Snapshot = SnapshotFrom<typeof notificationSettingsMachine>;
type Send = (event: NotificationSettingsEvent) => void;

const intents = intentsPerActor((send: Send) => ({
  toggle: (kind: NotificationKind, on: boolean) => send({ type: 'kind.toggle', kind, on }),
  /** Messages back on after the bot's /stop. */
  resume: () => send({ type: 'messages.resume' }),
  retry: () => send({ type: 'settings.retry' }),
}));

export function connectNotificationSettings(snapshot: Snapshot, send: Send) {
  return {
    loading: selectSettingsLoading(snapshot),
    loadFailed: selectSettingsLoadFailed(snapshot),
    saving: selectSettingsSaving(snapshot),
    error: selectSettingsError(snapshot),
    linked: selectTelegramLinked(snapshot),
    blocked: selectBotBlocked(snapshot),
    stopped: selectMessagesStopped(snapshot),
    kinds: selectKinds(snapshot),
    ...intents(send),
  };
}

export type NotificationSettingsView = ReturnType<typeof connectNotificationSettings>;
