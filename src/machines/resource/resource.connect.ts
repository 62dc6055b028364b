/**
 * One read's view object (a lobby list, a console panel): the data (null until loaded), loading,
 * the failure, and retry / refresh. `T` is what the host's `load` resolves, as the screen knows it.
 */
import type { SnapshotFrom } from 'xstate';
import type { ApiErrorInfo } from '../../api/types';
import { intentsPerActor } from '../shared/connect';
import type { ResourceEvent, resourceMachine } from './resource.machine';
import { selectResourceData, selectResourceError, selectResourceFailed, selectResourceLoading } from './resource.selectors';

type ResourceSnapshot = SnapshotFrom<typeof resourceMachine>;
type Send = (event: ResourceEvent) => void;

const intents = intentsPerActor((send: Send) => ({
  retry: () => send({ type: 'resource.retry' }),
  /** Reloads while the data shown stays. */
  refresh: () => send({ type: 'resource.refresh' }),
}));

export interface ResourceView<T = unknown> {
  data: T | null;
  loading: boolean;
  /** Loading with nothing loaded yet (a refresh keeps the data on screen instead). */
  firstLoad: boolean;
  failed: boolean;
  /** The last failure, kept after a retry until the next load succeeds. */
  error: ApiErrorInfo | null;
  /** The failure to show: only while failed. */
  failure: ApiErrorInfo | null;
  retry: () => void;
  refresh: () => void;
}

export function connectResource<T = unknown>(snapshot: ResourceSnapshot, send: Send): ResourceView<T> {
  const data = selectResourceData<T>(snapshot);
  const loading = selectResourceLoading(snapshot);
  const failed = selectResourceFailed(snapshot);
  const error = selectResourceError(snapshot);
  return { data, loading, firstLoad: loading && data === null, failed, error, failure: failed ? error : null, ...intents(send) };
}
