/**
 * Inside the Telegram Mini App a game's HTML cannot go to a new window (that leaves Telegram, or is
 * refused): it is shown in a full-screen iframe over the site, in the same webview. The iframe
 * loads the same sandboxed /game-frame page as the window does on the web (./game-frame) and gets
 * the HTML by the same handshake. Its own chunk, loaded at the first such launch in Telegram.
 */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { Icon } from '../../shared/components/Icon';
import { holdVerticalSwipes } from '../telegram/effects';
import { isLayerState, LAYER_STATE_KEY } from '../telegram/layer';
import { GAME_FRAME_PATH, GAME_OVERLAY_SANDBOX, handOverGame, isCloseRequest } from './game-frame';

export interface GameOverlayLabels {
  /** The close control: back to the lobby. */
  back: string;
  /** The dialog's and the iframe's accessible name. */
  title: string;
}

/**
 * Shows the game over the page. Resolves once the game has its HTML (or the player left first),
 * rejects when the frame never loaded (the overlay closes then); `onClosed` runs when it closes.
 * Closing goes back through a history step of its own, so Telegram's BackButton closes it too.
 */
export function openGameOverlay(html: string, labels: GameOverlayLabels, onClosed: () => void): Promise<void> {
  const returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const cancel = new AbortController();
  const releaseSwipes = holdVerticalSwipes();
  const uncoverSite = coverSite();
  let frame: HTMLIFrameElement | null = null;
  let open = true;

  const teardown = () => {
    if (!open) return;
    open = false;
    cancel.abort();
    removeEventListener('popstate', onPop);
    removeEventListener('message', onMessage);
    releaseSwipes();
    uncoverSite();
    root.unmount();
    host.remove();
    returnFocus?.focus();
    onClosed();
  };
  const close = () => (isLayerState(history.state) ? history.back() : teardown());
  const onPop = () => void (isLayerState(history.state) || teardown());
  const onMessage = (event: MessageEvent) => void (frame && isCloseRequest(event, frame) && close());

  history.pushState({ [LAYER_STATE_KEY]: true }, '');
  addEventListener('popstate', onPop);
  addEventListener('message', onMessage);
  flushSync(() => root.render(<GameOverlay labels={labels} onClose={close} frameRef={(el) => void (frame = el)} />));
  host.querySelector<HTMLElement>('[data-autofocus]')?.focus();

  return handOverGame(frame!.contentWindow!, html, cancel.signal).catch((error: unknown) => {
    close();
    throw error;
  });
}

/** The site under the overlay is inert and does not scroll; the returned function gives it back. */
function coverSite(): () => void {
  const site = document.getElementById('root');
  site?.setAttribute('inert', '');
  document.documentElement.style.overflow = 'hidden';
  return () => {
    site?.removeAttribute('inert');
    document.documentElement.style.removeProperty('overflow');
  };
}

function GameOverlay({ labels, onClose, frameRef }: { labels: GameOverlayLabels; onClose: () => void; frameRef: (el: HTMLIFrameElement | null) => void }) {
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={labels.title}
      onKeyDown={(e) => void (e.key === 'Escape' && onClose())}
      className="fixed inset-0 z-50 flex flex-col bg-bg pb-[var(--kp-safe-bottom)] pl-[var(--kp-safe-left)] pr-[var(--kp-safe-right)] pt-[var(--kp-safe-top)]"
    >
      <div className="flex h-12 shrink-0 items-center border-b border-line bg-surface px-1">
        <button type="button" className="btn-ghost px-2" onClick={onClose} data-autofocus>
          <Icon name="chevronLeft" size={20} />
          {labels.back}
        </button>
      </div>
      {/* The launch HTML runs opaque (the page's CSP); the game it navigates to keeps its own origin; never the top. */}
      <iframe
        ref={frameRef}
        src={GAME_FRAME_PATH}
        title={labels.title}
        sandbox={GAME_OVERLAY_SANDBOX}
        allow="autoplay; fullscreen"
        referrerPolicy="no-referrer"
        data-testid="game-frame"
        className="block min-h-0 w-full flex-1 border-0 bg-bg"
      />
    </div>
  );
}
