import { useView } from '../../app/use-view';
import { connectGameLaunch } from '../../machines/game-launch/game-launch.connect';
import { GameGrid } from '../../components/GameGrid';
import { GameTile } from '../../components/GameTile';
import { useRevealAfterIdle } from '../../components/use-reveal-after-idle';
import type { Game, LaunchActor } from './launch';

/** Tiles in the first rows are likely on screen at once; the rest load as they scroll in. */
const EAGER_TILES = 6;
/** Two rows of the widest grid (6 columns): rendered at once; the rest when the browser is idle. */
const FIRST_TILES = 12;

interface Props {
  games: Game[];
  launch?: LaunchActor;
  label: string;
  /** The grid's columns when not the spec's 3/4/6. */
  columns?: string;
}

/** A grid of games, each with Play wired to the page's launch actor (or pictures only). */
export function GameTiles({ games, launch, label, columns }: Props) {
  const shown = useRevealAfterIdle(FIRST_TILES, games.length);
  if (!launch) {
    return (
      <GameGrid label={label} columns={columns}>
        {games.slice(0, shown).map((game, i) => (
          <GameTile key={game.id} name={game.gameName} image={game.img} lazy={i >= EAGER_TILES} />
        ))}
      </GameGrid>
    );
  }
  return <PlayableTiles games={games.slice(0, shown)} launch={launch} label={label} columns={columns} />;
}

function PlayableTiles({ games, launch, label, columns }: Props & { launch: LaunchActor }) {
  const view = useView(launch, connectGameLaunch);
  return (
    <GameGrid label={label} columns={columns}>
      {games.map((game, i) => (
        <GameTile
          key={game.id}
          name={game.gameName}
          image={game.img}
          lazy={i >= EAGER_TILES}
          {...view.playState(game.id)}
          onPlay={() => view.launch(game)}
        />
      ))}
    </GameGrid>
  );
}
