/** The profile's Telegram card's view object: busy, the last refusal, and link / unlink. */
import type { SnapshotFrom } from 'xstate';
import { intentsPerActor } from '../shared/connect';
import type { TelegramLinkEvent, telegramLinkMachine } from './telegram-link.machine';
import { selectLinkBusy, selectLinkError } from './telegram-link.selectors';

type TelegramLinkSnapshot = SnapshotFrom<typeof telegramLinkMachine>;
type Send = (event: TelegramLinkEvent) => void;

const intents = intentsPerActor((send: Send) => ({
  /** Links the Telegram account of this launch (its initData) to the player. */
  link: (initData: string) => send({ type: 'link', initData }),
  unlink: () => send({ type: 'unlink' }),
}));

export function connectTelegramLink(snapshot: TelegramLinkSnapshot, send: Send) {
  return {
    busy: selectLinkBusy(snapshot),
    /** Why the last link or unlink was refused (the server's words), or null. */
    error: selectLinkError(snapshot),
    ...intents(send),
  };
}

export type TelegramLinkView = ReturnType<typeof connectTelegramLink>;
