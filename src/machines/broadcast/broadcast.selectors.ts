import type { SnapshotFrom } from 'xstate';
import type { broadcastMachine } from './broadcast.machine';

type BroadcastSnapshot = SnapshotFrom<typeof broadcastMachine>;

/** Where the broadcast is: written, previewed (may be sent), asked to send, sent and counting, all handed over. */
export type BroadcastStep = 'editing' | 'previewed' | 'confirming' | 'sent' | 'done';

export const selectBroadcastBusy = (s: BroadcastSnapshot) => s.hasTag('busy');
export function selectBroadcastStep(s: BroadcastSnapshot): BroadcastStep {
  if (s.matches('previewed')) return 'previewed';
  // While the send is on its way the confirmation stays on screen, busy.
  if (s.matches('confirming') || s.matches('sending')) return 'confirming';
  if (s.matches('tracking') || s.matches('reading')) return 'sent';
  if (s.matches('done')) return 'done';
  return 'editing';
}
export const selectBroadcast = (s: BroadcastSnapshot) => s.context.broadcast;
export const selectBroadcastError = (s: BroadcastSnapshot) => s.context.error;
export const selectReadError = (s: BroadcastSnapshot) => s.context.readError;
/** The form is locked while a preview or the send is on its way, and once sent. */
export const selectFormLocked = (s: BroadcastSnapshot) => !(s.matches('editing') || s.matches('previewed'));
