import { isLayerState } from './layer';
import type { WebAppT } from './sdk';

const HOME_PATH = '/';
const HOME_URL = '/?type=all';
const LOCATION_EVENTS = ['popstate', 'pushState', 'replaceState'] as const;

/**
 * Telegram's BackButton follows the router in this one place: shown away from home (or over it,
 * while a layer such as the game frame is open), and a press goes back in history. wouter
 * announces push/replace navigations as window events.
 * When there is nothing of ours to go back to (the app was opened on a deep link), it goes home
 * instead of closing the Mini App.
 */
export function bindBackButton(app: WebAppT): () => void {
  let depth = 0;

  const sync = () => {
    // A layer over home (the game frame) has a history step of its own: back closes it.
    if (location.pathname === HOME_PATH && !isLayerState(history.state)) app.BackButton.hide();
    else app.BackButton.show();
  };
  const onPush = () => {
    depth += 1;
    sync();
  };
  const onPop = () => {
    depth = Math.max(0, depth - 1);
    sync();
  };
  const onClick = () => {
    if (depth > 0) history.back();
    // wouter patches replaceState to announce it, so the router follows.
    else history.replaceState(null, '', HOME_URL);
  };

  addEventListener('pushState', onPush);
  addEventListener('popstate', onPop);
  addEventListener('replaceState', sync);
  app.BackButton.onClick(onClick);
  sync();

  return () => {
    LOCATION_EVENTS.forEach((e) => removeEventListener(e, e === 'pushState' ? onPush : e === 'popstate' ? onPop : sync));
    app.BackButton.offClick(onClick);
    app.BackButton.hide();
  };
}
