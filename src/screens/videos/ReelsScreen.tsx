import { useEffect } from 'react';
import { useActorRef } from '@xstate/react';
import { useTranslation } from '../../i18n/react';
import { useContentMachines, type VideoAd } from '../../app/session';
import { ResourceError } from '../shared/ResourceError';
import { useResource } from '../shared/use-resource';
import { Reel } from './Reel';
import { NoVideos, VideosLoading } from './VideoStates';
import { holdVerticalSwipes } from '../../telegram/effects';

/** /reels: the video ads as a full-height vertical swipe list; a reel plays only while 90% visible. */
export function ReelsScreen() {
  const { i18n } = useTranslation();
  // Inside Telegram a swipe down would close the Mini App instead of going to the previous reel.
  useEffect(() => holdVerticalSwipes(), []);
  return <Reels key={i18n.language} />;
}

function Reels() {
  const { t } = useTranslation();
  const list = useActorRef(useContentMachines().videoAds);
  const { data: videos, failed } = useResource<VideoAd[]>(list);

  if (failed || !videos || videos.length === 0) {
    return (
      <div className="mx-auto flex w-full max-w-md flex-col gap-4">
        <h1 className="text-xl font-bold">{t('videos.reelsTitle')}</h1>
        {failed ? <ResourceError actor={list} /> : !videos ? <VideosLoading reel /> : <NoVideos />}
      </div>
    );
  }

  return (
    <div className="-mt-4 md:-mt-6">
      <h1 className="sr-only">{t('videos.reelsTitle')}</h1>
      {/* Snap list as tall as the screen under the top bar (stable height: Telegram's, not 100vh). */}
      <ul
        aria-label={t('videos.reelsTitle')}
        className="flex h-[calc(var(--kp-vh)-var(--kp-topbar-h)-var(--kp-safe-top))] snap-y snap-mandatory flex-col items-center gap-4 overflow-y-auto overscroll-y-contain py-3 scroll-pt-3"
      >
        {videos.map((video, index) => (
          <li key={video.id} className="flex w-full shrink-0 snap-start justify-center">
            <Reel video={video} n={index + 1} total={videos.length} />
          </li>
        ))}
      </ul>
    </div>
  );
}
