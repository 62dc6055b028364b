import { useEffect } from 'react';

/** Forwards the page's visibility to a poller, which pauses while the page is hidden. */
export function usePageVisibility(actor: { send: (event: { type: 'page.hidden' } | { type: 'page.visible' }) => void }) {
  useEffect(() => {
    const onChange = () => actor.send({ type: document.hidden ? 'page.hidden' : 'page.visible' });
    if (document.hidden) onChange();
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, [actor]);
}
