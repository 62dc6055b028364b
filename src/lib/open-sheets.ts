/**
 * Which sheets and dialogs are open over the page right now, and whether this visit began with a
 * new account: the pop-up ad waits while any other sheet is open (the Telegram welcome, the login
 * form …) and stays away for the rest of a visit in which the player just registered
 * (machines/popup-ad). Dialogs register themselves (components/Dialog); a flow that is about to
 * show one (Telegram's first sign-in) holds the page meanwhile. No DOM, no React.
 */
type Listener = () => void;

let open = 0;
const listeners = new Set<Listener>();
const FRESH_KEY = 'kp:freshAccount';
let freshInMemory = false;

const changed = () => listeners.forEach((listener) => listener());

/** A sheet opened (or a flow holds the page); the returned function releases it, once. */
export function holdSheet(): () => void {
  open += 1;
  changed();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    open -= 1;
    changed();
  };
}

export const sheetsOpen = (): boolean => open > 0;

/** This visit (browser tab session) started a new account: a registration or a first Telegram sign-in. */
export function markFreshAccount(): void {
  freshInMemory = true;
  try {
    sessionStorage.setItem(FRESH_KEY, '1');
  } catch {
    // Private mode: the flag lives in memory for this page.
  }
  changed();
}

export function isFreshAccount(): boolean {
  if (freshInMemory) return true;
  try {
    return sessionStorage.getItem(FRESH_KEY) === '1';
  } catch {
    return false;
  }
}

/** Calls `listener` on every change; returns the unsubscribe. */
export function watchSheets(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
