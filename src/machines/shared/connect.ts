/**
 * Helpers for the flows' view objects (`<flow>.connect.ts`, as zag's connect): a pure function of
 * a snapshot and the actor's `send` that returns what the view shows and the intents it may send.
 */

/**
 * A flow's intents, made once per actor. They only send events, so they depend on `send` alone
 * (XState binds it to its actor: one per actor). The same functions for every snapshot, so a
 * screen may list one as an effect's dependency without the effect re-running on each change.
 */
export function intentsPerActor<TSend extends object, TIntents>(make: (send: TSend) => TIntents): (send: TSend) => TIntents {
  const made = new WeakMap<TSend, TIntents>();
  return (send) => {
    const known = made.get(send);
    if (known) return known;
    const intents = make(send);
    made.set(send, intents);
    return intents;
  };
}
