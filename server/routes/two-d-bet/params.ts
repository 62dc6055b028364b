import type { Context } from 'hono';
import { sessionFromLegacyId, type Session } from '../../domain/two-d/calendar';
import { choice, optionalCalendarDate } from '../../lib/schemas';
import { queryFields } from '../../lib/request-input';

/** The 2D reads' query pieces (lib/schemas.ts); each is checked on its own, in the order a handler asks. */
export const dateQuery = { date: optionalCalendarDate('date') };

/** `morning|evening` or the legacy ids 1-4; absent, blank or "all" is every session (null). */
export const sessionQuery = {
  session: choice('session', (raw): Session | 'all' | null => {
    if (raw === undefined) return 'all';
    const text = String(raw).trim().toLowerCase();
    if (text === '' || text === 'all') return 'all';
    return sessionFromLegacyId(text);
  }),
};

/** `?date=YYYY-MM-DD` (a real calendar date), or `fallback` when absent; a bad one is a 422. */
export function dateParam(c: Context, fallback: string): string {
  return queryFields(c, dateQuery).date ?? fallback;
}

/**
 * `?session=morning|evening` (or the legacy ids 1-4), undefined when absent or "all"; anything
 * else is a 422.
 */
export function sessionParam(c: Context): Session | undefined {
  const session = queryFields(c, sessionQuery).session;
  return session === 'all' ? undefined : session;
}
