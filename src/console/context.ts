import { createContext, useContext, useEffect } from 'react';
import type { AnyActorRef } from 'xstate';
import type { ConsoleLive } from './live';

export const ConsoleContext = createContext<ConsoleLive | null>(null);

export function useConsole(): ConsoleLive {
  const live = useContext(ConsoleContext);
  if (!live) throw new Error('useConsole outside ConsoleContext');
  return live;
}

/** Forwards page visibility to a polling actor (it pauses while the page is hidden). */
export function useVisibility(actor: AnyActorRef) {
  useEffect(() => {
    const onChange = () => actor.send({ type: document.hidden ? 'page.hidden' : 'page.visible' });
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, [actor]);
}

/** Single-key shortcuts (A, R, J, K…) while no field has the focus. */
export function useShortcuts(keys: Record<string, () => void>) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const target = e.target as HTMLElement | null;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      const run = keys[e.key.toLowerCase()];
      if (run) {
        e.preventDefault();
        run();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [keys]);
}
