/**
 * Change password form (profile tab): idle → submitting → succeeded | failed, resubmittable. The
 * same flow sets a Telegram-only player's first password (the host provides POST /auth/password).
 * Host provides: `changePassword` (POST /change-password, resolves with the server message),
 * `notifyPasswordChanged`, `goToProfile`, `notifyError` (error toast).
 * Outcome in context: 422 → fieldErrors; 401 → the server message (red badge + toast);
 * network → 'Network error. Please try again.'; anything else → 'An unexpected error occurred.'.
 */
import { assertEvent, assign, setup } from 'xstate';
import type { ApiErrorInfo, ChangePasswordInput, SetPasswordInput } from '../../api/types';
import { hasStatus, toErrorInfo, UNEXPECTED_ERROR } from '../shared/error-info';
import { ioActor, mustProvide } from '../shared/placeholders';
import { NETWORK_ERROR } from '../../lib/fixed-texts';
export { NETWORK_ERROR };


export interface ChangePasswordContext {
  fieldErrors: Record<string, string>;
  message: string | null;
  error: ApiErrorInfo | null;
}

export type ChangePasswordEvent =
  /** Changing a password, or (a Telegram-only player) setting the first one: the host's call decides. */
  | { type: 'password.submit'; input: ChangePasswordInput | SetPasswordInput }
  | { type: 'form.edit'; field: string };

/** Which message a failure shows: none for 422 (the field errors speak), else by status. */
type FailureKind = 'validation' | 'server' | 'network' | 'unexpected';

function failureMessage(kind: FailureKind, error: ApiErrorInfo): string | null {
  if (kind === 'validation') return null;
  if (kind === 'server') return error.message;
  return kind === 'network' ? NETWORK_ERROR : UNEXPECTED_ERROR;
}

const fail = (kind: FailureKind) =>
  ({ type: 'storeFailure', params: ({ event }: { event: { error: unknown } }) => ({ kind, error: event.error }) }) as const;

/** The form accepts edits and submits whenever no request is in flight. */
const editable = {
  'password.submit': { target: 'submitting', actions: 'resetOutcome' },
  'form.edit': { actions: 'clearFieldError' },
} as const;

export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
  },
  actors: {
    changePassword: ioActor<string, ChangePasswordInput | SetPasswordInput>('changePassword'),
  },
  actions: {
    resetOutcome: assign({ fieldErrors: {}, message: null, error: null }),
    clearFieldError: assign({
      fieldErrors: ({ context, event }) => {
        assertEvent(event, 'form.edit');
        const { [event.field]: _cleared, ...rest } = context.fieldErrors;
        return rest;
      },
    }),
    storeSuccess: assign((_, params: { message: string }) => ({ message: params.message })),
    storeFailure: assign((_, params: { kind: FailureKind; error: unknown }) => {
      const error = toErrorInfo(params.error);
      return { error, fieldErrors: error.fieldErrors, message: failureMessage(params.kind, error) };
    }),
    notifyPasswordChanged: (_, _params: { message: string }) => mustProvide('notifyPasswordChanged'),
    goToProfile: () => mustProvide('goToProfile'),
    notifyError: (_, _params: { message: string }) => mustProvide('notifyError'),
  },
  guards: {
    hasStatus: (_, params: { error: unknown; status: number }) => hasStatus(params.error, params.status),
  },
}).createMachine({
  id: 'changePassword',
  context: { fieldErrors: {}, message: null, error: null },
  initial: 'idle',
  states: {
    idle: { on: editable },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ event }) => {
          assertEvent(event, 'password.submit');
          return event.input;
        },
        onDone: {
          target: 'succeeded',
          actions: [
            { type: 'storeSuccess', params: ({ event }) => ({ message: event.output }) },
            { type: 'notifyPasswordChanged', params: ({ event }) => ({ message: event.output }) },
            'goToProfile',
          ],
        },
        onError: [
          {
            guard: { type: 'hasStatus', params: ({ event }) => ({ error: event.error, status: 422 }) },
            target: 'failed',
            actions: fail('validation'),
          },
          {
            guard: { type: 'hasStatus', params: ({ event }) => ({ error: event.error, status: 401 }) },
            target: 'failed',
            actions: [fail('server'), { type: 'notifyError', params: ({ context }) => ({ message: context.message ?? '' }) }],
          },
          {
            guard: { type: 'hasStatus', params: ({ event }) => ({ error: event.error, status: 0 }) },
            target: 'failed',
            actions: fail('network'),
          },
          { target: 'failed', actions: fail('unexpected') },
        ],
      },
    },
    succeeded: { on: editable },
    failed: { tags: ['error'], on: editable },
  },
});
