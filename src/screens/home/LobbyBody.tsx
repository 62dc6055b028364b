import { useTranslation } from '../../i18n/react';
import type { GameType } from '../../app/session';
import { EmptyState } from '../../components/EmptyState';
import { typeLabel, type TypeQuery } from '../games/game-types';
import { ProviderGrid } from '../games/ProviderGrid';
import { ResourceError } from '../shared/ResourceError';
import { useResource, type ResourceActor } from '../shared/use-resource';
import { useRevealAfterIdle } from '../../components/use-reveal-after-idle';
import { HotGames } from './HotGames';
import { ProviderGames } from './ProviderGames';
import { ProvidersSkeleton } from './ProvidersSkeleton';
import { stripTypes } from './TypeStrip';

/** The pop-up ad and the hot picks travel in this chunk too (see HomeScreen). */
export { PopupAd } from './PopupAd';
export { HotPicks } from './HotPicks';

interface Props {
  type: TypeQuery;
  provider: number | null;
  /** The game types read (GET /game_types), for its failure. */
  catalogue: ResourceActor;
  /** Null while the catalogue loads. */
  types: GameType[] | null;
}

/** What the query asks for: hot games, every type's providers, one type's providers, or a provider's games. */
export function LobbyBody({ type, provider, catalogue, types }: Props) {
  const { t } = useTranslation();
  const { failed } = useResource(catalogue);
  if (type.kind === 'hot') return <HotGames />;
  if (!types && failed) return <ResourceError actor={catalogue} />;
  if (!types) return <ProvidersSkeleton label={t('common.loading')} />;
  if (type.kind === 'all') return <AllTypes types={stripTypes(types)} />;

  const current = types.find((candidate) => candidate.id === type.id);
  if (!current) return <EmptyState icon="gamepad" title={t('no_data.noDataFound')} />;
  if (provider !== null) return <ProviderGames key={`${current.id}-${provider}`} type={current} providerId={provider} />;
  return (
    <section aria-labelledby="type-heading" className="flex flex-col gap-3">
      <h2 id="type-heading" className="text-lg font-bold">
        {typeLabel(t, current)}
      </h2>
      <ProviderGrid typeId={current.id} providers={current.providers} label={typeLabel(t, current)} />
    </section>
  );
}

/** `type=all`: each type under its heading with its providers. */
function AllTypes({ types }: { types: GameType[] }) {
  const { t } = useTranslation();
  // The first types fill the first screens; the others render when the browser is idle.
  const shown = useRevealAfterIdle(2, types.length);
  if (!types.length) return <EmptyState icon="gamepad" title={t('no_data.noDataFound')} />;
  return (
    <div className="flex flex-col gap-6">
      {types.slice(0, shown).map((type, i) => (
        <section key={type.id} aria-labelledby={`type-${type.id}`} className={`flex flex-col gap-3 ${i > 0 ? 'kp-later' : ''}`}>
          <h2 id={`type-${type.id}`} className="text-lg font-bold">
            {typeLabel(t, type)}
          </h2>
          <ProviderGrid typeId={type.id} providers={type.providers} label={typeLabel(t, type)} lazy={i > 0} />
        </section>
      ))}
    </div>
  );
}
