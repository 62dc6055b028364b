import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { resourceMachine } from '../../machines/resource/resource.machine';
import {
  selectResourceData,
  selectResourceError,
  selectResourceFailed,
  selectResourceLoading,
} from '../../machines/resource/resource.selectors';

export type ResourceActor = ActorRefFrom<typeof resourceMachine>;

/** One read of the lobby as the view needs it; `T` is what the composition root's `load` resolves. */
export function useResource<T>(actor: ResourceActor) {
  const data = useSelector(actor, selectResourceData) as T | null;
  const loading = useSelector(actor, selectResourceLoading);
  const failed = useSelector(actor, selectResourceFailed);
  const error = useSelector(actor, selectResourceError);
  return { data, loading, failed, error };
}
