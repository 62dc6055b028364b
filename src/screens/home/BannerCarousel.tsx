import { useEffect } from 'react';
import { useActorRef } from '@xstate/react';
import { useTranslation } from '../../i18n/react';
import { connectCarousel } from '../../machines/carousel/carousel.connect';
import { useAuth, useGameMachines, type Banner } from '../../app/session';
import { useView } from '../../app/use-view';
import { selectIsLoggedIn } from '../../machines/auth/auth.selectors';
import { Artwork } from '../../components/Artwork';
import { Icon } from '../../../shared/components/Icon';
import { Skeleton } from '../../components/Skeleton';
import { useResource } from '../shared/use-resource';

/** The generated banners are 1200×400. */
export const BANNER_ART = { width: 1200, height: 400 } as const;

const prefersReducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The home banners: one at a time, previous/next wrapping both ways, a dot per banner. */
export function BannerCarousel() {
  const { t } = useTranslation();
  const { data: banners, failed } = useResource<Banner[]>(useGameMachines().banners());
  if (!banners) {
    // A failed read shows the empty state: the banners are decoration, the lobby below still works.
    if (failed) return <NoBanners />;
    return (
      <div role="status" aria-label={t('common.loading')}>
        <Skeleton className="aspect-[3/1] w-full rounded-2xl" />
      </div>
    );
  }
  if (!banners.length) return <NoBanners />;
  return <Slides banners={banners} />;
}

function NoBanners() {
  const { t } = useTranslation();
  return (
    <div className="card flex items-center justify-center text-sm text-muted" style={{ aspectRatio: `${BANNER_ART.width} / ${BANNER_ART.height}` }}>
      {t('home.noBanners')}
    </div>
  );
}

function Slides({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation();
  const carousel = useActorRef(useGameMachines().carousel, { input: { count: banners.length, autoplay: !prefersReducedMotion() } });
  const { index, pause, resume, prev, next, goTo, setPageHidden } = useView(carousel, connectCarousel);
  usePauseWhileHidden(setPageHidden);
  const several = banners.length > 1;

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('home.banners')}
      className="flex flex-col"
      onMouseEnter={pause}
      onMouseLeave={resume}
      onFocus={pause}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) resume();
      }}
    >
      <div className="relative overflow-hidden rounded-2xl border border-line bg-raised">
        <SlideTrack banners={banners} index={index} />
        {/* Over the picture only where it is big enough not to hide what the banner says. */}
        {several ? (
          <div className="hidden sm:block">
            <ArrowButton side="left" label={t('home.prevBanner')} onClick={prev} />
            <ArrowButton side="right" label={t('home.nextBanner')} onClick={next} />
          </div>
        ) : null}
      </div>
      {several ? <Controls count={banners.length} index={index} onPrev={prev} onNext={next} onGoto={goTo} /> : null}
    </section>
  );
}

/** The banners side by side, moved so that `index` shows; the others are hidden from readers and focus. */
function SlideTrack({ banners, index }: { banners: Banner[]; index: number }) {
  const { t, i18n } = useTranslation();
  // The art's words in the reader's language; a player's banners never ask them to join.
  const art = useGameMachines().artUrl;
  const player = useAuth(selectIsLoggedIn);
  return (
    <div className="flex transition-transform duration-250 ease-out" style={{ transform: `translateX(-${index * 100}%)` }}>
      {banners.map((banner, i) => (
        <div
          key={banner.id}
          className="w-full shrink-0"
          role="group"
          aria-roledescription="slide"
          aria-label={t('home.bannerOf', { n: i + 1, total: banners.length })}
          aria-hidden={i !== index || undefined}
          inert={i !== index}
        >
          <Artwork src={art(banner.img, i18n.language, player)} alt={banner.title} lazy={i > 0} {...BANNER_ART} />
        </div>
      ))}
    </div>
  );
}

/** One dot per banner (the current one long and gold); on phones the arrows sit beside them. */
function Controls({ count, index, onPrev, onNext, onGoto }: { count: number; index: number; onPrev: () => void; onNext: () => void; onGoto: (index: number) => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center justify-center">
      <button type="button" className="icon-btn text-muted sm:hidden" aria-label={t('home.prevBanner')} onClick={onPrev}>
        <Icon name="chevronLeft" size={20} />
      </button>
      {Array.from({ length: count }, (_, i) => (
        <button
          key={i}
          type="button"
          className="group flex h-11 w-9 items-center justify-center"
          aria-label={t('home.bannerOf', { n: i + 1, total: count })}
          aria-current={i === index || undefined}
          onClick={() => onGoto(i)}
        >
          <span className={`block h-2 rounded-full transition-all duration-200 ${i === index ? 'w-5 bg-primary' : 'w-2 bg-muted opacity-60 group-hover:opacity-100'}`} />
        </button>
      ))}
      <button type="button" className="icon-btn text-muted sm:hidden" aria-label={t('home.nextBanner')} onClick={onNext}>
        <Icon name="chevronRight" size={20} />
      </button>
    </div>
  );
}

function ArrowButton({ side, label, onClick }: { side: 'left' | 'right'; label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={`absolute top-1/2 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-scrim text-fg hover:text-primary ${side === 'left' ? 'left-1.5' : 'right-1.5'}`}
    >
      <Icon name={side === 'left' ? 'chevronLeft' : 'chevronRight'} size={22} />
    </button>
  );
}

/** A hidden page pauses the carousel (forwarding the browser's visibility, like the balance poller's). */
function usePauseWhileHidden(setPageHidden: (hidden: boolean) => void) {
  useEffect(() => {
    const onChange = () => setPageHidden(document.hidden);
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, [setPageHidden]);
}
