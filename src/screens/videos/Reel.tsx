import { useRef } from 'react';
import { useTranslation } from '../../i18n/react';
import type { VideoAd } from '../../app/session';
import { Icon } from '../../../shared/components/Icon';
import type { ReelPlayerView } from '../../machines/reel-player/reel-player.connect';
import { SoundIcon } from './SoundIcon';
import { useInView } from './use-in-view';
import { useReelPlayer } from './use-reel-player';

/** One reel: 80% of the stable screen height, 9:16, plays while ≥ 90% visible (its machine decides). */
export function Reel({ video, n, total }: { video: VideoAd; n: number; total: number }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const reel = useReelPlayer(videoRef);
  useInView(box, reel.visibleRatio, reel.setInView);
  const title = t('videos.videoTitle', { n });

  return (
    <div ref={box} className="relative aspect-[9/16] h-[calc(var(--kp-vh)*0.8)] max-w-[calc(100vw-2rem)] overflow-hidden rounded-3xl border border-line bg-raised shadow-2xl">
      <video
        ref={videoRef}
        data-testid="reel-video"
        data-state={reel.playing ? 'playing' : 'paused'}
        src={video.video}
        poster={video.poster || undefined}
        muted
        loop
        playsInline
        preload="metadata"
        aria-label={title}
        className="absolute inset-0 h-full w-full object-cover"
      />
      <ReelCaption video={video} n={n} total={total} title={title} />
      <ReelControls reel={reel} />
    </div>
  );
}

function ReelCaption({ video, n, total, title }: { video: VideoAd; n: number; total: number; title: string }) {
  const { t } = useTranslation();
  return (
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
  );
}

/** The sound toggle, and 'Tap to play' when the browser refused to start the video. */
function ReelControls({ reel }: { reel: ReelPlayerView }) {
  const { t } = useTranslation();
  return (
    <>
      <button
        type="button"
        className="icon-btn absolute right-3 top-3 bg-scrim"
        aria-pressed={!reel.muted}
        aria-label={reel.muted ? t('videos.unmute') : t('videos.mute')}
        onClick={reel.toggleSound}
      >
        <SoundIcon muted={reel.muted} />
      </button>
      {reel.blocked ? (
        <button type="button" className="btn-primary absolute left-1/2 top-1/2 -translate-x-1/2 -translate-y-1/2 px-6 shadow-xl" onClick={reel.tap}>
          <Icon name="play" size={18} />
          {t('videos.tapToPlay')}
        </button>
      ) : null}
    </>
  );
}
