import { afterAll, beforeAll, describe } from 'vitest';
import { itDrivesEveryPath } from './support/drive-paths';
import { startHarness, type Harness } from './support/harness';
import { exchangeJourney } from './support/path-drivers/exchange';
import { internalTransferJourney } from './support/path-drivers/internal-transfer';

/**
 * The transfer screens' QA plans (docs/qa-paths/exchange.md, internal-transfer.md) in Chromium
 * against the real server: every path of each plan, step by step, with the screen, the balances
 * and the database checked after each.
 */
describe('transfers between the wallets: the QA plans in the browser', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  describe('exchange dialog', () => itDrivesEveryPath(exchangeJourney(() => h)));
  describe('internal transfer', () => itDrivesEveryPath(internalTransferJourney(() => h)));
});
