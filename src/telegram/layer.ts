/**
 * The history entry (same address) of a layer over the page, such as the game frame: going back
 * closes the layer, so Telegram's BackButton (bound to history) and Android's back close it.
 * Its own module: only Telegram's lazy chunks use it, none of it weighs on the entry.
 */
export const LAYER_STATE_KEY = 'kpLayer';

export function isLayerState(state: unknown): boolean {
  return !!state && typeof state === 'object' && (state as Record<string, unknown>)[LAYER_STATE_KEY] === true;
}
