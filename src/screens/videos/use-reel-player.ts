import { useEffect, useState, type RefObject } from 'react';
import { useActorRef } from '@xstate/react';
import { useContentMachines } from '../../app/session';
import { useView } from '../../app/use-view';
import { connectReelPlayer, type ReelPlayerView } from '../../machines/reel-player/reel-player.connect';

/**
 * One reel's player, driving the <video> in `videoRef`, as its view object: the player joins the
 * sound channel (one reel with sound at a time) and hears when the page is hidden or shown again.
 */
export function useReelPlayer(videoRef: RefObject<HTMLVideoElement | null>): ReelPlayerView {
  const { reelPlayer, joinReelSound } = useContentMachines();
  const [machine] = useState(() => reelPlayer(() => videoRef.current));
  const actor = useActorRef(machine, { input: { pageVisible: document.visibilityState !== 'hidden' } });
  const view = useView(actor, connectReelPlayer);
  const { setPageHidden } = view;

  useEffect(() => joinReelSound(actor), [actor, joinReelSound]);
  useEffect(() => {
    const onChange = () => setPageHidden(document.hidden);
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, [setPageHidden]);

  return view;
}
