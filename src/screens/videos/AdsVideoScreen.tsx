import { useState } from 'react';
import { useActorRef } from '@xstate/react';
import { Link } from 'wouter';
import { useTranslation } from '../../i18n/react';
import { useContentMachines, type VideoAd } from '../../app/session';
import { Icon } from '../../../shared/components/Icon';
import { ResourceError } from '../shared/ResourceError';
import { useResource } from '../shared/use-resource';
import { prefersReducedMotion } from './use-in-view';
import { NoVideos, VideosLoading } from './VideoStates';

/** /ads-video: every video ad, autoplaying muted and looping, titled 'Promotion Video N'. */
export function AdsVideoScreen() {
  const { i18n } = useTranslation();
  // Captions come in the reader's language: a new language is a new read.
  return <AdsVideos key={i18n.language} />;
}

function AdsVideos() {
  const { t } = useTranslation();
  const list = useActorRef(useContentMachines().videoAds);
  const { data: videos, failed } = useResource<VideoAd[]>(list);

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-xl font-bold md:text-2xl">{t('videos.adsTitle')}</h1>
          <p className="text-sm text-muted">{t('videos.adsIntro')}</p>
        </div>
        {videos?.length ? (
          <Link href="/reels" className="btn-outline shrink-0 px-4">
            <Icon name="play" size={18} />
            {t('videos.watchReels')}
          </Link>
        ) : null}
      </header>
      {failed ? (
        <ResourceError actor={list} />
      ) : !videos ? (
        <VideosLoading />
      ) : videos.length === 0 ? (
        <NoVideos />
      ) : (
        <ul aria-label={t('videos.listLabel')} className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {videos.map((video, index) => (
            <li key={video.id}>
              <AdVideo video={video} n={index + 1} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One ad in a 9:16 box (narrower than the phone, so the next one peeks); under reduced motion it waits for a tap. */
function AdVideo({ video, n }: { video: VideoAd; n: number }) {
  const { t } = useTranslation();
  const [still] = useState(prefersReducedMotion);
  const title = t('videos.videoTitle', { n });
  return (
    <figure className="card mx-auto flex w-full max-w-[340px] flex-col overflow-hidden sm:max-w-none">
      <figcaption className="flex min-h-16 flex-col justify-center gap-0.5 px-3 py-2.5 md:px-4">
        <h2 className="text-base font-semibold leading-snug">{title}</h2>
        {video.title ? <p className="line-clamp-1 text-sm text-muted">{video.title}</p> : null}
      </figcaption>
      <div className="relative aspect-[9/16] bg-raised">
        <video
          data-testid="ad-video"
          src={video.video}
          poster={video.poster || undefined}
          autoPlay={!still}
          controls={still}
          muted
          loop
          playsInline
          preload="metadata"
          aria-label={title}
          className="absolute inset-0 h-full w-full object-cover"
        />
      </div>
    </figure>
  );
}
