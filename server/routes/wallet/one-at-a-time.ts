/**
 * Runs tasks one at a time per key (a player id), in arrival order, within this process.
 *
 * Correctness never depends on it — the wallet row lock in applyMovements serialises money
 * moves across every process. It keeps a hot wallet from costing everyone else: without it,
 * twenty concurrent exchanges by one player take twenty pooled connections that then queue on
 * that player's row lock, starving other players of connections, and each commit wakes every
 * waiting backend to fight for the lock again. Queued here, they wait in memory instead.
 */
export function oneAtATime() {
  const tails = new Map<number, Promise<unknown>>();
  return async function run<T>(key: number, task: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    const result = previous.then(task);
    // The next task waits for this one to settle, whether it succeeds or fails.
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    tails.set(key, tail);
    try {
      return await result;
    } finally {
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}
