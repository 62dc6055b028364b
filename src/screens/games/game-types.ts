import type { TFunction } from 'i18next';

/** Spec §3: these game types never appear in the home strip. */
export const HIDDEN_TYPE_IDS: ReadonlySet<number> = new Set([6, 12, 13, 14]);

type TypeKey =
  | 'game_type.slot'
  | 'game_type.liveCasino'
  | 'game_type.sportBook'
  | 'game_type.virtualSport'
  | 'game_type.lottery'
  | 'game_type.fishing'
  | 'game_type.poker'
  | 'game_type.others'
  | 'game_type.p2p'
  | 'game_type.cockFighting'
  | 'game_type.bonus'
  | 'game_type.eSport';

/** Spec §3: the legacy type ids and their client labels (the game_type translation group). */
const BY_ID: Record<number, TypeKey> = {
  1: 'game_type.slot',
  2: 'game_type.liveCasino',
  3: 'game_type.sportBook',
  4: 'game_type.virtualSport',
  5: 'game_type.lottery',
  7: 'game_type.p2p',
  8: 'game_type.fishing',
  9: 'game_type.cockFighting',
  10: 'game_type.bonus',
  11: 'game_type.eSport',
  12: 'game_type.poker',
  13: 'game_type.others',
};

/** A game type's name in the reader's language; unknown types keep the server's name. */
export function typeLabel(t: TFunction, type: { id: number; name: string }): string {
  const key = BY_ID[type.id];
  return key ? t(key) : type.name;
}

/** The `type` query of the lobby: a numeric id, 'hot' or 'all'. */
export type TypeQuery = { kind: 'all' } | { kind: 'hot' } | { kind: 'type'; id: number };

export function parseTypeQuery(value: string | null): TypeQuery | null {
  if (value === 'all') return { kind: 'all' };
  if (value === 'hot') return { kind: 'hot' };
  if (value && /^\d{1,9}$/.test(value)) return { kind: 'type', id: Number(value) };
  return null;
}

/** A positive integer id from the query, or null. */
export function parseId(value: string | null): number | null {
  return value && /^\d{1,15}$/.test(value) ? Number(value) : null;
}
