import type { SnapshotFrom } from 'xstate';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../api/notifications';
import type { notificationSettingsMachine } from './notification-settings.machine';

type Snapshot = SnapshotFrom<typeof notificationSettingsMachine>;

export const selectSettingsLoading = (s: Snapshot) => s.matches('loading');
export const selectSettingsLoadFailed = (s: Snapshot) => s.matches('loadFailed');
export const selectSettingsSaving = (s: Snapshot) => s.matches('saving');
export const selectSettingsError = (s: Snapshot) => s.context.error?.message ?? null;
export const selectTelegramLinked = (s: Snapshot) => s.context.settings?.telegram_linked === true;
export const selectBotBlocked = (s: Snapshot) => s.context.settings?.blocked === true;
export const selectMessagesStopped = (s: Snapshot) => s.context.settings?.stopped === true;
/** Each kind's switch: on as saved, or as being saved. */
export const selectKinds = (s: Snapshot): Array<{ kind: NotificationKind; on: boolean; saving: boolean }> =>
  NOTIFICATION_KINDS.map((kind) => {
    const pending = s.context.pending?.[kind];
    return { kind, on: pending ?? s.context.settings?.kinds[kind] ?? false, saving: pending !== undefined };
  });
