/**
 * The Burmese face is declared with the site's CSS (src/styles/base.css): the phone's own Noto
 * Sans Myanmar when it has one, else our file, fetched only once Burmese glyphs are laid out.
 * This warms it a moment early — when Burmese becomes active or Burmese text is about to be shown
 * (the language menu) — so the first Burmese words the app paints need not wait for it.
 */
let loading: Promise<unknown> | null = null;

export function ensureMyanmarFont(): Promise<unknown> {
  loading ??= Promise.all(['400', '700'].map((weight) => document.fonts.load(`${weight} 1em "Noto Sans Myanmar"`, '\u1000'))).catch(() => {
    // The system fallbacks (Padauk, Myanmar Text) still render Burmese; allow a later retry.
    loading = null;
  });
  return loading;
}
