import { afterAll, beforeAll, describe } from 'vitest';
import { itDrivesEveryPath } from './support/drive-paths';
import { startHarness, type Harness } from './support/harness';
import { depositJourney } from './support/path-drivers/deposit';
import { withdrawJourney } from './support/path-drivers/withdraw';

const ADMIN_TOKEN = 'e2e-admin-token-0123456789';

/**
 * The money forms' QA plans (docs/qa-paths/deposit-form.md, withdraw-form.md) in Chromium against
 * the real server: every path of each plan, step by step, with the screen checked after each.
 */
describe('money forms: the QA plans in the browser', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ ADMIN_TOKEN });
  });
  afterAll(() => h?.close());

  describe('deposit form', () => itDrivesEveryPath(depositJourney(() => h, ADMIN_TOKEN)));
  describe('withdraw form', () => itDrivesEveryPath(withdrawJourney(() => h, ADMIN_TOKEN)));
});
