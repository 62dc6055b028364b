import { afterAll, beforeAll, describe } from 'vitest';
import { manualClock } from '../../server/lib/clock';
import { itDrivesEveryPath } from './support/drive-paths';
import { startHarness, type Harness } from './support/harness';
import { twoDBetJourney } from './support/path-drivers/two-d-bet';

const ADMIN_TOKEN = 'e2e-admin-token-0123456789';
/** Monday 23 November 2026, 10:00 in Yangon: both draws of the day take bets (cut-offs 11:55 and 15:55). */
const MONDAY_MORNING = '2026-11-23T03:30:00Z';

/**
 * The 2D bet's QA plan (docs/qa-paths/two-d-bet.md) in Chromium against the real server: every
 * path, step by step, with the screen and the money checked after each.
 */
describe('2D bet: the QA plan in the browser', () => {
  let h: Harness;
  const clock = manualClock(MONDAY_MORNING);
  beforeAll(async () => {
    h = await startHarness({ ADMIN_TOKEN }, clock);
  });
  afterAll(() => h?.close());

  itDrivesEveryPath(twoDBetJourney(() => h, { clock, adminToken: ADMIN_TOKEN }));
});
