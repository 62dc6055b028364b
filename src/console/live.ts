/**
 * The console's composition root: one API client with the operator's token (sessionStorage: a
 * short session that ends with the tab), the session actor, and the machines provided with the
 * admin API. A 401 from any call ends the session (back to sign-in). Screens get all of this
 * through ConsoleContext and never call the API themselves.
 */
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { adminApi, type AdminApi, type DecisionInput, type QueueKind, type SetupInput, type SignInInput } from '../api/admin';
import { createApiClient } from '../api/client';
import type { PageOf } from '../api/types';
import { i18n } from '../i18n';
import type { Language } from '../../shared/languages';
import { speakRefusal } from '../i18n/refusals';
import { isSending, type BroadcastPreviewInput, type BroadcastSummary } from '../api/admin-broadcast';
import { broadcastMachine } from '../machines/broadcast/broadcast.machine';
import { cashierQueueMachine } from '../machines/cashier-queue/cashier-queue.machine';
import { consoleActionMachine } from '../machines/console-action/console-action.machine';
import { pagedListMachine } from '../machines/paged-list/paged-list.machine';
import { operatorSessionMachine } from '../machines/operator-session/operator-session.machine';
import { resourceMachine } from '../machines/resource/resource.machine';

export const OPERATOR_TOKEN_KEY = 'kp:operatorToken';

function readToken(): string | null {
  try {
    return sessionStorage.getItem(OPERATOR_TOKEN_KEY);
  } catch {
    return null;
  }
}

function writeToken(token: string | null) {
  try {
    if (token) sessionStorage.setItem(OPERATOR_TOKEN_KEY, token);
    else sessionStorage.removeItem(OPERATOR_TOKEN_KEY);
  } catch {
    // Storage off: the session lasts as long as this page.
  }
}

/** The session actor over the admin API; `keep` stores or forgets the token. */
function sessionActorFor(admin: AdminApi, token: string | null, keep: (token: string | null) => void) {
  return createActor(
    operatorSessionMachine.provide({
      actors: {
        fetchMe: fromPromise(() => admin.me()),
        signIn: fromPromise(({ input }: { input: SignInInput }) => admin.signIn(input)),
        completeSetup: fromPromise(({ input }: { input: SetupInput }) => admin.completeSetup(input)),
        signOut: fromPromise<unknown, void>(() => admin.signOut()),
      },
      actions: {
        persistToken: (_, params: { token: string }) => keep(params.token),
        clearToken: () => keep(null),
      },
    }),
    { input: { token } },
  );
}

/** The machines the screens start, provided with the admin API. */
function machinesFor(admin: AdminApi) {
  const queue = cashierQueueMachine.provide({
    actors: {
      fetchQueue: fromPromise(({ input }: { input: { kind: QueueKind } }) => admin.queue(input.kind)),
      decideRequest: fromPromise(({ input }: { input: DecisionInput }) => admin.decide(input)),
    },
  });
  /** A read as a resource actor (loading → ready | failed; refresh reloads). */
  const resource = <T>(load: () => Promise<T>) => resourceMachine.provide({ actors: { load: fromPromise<unknown, void>(load) } });
  /** A change as an action actor; `changed` runs after it succeeded (reload what it altered). */
  const action = <I>(perform: (request: I) => Promise<unknown>, message: (request: I) => string, changed: () => void = () => {}) =>
    consoleActionMachine.provide({
      actors: { perform: fromPromise(async ({ input }: { input: unknown }) => (await perform(input as I), { message: message(input as I) })) },
      actions: { changed },
    });
  const broadcast = broadcastMachine.provide({
    actors: {
      previewDraft: fromPromise(({ input }: { input: BroadcastPreviewInput }) => admin.previewBroadcast(input)),
      sendBroadcast: fromPromise(({ input }: { input: { id: number } }) => admin.sendBroadcast(input.id)),
      fetchBroadcast: fromPromise(({ input }: { input: { id: number } }) => admin.broadcast(input.id)),
    },
  });
  /** The past broadcasts: read again every 2 s while one on the page is still sending. */
  const broadcastList = pagedListMachine.provide({
    guards: { hasLiveRows: ({ context }) => (context.items as BroadcastSummary[]).some(isSending) },
    actors: { fetchPage: fromPromise(({ input }: { input: { page: number } }): Promise<PageOf<unknown>> => admin.broadcasts(input.page)) },
  });
  return { queue, resource, action, broadcast, broadcastList };
}

export function createConsoleLive() {
  let token = readToken();
  let onUnauthorized = () => {};
  const client = createApiClient({
    baseURL: import.meta.env.VITE_API_BASE ?? '/api',
    getToken: () => token,
    onUnauthorized: () => onUnauthorized(),
    getLanguage: () => i18n.language,
    speak: (refusal) => speakRefusal(i18n.language as Language, refusal),
  });
  const admin = adminApi(client);
  const keep = (value: string | null) => {
    token = value;
    writeToken(value);
  };
  const sessionActor = sessionActorFor(admin, token, keep);
  onUnauthorized = () => sessionActor.send({ type: 'session.expired' });
  return { admin, sessionActor, ...machinesFor(admin) };
}

export type ConsoleLive = ReturnType<typeof createConsoleLive>;
export type SessionActor = ActorRefFrom<typeof operatorSessionMachine>;
