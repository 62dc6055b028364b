/**
 * One console change's view object: whether it is asked or on its way, the server's words, and
 * the intents (run at once, ask first, confirm, cancel). `TRequest` is what the host's `perform`
 * takes; a screen names it (`connectConsoleAction<ResultInput>`).
 */
import type { SnapshotFrom } from 'xstate';
import { intentsPerActor } from '../shared/connect';
import type { ConsoleActionContext, ConsoleActionEvent, consoleActionMachine } from './console-action.machine';
import {
  selectActionBusy,
  selectActionFieldErrors,
  selectActionResult,
  selectAskedRequest,
  selectAsking,
  selectRequestInFlight,
} from './console-action.selectors';

type ConsoleActionSnapshot = SnapshotFrom<typeof consoleActionMachine>;
type Send = (event: ConsoleActionEvent) => void;

export interface ConsoleActionView<TRequest = unknown> {
  busy: boolean;
  /** The confirmation is open. */
  asking: boolean;
  /** The change the confirmation asks about, else null. */
  asked: TRequest | null;
  /** The change on its way, else undefined. */
  inFlight: TRequest | undefined;
  /** The server's words for the last change: done, or why not. */
  result: ConsoleActionContext['result'];
  fieldErrors: Record<string, string>;
  run: (request: TRequest) => void;
  ask: (request: TRequest) => void;
  confirm: () => void;
  cancel: () => void;
}

const intents = intentsPerActor((send: Send) => ({
  run: (request: unknown) => send({ type: 'action.run', request }),
  ask: (request: unknown) => send({ type: 'action.ask', request }),
  confirm: () => send({ type: 'action.confirm' }),
  cancel: () => send({ type: 'action.cancel' }),
}));

export function connectConsoleAction<TRequest = unknown>(snapshot: ConsoleActionSnapshot, send: Send): ConsoleActionView<TRequest> {
  return {
    busy: selectActionBusy(snapshot),
    asking: selectAsking(snapshot),
    asked: selectAskedRequest(snapshot) as TRequest | null,
    inFlight: selectRequestInFlight(snapshot) as TRequest | undefined,
    result: selectActionResult(snapshot),
    fieldErrors: selectActionFieldErrors(snapshot),
    ...intents(send),
  };
}
