/** Spec §3: the static provider lists per type of the demo page (sport book names none). */
export const DEMO_LISTS = [
  { type: 'slot', typeId: 1, providers: ['JILI', 'PP', 'PG', 'CQ9', 'JDB', 'JOKER', 'PS', 'KA'] },
  { type: 'fishing', typeId: 8, providers: ['JILI', 'PS', 'JOKER', 'JDB', 'CQ9', 'KA', 'YB'] },
  { type: 'live casino', typeId: 2, providers: ['JILI', 'SA', 'JOKER', 'SEXY', 'AG', 'CQ9'] },
  { type: 'sport book', typeId: 3, providers: [] },
] as const;

/** The demo page's `type` (slot, fishing, live casino, sport book; any case, `_` or `-` for the space) as a type id. */
export function demoTypeId(value: string | null): number | null {
  if (!value) return null;
  const wanted = value.trim().toLowerCase().replace(/[_-]+/g, ' ');
  return DEMO_LISTS.find((group) => group.type === wanted)?.typeId ?? null;
}
