import { useTranslation } from '../../i18n/react';
import type { Promotion } from '../../app/session';
import { Artwork } from '../../components/Artwork';
import { Icon } from '../../../shared/components/Icon';
import { Skeleton } from '../../components/Skeleton';
import { LoadingBlock } from '../../components/LoadingBlock';
import { artForReader } from '../../../shared/art-url';
import { useArtUrl } from '../shared/use-art-url';

/** The generated promotion art is 600×400; the box keeps that ratio before the image arrives. */
export const PROMO_ART = { width: 600, height: 400 } as const;

export function LimitedTimeTag({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-flex max-w-full items-center gap-1 whitespace-nowrap rounded-full bg-primary px-2 py-0.5 text-[11px] font-bold uppercase tracking-wide text-on-primary ${className}`}>
      <Icon name="clock" size={12} />
      {t('promotion.limitedTime')}
    </span>
  );
}

/** One promotion: art with the Limited Time tag, title, the start of its description, Learn More. */
export function PromotionCard({ promotion, lazy, onLearnMore }: { promotion: Promotion; lazy: boolean; onLearnMore: () => void }) {
  const { t } = useTranslation();
  const art = useArtUrl(artForReader);
  return (
    <article className="card flex w-full flex-col overflow-hidden">
      <Artwork src={art(promotion.img)} alt="" {...PROMO_ART} lazy={lazy} fallback={promotion.title} />
      <div className="flex flex-1 flex-col items-start gap-1.5 p-3 md:gap-2 md:p-4">
        <LimitedTimeTag />
        <h2 className="line-clamp-2 text-sm font-bold leading-snug md:text-base">{promotion.title}</h2>
        <p className="line-clamp-3 text-xs leading-relaxed text-muted md:text-sm">{promotion.description}</p>
        <button type="button" className="btn-outline mt-auto w-full px-2 text-xs md:text-sm" onClick={onLearnMore} aria-label={`${t('promotion.learnMore')}: ${promotion.title}`}>
          {t('promotion.learnMore')}
        </button>
      </div>
    </article>
  );
}

/** The grid's shape while the promotions load, under the spec's 'Loading promotions...'. */
export function PromotionGridSkeleton({ label }: { label: string }) {
  return (
    <LoadingBlock label={label}>
      <div className="grid grid-cols-2 gap-3 md:gap-5">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="card flex flex-col overflow-hidden">
            <Skeleton className="aspect-[3/2] w-full rounded-none" />
            <div className="flex flex-col gap-2 p-3">
              <Skeleton className="h-5 w-24 rounded-full" />
              <Skeleton className="h-4 w-4/5" />
              <Skeleton className="h-3 w-full" />
              <Skeleton className="h-3 w-3/5" />
              <Skeleton className="mt-1 h-11 w-full rounded-xl" />
            </div>
          </div>
        ))}
      </div>
    </LoadingBlock>
  );
}
