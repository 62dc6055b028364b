/**
 * `npm test` runs this first: a missing Chromium stops the run at once with one line saying how to
 * get it, rather than after the unit suites with a wall of browser failures. (A missing PostgreSQL
 * needs nothing: the unit run's global setup starts a throw-away one, tests/support/global-db.ts.)
 */
import { NO_CHROMIUM, findChromium } from './chromium';

if (!findChromium()) {
  console.error(NO_CHROMIUM);
  process.exit(1);
}
