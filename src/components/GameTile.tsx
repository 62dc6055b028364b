import { useTranslation } from '../i18n/react';
import { Artwork } from './Artwork';
import { Button } from './Button';
import { Icon } from '../../shared/components/Icon';

/** The generated game artwork is square. */
export const GAME_ART = { width: 300, height: 300 } as const;

interface Props {
  name: string;
  image: string | null | undefined;
  /** Below the fold. */
  lazy?: boolean;
  /** This game is launching: spinner, dimmed, disabled. */
  busy?: boolean;
  /** Another game is launching. */
  disabled?: boolean;
  /** Without it the tile is a picture only (the demo lists). */
  onPlay?: () => void;
}

/** One game: its artwork, its name and a Play button. */
export function GameTile({ name, image, lazy, busy = false, disabled = false, onPlay }: Props) {
  const { t } = useTranslation();
  return (
    <li className={`card flex flex-col overflow-hidden ${lazy ? 'kp-later-tile' : ''}`}>
      <Artwork src={image} alt={onPlay ? '' : name} fallback={name} lazy={lazy} {...GAME_ART} />
      <div className="flex flex-1 flex-col gap-2 p-2">
        <p className="line-clamp-2 min-h-[2.6em] text-xs font-semibold leading-tight sm:text-sm" title={name}>
          {name}
        </p>
        {onPlay ? (
          <Button className="mt-auto w-full px-2" busy={busy} disabled={disabled} onClick={onPlay} aria-label={t('games.playGame', { name })}>
            {busy ? null : <Icon name="play" size={16} />}
            {t('games.play')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
