import { startTransition, useEffect, useState } from 'react';

/**
 * How many of a long list to render: the first `first` at once (what a first screen shows), the
 * rest once the browser is idle, in a transition React renders in slices — so a list arriving
 * during boot is no long task (issue 14, TBT). Items below the first screen appear after the
 * first paint, under it, so nothing on screen moves. Once all are shown, all stay shown.
 */
export function useRevealAfterIdle(first: number, total: number): number {
  const [all, setAll] = useState(total <= first);
  const waiting = !all && total > first;
  useEffect(() => {
    if (!waiting) return;
    const reveal = () => startTransition(() => setAll(true));
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(reveal, { timeout: 1000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(reveal, 100);
    return () => clearTimeout(id);
  }, [waiting]);
  return all ? total : Math.min(first, total);
}
