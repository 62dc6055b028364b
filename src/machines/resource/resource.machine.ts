/**
 * One read of the lobby (game types, a type's providers, hot games, banners, banner text, top
 * withdrawers): loading → ready | failed. A failure can be retried; a refresh reloads while the
 * data already shown stays.
 * Host provides: `load` (the one call, resolving the data as the view uses it).
 */
import { assign, setup } from 'xstate';
import type { ApiErrorInfo } from '../../api/types';
import { toErrorInfo } from '../shared/error-info';
import { ioActor } from '../shared/placeholders';

export interface ResourceContext {
  /** Null until the first load succeeds. */
  data: unknown;
  error: ApiErrorInfo | null;
}

export type ResourceEvent = { type: 'resource.retry' } | { type: 'resource.refresh' };

export const resourceMachine = setup({
  types: {
    context: {} as ResourceContext,
    events: {} as ResourceEvent,
  },
  actors: {
    load: ioActor<unknown, void>('load'),
  },
  actions: {
    storeData: assign((_, params: { data: unknown }) => ({ data: params.data, error: null })),
    storeError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
  },
}).createMachine({
  id: 'resource',
  context: { data: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: { type: 'storeData', params: ({ event }) => ({ data: event.output }) } },
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: {
      on: { 'resource.refresh': { target: 'loading' } },
    },
    failed: {
      tags: ['error'],
      on: { 'resource.retry': { target: 'loading' } },
    },
  },
});
