import { useEffect, useState, type RefObject } from 'react';
import { useActorRef } from '@xstate/react';
import { useContentMachines } from '../../app/session';

/**
 * One reel's player actor, driving the <video> in `videoRef`: it joins the sound channel (one
 * reel with sound at a time) and hears when the page is hidden or shown again.
 */
export function useReelPlayer(videoRef: RefObject<HTMLVideoElement | null>) {
  const { reelPlayer, joinReelSound } = useContentMachines();
  const [machine] = useState(() => reelPlayer(() => videoRef.current));
  const actor = useActorRef(machine, { input: { pageVisible: document.visibilityState !== 'hidden' } });

  useEffect(() => joinReelSound(actor), [actor, joinReelSound]);
  useEffect(() => {
    const onChange = () => actor.send({ type: document.hidden ? 'page.hidden' : 'page.visible' });
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, [actor]);

  return actor;
}
