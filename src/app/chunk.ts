/**
 * A chunk of machines wired on first need (a dynamic import plus its factory): every call returns
 * the same promise, so React's `use()` suspends once per chunk; a failed download is not kept, so
 * the next call tries again instead of sticking.
 */
export function lazyChunk<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    if (!pending) {
      const attempt = load();
      pending = attempt;
      attempt.catch(() => {
        if (pending === attempt) pending = null;
      });
    }
    return pending;
  };
}
