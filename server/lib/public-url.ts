/**
 * Absolute addresses for the URLs clients use as they are (issue 15). A page on another origin
 * (the existing player site on its own domain, the Mini App on a CDN) resolves a root-relative
 * `/assets/…` or `/demo-aggregator/…` against ITSELF, so with PUBLIC_URL set the API hands out
 * game art, provider logos, type icons, posters and the demo launch URL absolute on it.
 *
 * Not these: the fields the existing frontend prefixes with its own API host (`img_url`,
 * contact `image`, bank `img`, and `video_url`; api-contract.md § Conventions): an absolute
 * value there would become `https://host` + `https://host/…`. They stay root-relative.
 *
 * Without PUBLIC_URL (development) every URL stays as stored: root-relative works on the same
 * origin, and nothing derived from a request's Host header ends up in cached answers.
 * Decision 0015.
 */
export type ToAbsolute = (url: string) => string;

const unchanged: ToAbsolute = (url) => url;

/** `/assets/x.svg` → `https://play.example.com/assets/x.svg`; an absolute URL (or none) stays. */
export function absoluteUrls(publicUrl: string | undefined): ToAbsolute {
  if (!publicUrl) return unchanged;
  const origin = new URL(publicUrl).origin;
  // `//host/…` is already absolute (scheme-relative): never glued to our origin.
  return (url) => (url.startsWith('/') && !url.startsWith('//') ? origin + url : url);
}

/** The same for a URL that may be missing. */
export const absoluteOrNull = (toAbsolute: ToAbsolute, url: string | null | undefined): string | null =>
  url ? toAbsolute(url) : null;
