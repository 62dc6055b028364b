/**
 * The profile's Telegram card: link the Telegram account the Mini App was opened from to this
 * player (the next launch signs in by itself), or unlink it.
 * Host provides: linkTelegram (POST /auth/telegram/link with the launch's initData), unlinkTelegram
 * (DELETE /auth/telegram/link), both resolving with the updated user; storeUser (to the session),
 * notifyLinked, notifyUnlinked. A refusal's message stays in context until the next try.
 */
import { assign, setup } from 'xstate';
import type { ApiErrorInfo, User } from '../../api/types';
import { toErrorInfo } from '../shared/error-info';
import { ioActor, mustProvide } from '../shared/placeholders';

export interface TelegramLinkContext {
  error: ApiErrorInfo | null;
}

export type TelegramLinkEvent = { type: 'link'; initData: string } | { type: 'unlink' };

const refused = { type: 'storeError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } as const;

export const telegramLinkMachine = setup({
  types: {
    context: {} as TelegramLinkContext,
    events: {} as TelegramLinkEvent,
  },
  actors: {
    linkTelegram: ioActor<User, { initData: string }>('linkTelegram'),
    unlinkTelegram: ioActor<User>('unlinkTelegram'),
  },
  actions: {
    storeError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    storeUser: (_, _params: { user: User }) => mustProvide('storeUser'),
    notifyLinked: () => mustProvide('notifyLinked'),
    notifyUnlinked: () => mustProvide('notifyUnlinked'),
  },
}).createMachine({
  id: 'telegramLink',
  context: { error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        link: { target: 'linking', actions: assign({ error: null }) },
        unlink: { target: 'unlinking', actions: assign({ error: null }) },
      },
    },
    linking: {
      tags: ['busy'],
      invoke: {
        id: 'linkTelegram',
        src: 'linkTelegram',
        input: ({ event }) => ({ initData: event.type === 'link' ? event.initData : '' }),
        onDone: { target: 'idle', actions: [{ type: 'storeUser', params: ({ event }) => ({ user: event.output }) }, 'notifyLinked'] },
        onError: { target: 'idle', actions: refused },
      },
    },
    unlinking: {
      tags: ['busy'],
      invoke: {
        id: 'unlinkTelegram',
        src: 'unlinkTelegram',
        onDone: { target: 'idle', actions: [{ type: 'storeUser', params: ({ event }) => ({ user: event.output }) }, 'notifyUnlinked'] },
        onError: { target: 'idle', actions: refused },
      },
    },
  },
});
