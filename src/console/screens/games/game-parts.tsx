import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { AdminGame } from '../../../api/admin';

/** A game's tile picture: fixed size (no layout shift), loaded only when scrolled to. */
export function GameThumb({ game, size = 48 }: { game: Pick<AdminGame, 'image_url'>; size?: number }) {
  return <img className="kg-thumb" src={game.image_url} alt="" width={size} height={size} loading="lazy" decoding="async" />;
}

/** The lobby's words for a type code (the same as the player site's), else its stored name. */
const TYPE_KEYS = {
  slot: 'admin.gamesTypeSlot',
  live_casino: 'admin.gamesTypeLiveCasino',
  sport_book: 'admin.gamesTypeSportBook',
  virtual_sport: 'admin.gamesTypeVirtualSport',
  lottery: 'admin.gamesTypeLottery',
  fishing: 'admin.gamesTypeFishing',
  poker: 'admin.gamesTypePoker',
  others: 'admin.gamesTypeOthers',
  p2p: 'admin.gamesTypeP2p',
  cock_fighting: 'admin.gamesTypeCockFighting',
  bonus: 'admin.gamesTypeBonus',
  esport: 'admin.gamesTypeESport',
} as const;
export function useTypeName() {
  const { t } = useTranslation();
  return (type: { code: string; name: string }) => {
    const key = Object.hasOwn(TYPE_KEYS, type.code) ? TYPE_KEYS[type.code as keyof typeof TYPE_KEYS] : null;
    return key ? t(key) : type.name;
  };
}

/** Why players do not see a shown game (the words' key): its type, provider or product is hidden. */
export function hiddenBy(game: AdminGame): 'admin.gamesHiddenByType' | 'admin.gamesHiddenByProvider' | 'admin.gamesHiddenByProduct' | null {
  if (game.visible || game.status !== 1) return null;
  if (game.type.status !== 1) return 'admin.gamesHiddenByType';
  if (game.provider.status !== 1) return 'admin.gamesHiddenByProvider';
  return 'admin.gamesHiddenByProduct';
}

/** A game's name over its provider and type (the hot list's rows and the search results); `note` below them. */
export function GameName({ game, note }: { game: AdminGame; note?: ReactNode }) {
  const typeName = useTypeName();
  return (
    <span className="kg-name">
      <strong>{game.game_name}</strong>
      <span className="kc-muted kc-small">
        {' '}
        {game.provider.name} · {typeName(game.type)}
      </span>
      {note}
    </span>
  );
}
