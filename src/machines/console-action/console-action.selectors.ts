import type { SnapshotFrom } from 'xstate';
import type { consoleActionMachine } from './console-action.machine';

type ConsoleActionSnapshot = SnapshotFrom<typeof consoleActionMachine>;

export const selectActionBusy = (s: ConsoleActionSnapshot) => s.hasTag('busy');
export const selectAsking = (s: ConsoleActionSnapshot) => s.matches('asking');
export const selectAskedRequest = (s: ConsoleActionSnapshot) => (s.matches('asking') ? s.context.request : null);
export const selectActionResult = (s: ConsoleActionSnapshot) => s.context.result;
export const selectActionFieldErrors = (s: ConsoleActionSnapshot) => s.context.fieldErrors;
/** The change on its way to the server (a switch shows its new value while it is sent). */
export const selectRequestInFlight = (s: ConsoleActionSnapshot) => (s.hasTag('busy') ? s.context.request : undefined);
