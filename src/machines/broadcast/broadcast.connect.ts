/**
 * The broadcast screen's view object: the step, the saved/sent broadcast with its progress, the
 * server's refusal, and the intents (preview, edit, send → confirm/cancel, start a new one, page visibility).
 */
import type { SnapshotFrom } from 'xstate';
import type { Broadcast, BroadcastPreviewInput } from '../../api/admin-broadcast';
import { intentsPerActor } from '../shared/connect';
import type { BroadcastContext, BroadcastEvent, broadcastMachine } from './broadcast.machine';
import { selectBroadcast, selectBroadcastBusy, selectBroadcastError, selectBroadcastStep, selectFormLocked, selectReadError, type BroadcastStep } from './broadcast.selectors';

type BroadcastSnapshot = SnapshotFrom<typeof broadcastMachine>;
type Send = (event: BroadcastEvent) => void;

export interface BroadcastView {
  step: BroadcastStep;
  busy: boolean;
  locked: boolean;
  broadcast: Broadcast | null;
  error: BroadcastContext['error'];
  readError: string | null;
  preview: (request: BroadcastPreviewInput) => void;
  edit: () => void;
  send: () => void;
  confirm: () => void;
  cancel: () => void;
  startNew: () => void;
  setPageHidden: (hidden: boolean) => void;
}

const intents = intentsPerActor((send: Send) => ({
  preview: (request: BroadcastPreviewInput) => send({ type: 'preview.send', request }),
  edit: () => send({ type: 'draft.edit' }),
  send: () => send({ type: 'broadcast.send' }),
  confirm: () => send({ type: 'broadcast.confirm' }),
  cancel: () => send({ type: 'broadcast.cancel' }),
  startNew: () => send({ type: 'broadcast.new' }),
  setPageHidden: (hidden: boolean) => send({ type: hidden ? 'page.hidden' : 'page.visible' }),
}));

export function connectBroadcast(snapshot: BroadcastSnapshot, send: Send): BroadcastView {
  return {
    step: selectBroadcastStep(snapshot),
    busy: selectBroadcastBusy(snapshot),
    locked: selectFormLocked(snapshot),
    broadcast: selectBroadcast(snapshot),
    error: selectBroadcastError(snapshot),
    readError: selectReadError(snapshot),
    ...intents(send),
  };
}
