/** Invariants every money flow keeps about its Idempotency-Key, checked on every replayed step. */
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { outcomeUnknown } from '../../src/machines/shared/money-form';
import type { LogEntry, ReplayedStep } from '../support/path-replay';

type Call = Extract<LogEntry, { kind: 'call' }>;
const callsOf = (entries: LogEntry[], actor: string) => entries.filter((e): e is Call => e.kind === 'call' && e.actor === actor);
const keyOf = (call: Call) => (call.input as { key: string }).key;

export const hostActions = (entries: LogEntry[]) => entries.flatMap((e) => (e.kind === 'action' ? [{ name: e.name, params: e.params }] : []));

/**
 * - Only entering `submitting` calls `actor`, once, with the key in context.
 * - A retry while a key is pending sends that key; any other submit sends a key never sent before.
 * - Success drops the key; a failure keeps it only when the outcome is unknown (0, 409, 5xx).
 * - Nothing else invents a key: other events keep it or drop it.
 */
export function checkIdempotencyKey(replayed: ReplayedStep, actor: string, isSubmitting: (s: AnyMachineSnapshot) => boolean) {
  const { step, before, after, entries, log } = replayed;
  const calls = callsOf(entries, actor);
  const earlier = callsOf(log.slice(0, log.length - entries.length), actor).map(keyOf);
  const entered = isSubmitting(after) && !isSubmitting(before);
  if (entered) {
    expect(calls, `${step.phrase}: one request`).toHaveLength(1);
    expect(keyOf(calls[0]!)).toBe(after.context.key);
    if (before.context.key !== null) expect(keyOf(calls[0]!), 'a retry sends the same key').toBe(before.context.key);
    else expect(earlier, 'a new request has a new key').not.toContain(keyOf(calls[0]!));
  } else {
    expect(calls, `${step.phrase}: no request`).toEqual([]);
  }
  const { type } = step.event;
  if (type === `xstate.done.actor.${actor}`) expect(after.context.key, 'success drops the key').toBeNull();
  else if (type === `xstate.error.actor.${actor}`) {
    expect(after.context.key).toBe(outcomeUnknown(step.event.error.status) ? before.context.key : null);
  } else if (!entered) expect([before.context.key, null]).toContain(after.context.key);
}
