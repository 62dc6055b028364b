import { lazy, type ComponentType } from 'react';
import { loadMoreIcons } from '../../shared/components/Icon';

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

/**
 * A part of the page in a chunk of its own, off the first download (a dialog, the side menu):
 * `reach` goes on the buttons that open it (a pointer or focus reaching one asks for it ahead of
 * the tap), and each `component` is a React.lazy view over that one download. The part waits for the
 * rest of the icon set too (shared/components/icons-more), so it opens with its icons drawn.
 */
export function lazyPart<M>(load: () => Promise<M>) {
  const get = lazyChunk(() => Promise.all([load(), loadMoreIcons()]).then(([module]) => module));
  const prefetch = (): void => void get().catch(() => undefined);
  return {
    reach: { onPointerEnter: prefetch, onPointerDown: prefetch, onFocus: prefetch },
    component: <P extends object>(pick: (module: M) => ComponentType<P>) => lazy(() => get().then((module) => ({ default: pick(module) }))),
  };
}
