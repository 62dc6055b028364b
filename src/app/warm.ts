/**
 * A read made before the app's first render (answered from the page's embedded data,
 * ./boot-data.ts), handed to the screen that needs it for its first frame, so that frame is the
 * server's first screen (docs/decisions/0016) rather than a placeholder over it. Held for
 * `maxAgeMs` only: a later visit to the screen reads afresh.
 */
export function warmRead<T>(maxAgeMs: number) {
  let held: { at: number; key: string; value: T } | null = null;
  return {
    /** Reads now and holds the answer under `key`; a failure holds nothing. */
    async fill(key: string, read: () => Promise<T>): Promise<void> {
      const value = await read();
      held = { at: Date.now(), key, value };
    },
    /** The answer held under `key` while fresh, else undefined. */
    peek(key: string): T | undefined {
      return held && held.key === key && Date.now() - held.at < maxAgeMs ? held.value : undefined;
    },
  };
}
