import type { Context } from 'hono';
import { isCalendarDate, sessionFromLegacyId, type Session } from '../../domain/two-d/calendar';
import { throwIfInvalid } from '../../lib/validation';
import { refuse } from '../../i18n/refusals';

/** `?date=YYYY-MM-DD` (a real calendar date), or `fallback` when absent; a bad one is a 422. */
export function dateParam(c: Context, fallback: string): string {
  const raw = c.req.query('date');
  if (raw === undefined || raw.trim() === '') return fallback;
  const date = raw.trim();
  if (!isCalendarDate(date)) throwIfInvalid({ date: [refuse('field.date_format', { field: 'date' })] });
  return date;
}

/**
 * `?session=morning|evening` (or the legacy ids 1-4), undefined when absent or "all"; anything
 * else is a 422.
 */
export function sessionParam(c: Context): Session | undefined {
  const raw = c.req.query('session');
  if (raw === undefined) return undefined;
  const text = raw.trim().toLowerCase();
  if (text === '' || text === 'all') return undefined;
  const session = sessionFromLegacyId(text);
  if (!session) throwIfInvalid({ session: [refuse('field.selected_invalid', { field: 'session' })] });
  return session!;
}
