import { Link } from 'wouter';
import { useActorRef } from '@xstate/react';
import { useTranslation } from '../../i18n/react';
import { useGameMachines, type GameType } from '../../app/session';
import { typeLabel } from '../games/game-types';
import { GameListView } from '../games/GameListView';
import { LaunchError } from '../games/LaunchError';

/** `?type&provider`: provider shortcuts, the search box, the games with Load More. */
export function ProviderGames({ type, providerId }: { type: GameType; providerId: number }) {
  const { t } = useTranslation();
  const machines = useGameMachines();
  const list = useActorRef(machines.gameList, { input: { typeId: type.id, providerId } });
  const launch = useActorRef(machines.gameLaunch);
  const provider = type.providers.find((p) => p.id === providerId);
  const heading = provider ? `${typeLabel(t, type)} · ${provider.name}` : typeLabel(t, type);

  return (
    <section aria-labelledby="games-heading" className="flex flex-col gap-3">
      <ProviderShortcuts type={type} current={providerId} />
      <h2 id="games-heading" className="text-lg font-bold">
        {heading}
      </h2>
      <GameListView list={list} launch={launch} label={heading} search />
      <LaunchError launch={launch} />
    </section>
  );
}

/** One button per provider of the type, to switch between them. */
function ProviderShortcuts({ type, current }: { type: GameType; current: number }) {
  const { t } = useTranslation();
  if (type.providers.length < 2) return null;
  return (
    <nav aria-label={t('games.providers')} className="-mx-4 md:mx-0">
      <ul className="flex gap-2 overflow-x-auto px-4 pb-1 md:flex-wrap md:px-0">
        {type.providers.map((provider) => {
          const active = provider.id === current;
          return (
            <li key={provider.id} className="flex shrink-0">
              <Link
                href={`/?type=${type.id}&provider=${provider.id}`}
                aria-current={active ? 'page' : undefined}
                className={`flex min-h-11 items-center whitespace-nowrap rounded-full border px-4 text-sm font-semibold ${active ? 'border-primary bg-primary text-on-primary' : 'border-line bg-surface text-fg hover:bg-raised'}`}
              >
                {provider.shortName || provider.name}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
