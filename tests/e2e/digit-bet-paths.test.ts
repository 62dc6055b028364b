import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itDrivesEveryPath } from './support/drive-paths';
import { startHarness, type Harness } from './support/harness';
import { digitBetJourney } from './support/path-drivers/digit-bet';
import { documentedRoll } from './support/path-drivers/digit-bet-world';

/**
 * The Digit Bet QA plan (docs/qa-paths/digit-bet.md) in Chromium against the real server: every
 * path, step by step, with the screen, the game balance and the bet rows checked after each. The
 * server really rolls: a path's "the server rolls 7" rotates the player's seed pair until the
 * next roll, computed here from docs/digit-bet.md, is 7.
 */
describe('Digit Bet: the QA plan in the browser', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('computes the roll as docs/digit-bet.md states it (its known vectors)', () => {
    expect(documentedRoll('00'.repeat(32), 'client', 0)).toBe(3);
    expect(documentedRoll('0123456789abcdef'.repeat(4), 'kyatplay', 42)).toBe(1);
    expect(documentedRoll('ff'.repeat(32), 'my-seed_2024!', 999)).toBe(9);
  });

  itDrivesEveryPath(digitBetJourney(() => h));
});
