/**
 * Secret values that appear in this repository (the old development defaults). Anyone can read them, so they must sign nothing: a configured secret equal to one is
 * treated as missing, and a production start refuses it (server/config-check.ts).
 */
export const PUBLISHED_SECRETS: ReadonlySet<string> = new Set([
  'kyatplay-dev-seamless-secret',
  'kyatplay-dev-shan-secret',
]);

/** True when `value` may sign money: set, and not a published value. */
export function isUsableSecret(value: string | undefined): value is string {
  return value !== undefined && value !== '' && !PUBLISHED_SECRETS.has(value);
}
