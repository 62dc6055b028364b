/**
 * The self-hosted Burmese font is fetched only when it can be needed: its CSS is imported the
 * first time Burmese is active or Burmese text is about to be shown (the language menu). The
 * @font-face rules carry a Myanmar unicode-range, so even then the woff2 downloads only once
 * Burmese glyphs actually render.
 */
let loading: Promise<unknown> | null = null;

export function ensureMyanmarFont(): Promise<unknown> {
  loading ??= Promise.all([
    import('@fontsource/noto-sans-myanmar/myanmar-400.css'),
    import('@fontsource/noto-sans-myanmar/myanmar-700.css'),
  ]).catch(() => {
    // The system fallbacks (Padauk, Myanmar Text) still render Burmese; allow a later retry.
    loading = null;
  });
  return loading;
}
