import type { ActorRefFrom } from 'xstate';
import type { resourceMachine } from '../../machines/resource/resource.machine';
import { connectResource, type ResourceView } from '../../machines/resource/resource.connect';
import { useView } from '../../app/use-view';

export type ResourceActor = ActorRefFrom<typeof resourceMachine>;

/** One read of the lobby as the view needs it; `T` is what the composition root's `load` resolves. */
export function useResource<T>(actor: ResourceActor): ResourceView<T> {
  return useView(actor, connectResource<T>);
}
