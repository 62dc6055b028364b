import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectBusyGameId, selectIsLaunching } from '../../machines/game-launch/game-launch.selectors';
import { useGameMachines, type Game } from '../../app/session';
import { Artwork } from '../../components/Artwork';
import { Button } from '../../components/Button';
import { GAME_ART } from '../../components/GameTile';
import { Icon } from '../../components/Icon';
import { Skeleton } from '../../components/Skeleton';
import { useResource } from '../shared/use-resource';
import { LaunchError } from './LaunchError';

/** How many games tab=all features (the legacy page had two external game cards). */
const FEATURED = 2;

/**
 * Two featured games, launched like any other game (decision 0003: the legacy cards put the
 * player's name and balance in the address; ours go through the launch call instead).
 */
export function FeaturedGames() {
  const { t } = useTranslation();
  const machines = useGameMachines();
  const { data, failed } = useResource<Game[]>(machines.hotGames());
  const launch = useActorRef(machines.gameLaunch);
  const busyId = useSelector(launch, selectBusyGameId);
  const launching = useSelector(launch, selectIsLaunching);
  // The featured pair is a bonus: without hot games the providers below are the page.
  if (failed || (data && !data.length)) return null;
  const games = data?.slice(0, FEATURED);

  return (
    <section aria-labelledby="featured-title" className="flex flex-col gap-3">
      <h2 id="featured-title" className="text-lg font-bold">
        {t('games.featured')}
      </h2>
      <ul className="grid grid-cols-2 gap-3 md:gap-4">
        {games
          ? games.map((game) => (
              <li key={game.id} className="card flex flex-col overflow-hidden md:flex-row">
                <Artwork src={game.img} alt="" fallback={game.gameName} className="md:w-1/3 md:shrink-0" {...GAME_ART} />
                <div className="flex flex-1 flex-col gap-2 p-3 md:p-4">
                  <p className="line-clamp-2 font-bold md:text-lg">{game.gameName}</p>
                  {game.provider ? <p className="text-xs text-muted md:text-sm">{game.provider}</p> : null}
                  <Button
                    className="mt-auto w-full"
                    busy={busyId === game.id}
                    disabled={launching && busyId !== game.id}
                    onClick={() => launch.send({ type: 'game.launch', game })}
                    aria-label={t('games.playGame', { name: game.gameName })}
                  >
                    {busyId === game.id ? null : <Icon name="play" size={16} />}
                    {t('games.play')}
                  </Button>
                </div>
              </li>
            ))
          : Array.from({ length: FEATURED }, (_, i) => (
              <li key={i}>
                <Skeleton className="aspect-square w-full rounded-2xl md:aspect-[5/2]" />
              </li>
            ))}
      </ul>
      <LaunchError launch={launch} />
    </section>
  );
}
