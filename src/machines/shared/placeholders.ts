/**
 * Placeholders for what the host provides via `machine.provide()`: IO actors and outward
 * effects throw until wired, so a missing wire-up fails loudly instead of silently doing nothing.
 */
import { fromPromise } from 'xstate';

export function mustProvide(name: string): never {
  throw new Error(`${name} must be provided`);
}

/** A promise actor that rejects until the host provides the real call. */
export function ioActor<TOutput, TInput = void>(name: string) {
  return fromPromise<TOutput, TInput>(async () => mustProvide(name));
}
