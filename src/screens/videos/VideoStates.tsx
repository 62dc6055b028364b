import { Link } from 'wouter';
import { useTranslation } from '../../i18n/react';
import { EmptyState } from '../../components/EmptyState';
import { Skeleton } from '../../components/Skeleton';
import { Spinner } from '../../components/Spinner';

/** 'Loading videos...' over a row of video-shaped placeholders (one on phones). */
export function VideosLoading({ reel = false }: { reel?: boolean }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex flex-col items-center gap-3 sm:items-stretch">
      <p className="flex items-center gap-2 self-start text-sm text-muted">
        <Spinner size={16} />
        {t('videos.loading')}
      </p>
      {reel ? (
        <Skeleton className="mx-auto aspect-[9/16] h-[calc(var(--kp-vh)*0.8)] max-w-full rounded-3xl" />
      ) : (
        <div className="grid w-full max-w-[340px] gap-5 sm:max-w-none sm:grid-cols-2 lg:grid-cols-4" aria-hidden="true">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className={`aspect-[9/16] w-full rounded-2xl ${i > 0 ? 'hidden sm:block' : ''}`} />
          ))}
        </div>
      )}
    </div>
  );
}

export function NoVideos() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon="video"
      title={t('videos.empty')}
      action={
        <Link href="/?type=all" className="btn-outline px-6">
          {t('btn.backHome')}
        </Link>
      }
    />
  );
}
