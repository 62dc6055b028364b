import { lazy, Suspense } from 'react';
import { Redirect, useSearch } from 'wouter';
import { useTranslation } from '../../i18n/react';
import { useGameMachines, type GameType } from '../../app/session';
import { GameGridSkeleton } from '../../components/GameGrid';
import { Skeleton } from '../../components/Skeleton';
import { parseId, parseTypeQuery, type TypeQuery } from '../games/game-types';
import { useResource } from '../shared/use-resource';
import { BannerCarousel } from './BannerCarousel';
import { BannerMarquee } from './BannerMarquee';
import { ProvidersSkeleton } from './ProvidersSkeleton';
import { TypeStrip } from './TypeStrip';

/**
 * Below the fold (the grids, the launch flow) and the pop-up ad are a chunk of their own, so the
 * first download of `/` stays small. They start downloading with the lobby's machines, not after.
 */
let bodyChunk: Promise<typeof import('./LobbyBody')> | null = null;
const loadBody = () => {
  bodyChunk ??= import('./LobbyBody').catch((error: unknown) => {
    bodyChunk = null;
    throw error;
  });
  return bodyChunk;
};
const LobbyBody = lazy(() => loadBody().then((m) => ({ default: m.LobbyBody })));
const PopupAd = lazy(() => loadBody().then((m) => ({ default: m.PopupAd })));
const HotPicks = lazy(() => loadBody().then((m) => ({ default: m.HotPicks })));

/**
 * Home is the game lobby (spec: Home). It always carries a type query, so a bare `/` becomes
 * `/?type=all`; `type` and `provider` pick what the lobby shows.
 */
export function HomeScreen() {
  const { t } = useTranslation();
  const query = new URLSearchParams(useSearch());
  const type = parseTypeQuery(query.get('type'));
  if (!type) return <Redirect to="/?type=all" replace />;
  void loadBody();

  return (
    <div className="flex flex-col gap-4">
      <h1 className="sr-only">{t('home.title')}</h1>
      {/* The lobby's machines are a chunk of their own; its shape stands in while it arrives. */}
      <Suspense fallback={<LobbySkeleton />}>
        <Lobby type={type} provider={parseId(query.get('provider'))} />
      </Suspense>
    </div>
  );
}

function Lobby({ type, provider }: { type: TypeQuery; provider: number | null }) {
  const { t } = useTranslation();
  const machines = useGameMachines();
  const catalogue = machines.gameTypes();
  const { data: types, failed } = useResource<GameType[]>(catalogue);
  return (
    <>
      {/* Wide screens: the hot picks beside the banner, so games are on the first screen (a phone
          has room for them under it, on the main lobby only). */}
      <div className="flex flex-col gap-4 lg:grid lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
        <BannerCarousel />
        <div className={type.kind === 'all' ? '' : 'hidden lg:block'}>
          <Suspense fallback={<HotPicksSkeleton />}>
            <HotPicks />
          </Suspense>
        </div>
      </div>
      <BannerMarquee />
      {/* A failed read leaves Hot Games, which needs no catalogue; the error shows below. */}
      <TypeStrip types={types ?? (failed ? [] : null)} current={type} />
      <Suspense fallback={<ProvidersSkeleton label={t('common.loading')} />}>
        <PopupAd />
        <LobbyBody type={type} provider={provider} catalogue={catalogue} types={types} />
      </Suspense>
    </>
  );
}

function LobbySkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')} className="flex flex-col gap-4">
      <div>
        <Skeleton className="aspect-[3/1] w-full rounded-2xl" />
        <div className="h-11" />
      </div>
      <Skeleton className="h-11 w-full rounded-xl" />
      <div className="flex gap-2 overflow-hidden">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-16 w-20 shrink-0 rounded-2xl sm:w-24" />
        ))}
      </div>
      <ProvidersSkeleton label={t('common.loading')} />
    </div>
  );
}

/** The hot picks' own shape (a heading line, three tiles), so nothing moves when they arrive. */
function HotPicksSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2">
      <div className="h-7" />
      <GameGridSkeleton label={t('common.loading')} count={3} columns="grid grid-cols-3 gap-2 md:gap-3" />
    </div>
  );
}
