/**
 * One operator change in the console (enter a 2D result, save a promotion's titles, ban a
 * player): sent at once (`action.run`) or, where it cannot be undone, asked first (`action.ask` →
 * the cashier confirms or cancels). The answer's words stay on screen until the next change.
 * Host provides: `perform` (the one call, with the request it was given), `changed` (reload what it altered).
 */
import { assertEvent, assign, setup } from 'xstate';
import { toErrorInfo } from '../shared/error-info';
import { ioActor, mustProvide } from '../shared/placeholders';

export interface ConsoleActionContext {
  /** The change asked for or in flight. */
  request: unknown;
  /** The server's words for the last change: done, or why not. */
  result: { ok: boolean; message: string } | null;
  fieldErrors: Record<string, string>;
}

export type ConsoleActionEvent =
  | { type: 'action.run'; request: unknown }
  | { type: 'action.ask'; request: unknown }
  | { type: 'action.confirm' }
  | { type: 'action.cancel' };

export const consoleActionMachine = setup({
  types: {
    context: {} as ConsoleActionContext,
    events: {} as ConsoleActionEvent,
  },
  actors: {
    perform: ioActor<{ message: string }, unknown>('perform'),
  },
  actions: {
    take: assign(({ event }) => {
      assertEvent(event, ['action.run', 'action.ask']);
      return { request: event.request, result: null, fieldErrors: {} };
    }),
    drop: assign({ request: null }),
    storeDone: assign((_, params: { message: string }) => ({ request: null, result: { ok: true, message: params.message } })),
    storeFailure: assign((_, params: { error: unknown }) => {
      const error = toErrorInfo(params.error);
      return { request: null, result: { ok: false, message: error.message }, fieldErrors: error.fieldErrors };
    }),
    changed: () => mustProvide('changed'),
  },
}).createMachine({
  id: 'consoleAction',
  context: { request: null, result: null, fieldErrors: {} },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'action.run': { target: 'running', actions: 'take' },
        'action.ask': { target: 'asking', actions: 'take' },
      },
    },
    asking: {
      on: {
        'action.confirm': { target: 'running' },
        'action.cancel': { target: 'idle', actions: 'drop' },
      },
    },
    running: {
      tags: ['busy'],
      invoke: {
        id: 'perform',
        src: 'perform',
        input: ({ context }: { context: ConsoleActionContext }) => context.request,
        onDone: { target: 'idle', actions: [{ type: 'storeDone', params: ({ event }) => ({ message: event.output.message }) }, 'changed'] },
        onError: { target: 'idle', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
