/**
 * The app's half of the page's tap keeper (server/lib/page-scripts.ts APP_START_SCRIPT): a reader
 * who tapped a button on the server's first screen (2D's Bet, a promotion's Learn more, the menu)
 * before the app had taken over gets that tap, once, on the app's copy of the button: the same
 * label and the same words, as the first screen is the app's first frame. Called after the app's
 * first commit; the button may come a moment later (a lazy screen), so it is looked for up to
 * `waitMs`. A disabled or missing copy gets nothing.
 */
type Tap = { label: string; text: string };

export function replayFirstTap(waitMs = 3000): void {
  const w = window as unknown as { __kpTap?: Tap | null };
  const tap = w.__kpTap;
  w.__kpTap = null; // taken over: the page keeps no more taps
  if (!tap) return;
  const find = () =>
    Array.from(document.querySelectorAll<HTMLButtonElement>('#root button:not([disabled])')).find(
      (b) => (b.getAttribute('aria-label') ?? '') === tap.label && (b.textContent ?? '').trim() === tap.text,
    );
  const now = find();
  if (now) return void now.click();
  const observer = new MutationObserver(() => {
    const button = find();
    if (!button) return;
    stop();
    button.click();
  });
  const timer = setTimeout(() => stop(), waitMs);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(document.getElementById('root') ?? document.body, { childList: true, subtree: true });
}
