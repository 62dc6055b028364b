import { Link } from 'wouter';
import { useTranslation } from '../../i18n/react';
import type { GameType, ProviderRef } from '../../app/session';
import { Artwork } from '../../components/Artwork';
import { EmptyState } from '../../components/EmptyState';
import { PROVIDER_ART } from '../../components/ProviderTile';
import { FeaturedGames } from './FeaturedGames';
import { typeLabel } from './game-types';

/** tab=all: two featured games, then every type's providers as cards leading to their lists. */
export function AllTab({ types }: { types: GameType[] }) {
  const { t } = useTranslation();
  const listed = types.filter((type) => type.providers.length);
  return (
    <div className="flex flex-col gap-6">
      <FeaturedGames />
      {listed.length ? (
        listed.map((type, i) => (
          <section key={type.id} aria-labelledby={`all-type-${type.id}`} className="flex flex-col gap-3">
            <h2 id={`all-type-${type.id}`} className="text-lg font-bold">
              {typeLabel(t, type)}
            </h2>
            <ul className="grid grid-cols-3 gap-2 md:gap-4">
              {type.providers.map((provider) => (
                <ProviderCard key={provider.id} typeId={type.id} provider={provider} lazy={i > 0} />
              ))}
            </ul>
          </section>
        ))
      ) : (
        <EmptyState icon="gamepad" title={t('no_data.noData')} />
      )}
    </div>
  );
}

/** Spec: image, provider_name, short_name and a 'go to list' button. */
function ProviderCard({ typeId, provider, lazy }: { typeId: number; provider: ProviderRef; lazy: boolean }) {
  const { t } = useTranslation();
  return (
    <li className="card flex flex-col overflow-hidden md:flex-row md:items-stretch">
      <Artwork src={provider.img} alt="" fallback={provider.name} lazy={lazy} className="md:w-2/5 md:shrink-0 md:self-center" {...PROVIDER_ART} />
      <div className="flex flex-1 flex-col gap-1 p-2 md:min-w-0 md:p-3">
        <p className="line-clamp-2 text-xs font-semibold leading-tight sm:text-sm">{provider.name}</p>
        <p className="text-xs text-muted">{provider.shortName}</p>
        <Link
          href={`/?type=${typeId}&provider=${provider.id}`}
          className="btn-outline mt-auto min-h-11 px-1 text-xs leading-tight sm:text-sm"
          aria-label={`${t('games.goToList')}: ${provider.name}`}
        >
          <span className="text-center">{t('games.goToList')}</span>
        </Link>
      </div>
    </li>
  );
}
