/**
 * The profile's "Telegram messages" section: load the player's switches, then save each change
 * (one kind on or off, or messages back on after /stop) as it is made; the answer is the new state.
 * Host provides: loadSettings (GET /notifications), saveSettings (PUT /notifications with the
 * change); notifyError (a refused save's words). A failed load can be retried; a failed save
 * keeps the last saved state and its refusal in context.
 */
import { assign, setup } from 'xstate';
import type { ApiErrorInfo } from '../../api/types';
import type { NotificationChange, NotificationKind, NotificationSettings } from '../../api/notifications';
import { toErrorInfo } from '../shared/error-info';
import { ioActor, mustProvide } from '../shared/placeholders';

export interface NotificationSettingsContext {
  settings: NotificationSettings | null;
  /** The change being saved (the switch shows it busy). */
  pending: NotificationChange | null;
  error: ApiErrorInfo | null;
}

export type NotificationSettingsEvent =
  | { type: 'kind.toggle'; kind: NotificationKind; on: boolean }
  | { type: 'messages.resume' }
  | { type: 'settings.retry' };

const storeError = { type: 'storeError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } as const;
const storeSettings = { type: 'storeSettings', params: ({ event }: { event: { output: NotificationSettings } }) => ({ settings: event.output }) } as const;

export const notificationSettingsMachine = setup({
  types: {
    context: {} as NotificationSettingsContext,
    events: {} as NotificationSettingsEvent,
  },
  actors: {
    loadSettings: ioActor<NotificationSettings>('loadSettings'),
    saveSettings: ioActor<NotificationSettings, NotificationChange>('saveSettings'),
  },
  actions: {
    storeSettings: assign((_, params: { settings: NotificationSettings }) => ({ settings: params.settings, pending: null, error: null })),
    storeError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error), pending: null })),
    notifyError: (_, _params: { message: string }) => mustProvide('notifyError'),
  },
  guards: {
    changesSomething: ({ context, event }) => event.type === 'kind.toggle' && context.settings?.kinds[event.kind] !== event.on,
  },
}).createMachine({
  id: 'notificationSettings',
  context: { settings: null, pending: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: { id: 'loadSettings', src: 'loadSettings', onDone: { target: 'ready', actions: storeSettings }, onError: { target: 'loadFailed', actions: storeError } },
    },
    loadFailed: {
      on: { 'settings.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    ready: {
      on: {
        'kind.toggle': { guard: 'changesSomething', target: 'saving', actions: assign({ pending: ({ event }) => ({ [event.kind]: event.on }), error: null }) },
        'messages.resume': { target: 'saving', actions: assign({ pending: { stopped: false }, error: null }) },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveSettings',
        src: 'saveSettings',
        input: ({ context }) => context.pending ?? {},
        onDone: { target: 'ready', actions: storeSettings },
        onError: {
          target: 'ready',
          actions: [storeError, { type: 'notifyError', params: ({ event }) => ({ message: toErrorInfo(event.error).message }) }],
        },
      },
    },
  },
});
