import { useActorRef } from '@xstate/react';
import { useRef } from 'react';
import { useView } from '../../app/use-view';
import { connectConsoleAction } from '../../machines/console-action/console-action.connect';
import { connectResource } from '../../machines/resource/resource.connect';
import { useConsole } from '../context';
import type { ResourceActor } from './Loaded';

/** One change of a rule list: the call, and its words once done. */
export interface ActionSpec<T> {
  perform: (request: T) => Promise<unknown>;
  words: (request: T) => string;
}

/**
 * A rule list's read and its two changes (add, remove); a change reloads the list, and an add
 * empties its form. `changed` also runs (the exposure depends on closures and breaks).
 */
export function useRuleList<T, TAdd, TRemove>(load: () => Promise<T>, adding: ActionSpec<TAdd>, removing: ActionSpec<TRemove>, changed: () => void = () => {}) {
  const { resource, action } = useConsole();
  const listActor: ResourceActor = useActorRef(resource(load));
  const list = useView(listActor, connectResource<T>);
  const refresh = () => {
    list.refresh();
    changed();
  };
  const form = useRef<HTMLFormElement>(null);
  const addActor = useActorRef(
    action<TAdd>(adding.perform, adding.words, () => {
      form.current?.reset();
      refresh();
    }),
  );
  const removeActor = useActorRef(action<TRemove>(removing.perform, removing.words, refresh));
  const add = useView(addActor, connectConsoleAction<TAdd>);
  const remove = useView(removeActor, connectConsoleAction<TRemove>);
  return { list, add, remove, form };
}
