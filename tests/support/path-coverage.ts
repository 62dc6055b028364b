/**
 * Coverage of a machine's declared transitions by generated paths.
 *
 * Declared: every transition of every state node — `on`, `after`, invoke `onDone`/`onError`
 * (all compiled into `node.transitions`) and `always` — one entry per guarded alternative.
 * Taken: each path is re-run with `machine.transition` under an actor scope that records the
 * transitions of every microstep (the `@xstate.microstep` inspection event), including the
 * eventless ones and those of the initial macrostep.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { pureScope, type MachinePath, type PathModel, type TransitionDefinition as Transition } from './paths';

export interface DeclaredTransition {
  id: string;
  /** "auth.anonymous.loggingIn —xstate.error.actor.loginUser→ auth.anonymous.idle" */
  label: string;
  /** The guard's name, '' for none. */
  guard: string;
}

function stateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => stateNodes(child as AnyStateNode))];
}

function guardName(guard: unknown): string {
  if (!guard) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'inline guard';
}

function describe(t: Transition, index: number): DeclaredTransition {
  const kind = t.eventType || 'always';
  const targets = t.target?.map((target) => target.id).join(', ') || '(stays)';
  const guard = guardName(t.guard);
  return {
    id: `${t.source.id}|${kind}|${index}`,
    label: `${t.source.id} —${kind}${guard ? ` [${guard}]` : ''}→ ${targets}`,
    guard,
  };
}

function indexOf(t: Transition): number {
  const siblings = t.eventType ? t.source.transitions.get(t.eventType) : t.source.always;
  return siblings?.indexOf(t) ?? -1;
}

export function declaredTransitions(machine: AnyStateMachine): DeclaredTransition[] {
  return stateNodes(machine.root).flatMap((node) => [
    ...[...node.transitions.values()].flatMap((ts) => ts.map((t, i) => describe(t, i))),
    ...(node.always ?? []).map((t, i) => describe(t, i)),
  ]);
}

/** The declared transitions a model answers for: all, but those under another use's guard (`otherUseGuards`). */
export function modelTransitions(model: PathModel): DeclaredTransition[] {
  const others = new Set(model.otherUseGuards ?? []);
  return declaredTransitions(model.machine).filter((t) => !others.has(t.guard));
}

export function transitionsTakenBy(machine: AnyStateMachine, path: MachinePath): Set<string> {
  const taken = new Set<string>();
  const record = (t: Transition) => taken.add(describe(t, indexOf(t)).id);
  let snapshot = machine.getInitialSnapshot(pureScope(record), path.start.input);
  for (const step of path.steps) snapshot = machine.transition(snapshot, step.event, pureScope(record));
  return taken;
}

/** Labels of declared transitions that no path takes; empty when coverage is complete. */
export function uncoveredTransitions(model: PathModel, paths: MachinePath[]): string[] {
  const taken = new Set(paths.flatMap((path) => [...transitionsTakenBy(model.machine, path)]));
  return modelTransitions(model)
    .filter((t) => !taken.has(t.id))
    .map((t) => t.label);
}
