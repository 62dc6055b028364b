/**
 * Where the browser tests find Chromium: CHROMIUM_PATH, else the usual install locations. Without
 * one, the run stops at once with one line saying how to get it (not a wall of failures).
 */
import { existsSync } from 'node:fs';

const USUAL = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/snap/bin/chromium', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable', '/Applications/Chromium.app/Contents/MacOS/Chromium', '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'];

export const NO_CHROMIUM =
  'No Chromium found for the browser tests: install it (Debian/Ubuntu: `sudo apt install chromium`) or set CHROMIUM_PATH to a Chromium or Chrome binary.';

export function findChromium(env: NodeJS.ProcessEnv = process.env, exists: (path: string) => boolean = existsSync): string | null {
  const given = env.CHROMIUM_PATH;
  if (given) return exists(given) ? given : null;
  return USUAL.find((path) => exists(path)) ?? null;
}
