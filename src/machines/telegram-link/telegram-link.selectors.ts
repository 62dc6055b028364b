import type { SnapshotFrom } from 'xstate';
import type { telegramLinkMachine } from './telegram-link.machine';

type Snapshot = SnapshotFrom<typeof telegramLinkMachine>;

export const selectLinkBusy = (s: Snapshot) => s.hasTag('busy');
/** Why the last link or unlink was refused (the server's words), or null. */
export const selectLinkError = (s: Snapshot) => s.context.error?.message ?? null;
