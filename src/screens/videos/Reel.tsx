import { useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { VideoAd } from '../../app/session';
import { Icon } from '../../components/Icon';
import { REEL_VISIBLE_RATIO } from '../../machines/reel-player/reel-player.machine';
import { selectReelBlocked, selectReelMuted, selectReelPlaying } from '../../machines/reel-player/reel-player.selectors';
import { SoundIcon } from './SoundIcon';
import { useInView } from './use-in-view';
import { useReelPlayer } from './use-reel-player';

/** One reel: 80% of the stable screen height, 9:16, plays while ≥ 90% visible (its machine decides). */
export function Reel({ video, n, total }: { video: VideoAd; n: number; total: number }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const actor = useReelPlayer(videoRef);
  useInView(box, REEL_VISIBLE_RATIO, (inView) => actor.send({ type: inView ? 'view.enter' : 'view.leave' }));
  const playing = useSelector(actor, selectReelPlaying);
  const blocked = useSelector(actor, selectReelBlocked);
  const muted = useSelector(actor, selectReelMuted);
  const title = t('videos.videoTitle', { n });

  return (
    <div ref={box} className="relative aspect-[9/16] h-[calc(var(--kp-vh)*0.8)] max-w-[calc(100vw-2rem)] overflow-hidden rounded-3xl border border-line bg-raised shadow-2xl">
      <video
        ref={videoRef}
        data-testid="reel-video"
        data-state={playing ? 'playing' : 'paused'}
        src={video.video}
        poster={video.poster || undefined}
        muted
        loop
        playsInline
        preload="metadata"
        aria-label={title}
        className="absolute inset-0 h-full w-full object-cover"
      />
      <div className="pointer-events-none absolute inset-x-0 bottom-0 flex flex-col gap-0.5 bg-gradient-to-t from-scrim via-scrim to-transparent p-4 pt-20">
        <p className="text-xs font-semibold uppercase tracking-wide text-primary">{t('videos.reelLabel', { n, total })}</p>
        <h2 className="text-lg font-bold">{title}</h2>
        {video.title ? <p className="line-clamp-2 text-sm opacity-85">{video.title}</p> : null}
        {n === 1 && total > 1 ? (
          <p className="mt-2 flex items-center gap-1 text-xs text-muted">
            <Icon name="chevronLeft" size={14} className="rotate-90" />
            {t('videos.swipeHint')}
          </p>
        ) : null}
      </div>
      <button
        type="button"
        className="icon-btn absolute right-3 top-3 bg-scrim"
        aria-pressed={!muted}
        aria-label={muted ? t('videos.unmute') : t('videos.mute')}
        onClick={() => actor.send({ type: 'sound.toggle' })}
      >
        <SoundIcon muted={muted} />
      </button>
      {blocked ? (
        <button type="button" className="btn-primary absolute left-1/2 top-1/2 -translate-x-1/2 -translate-y-1/2 px-6 shadow-xl" onClick={() => actor.send({ type: 'reel.tap' })}>
          <Icon name="play" size={18} />
          {t('videos.tapToPlay')}
        </button>
      ) : null}
    </div>
  );
}
