import { createContext, useContext, useEffect, useRef } from 'react';
import type { ConsoleLive } from './live';

export const ConsoleContext = createContext<ConsoleLive | null>(null);

export function useConsole(): ConsoleLive {
  const live = useContext(ConsoleContext);
  if (!live) throw new Error('useConsole outside ConsoleContext');
  return live;
}

/** Tells a polling flow when the page is hidden (it pauses) or shown again (it reads at once). */
export function useVisibility(setPageHidden: (hidden: boolean) => void) {
  useEffect(() => {
    const onChange = () => setPageHidden(document.hidden);
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, [setPageHidden]);
}

/** Single-key shortcuts (A, R, J, K…) while no field has the focus. */
export function useShortcuts(keys: Record<string, () => void>) {
  // The latest keys, so the listener is added once however the caller builds them.
  const latest = useRef(keys);
  latest.current = keys;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const target = e.target as HTMLElement | null;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      const run = latest.current[e.key.toLowerCase()];
      if (run) {
        e.preventDefault();
        run();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
