import { count } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { twoDSettlements } from '../../server/db/schema';
import { startTwoDScheduler } from '../../server/domain/two-d/scheduler';
import { testEnv } from '../../server/env';
import { manualClock } from '../../server/lib/clock';
import { createTestDatabase } from '../support/db';
import { yangon } from './two-d-results-helpers';
import { log } from '../../server/lib/log';

/**
 * The 2D scheduler on shutdown (decision 0027): stop() resolves only once the tick in progress has
 * finished, so the database can close right after it without cutting a settlement in half.
 */

describe('2D scheduler stop', () => {
  afterEach(() => vi.restoreAllMocks());

  it('waits for the tick in progress (a week of draws caught up), after which the database closes cleanly', async () => {
    const warn = vi.spyOn(log, 'warn');
    const database = await createTestDatabase('pglite');
    // A fresh install on a Friday evening: its first tick looks back 7 days and settles 12 draws (6 trading days).
    const clock = manualClock(yangon('2026-01-09', '18:00'));
    const stop = startTwoDScheduler({ database, env: testEnv({ TWO_D_SIMULATE: true }), clock }, 60_000);
    await stop();
    const [settled] = await database.db.select({ n: count() }).from(twoDSettlements);
    expect(settled!.n).toBe(12);
    await database.close();
    expect(warn.mock.calls.filter((call) => JSON.stringify(call).includes('two-d'))).toEqual([]);
  });
});
