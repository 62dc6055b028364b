import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../types/app';
import { NO_RESULT, dailyWinners, latestResults } from '../../domain/two-d/winners';
import { HttpError, ok } from '../../lib/http';
import { yangonDate } from '../../lib/time';
import { dateParam, sessionParam } from './params';

/**
 * GET /two-d-daily-winners?date=&session=. With a session: that draw's confirmed result and its
 * winners (404 "No result yet." without a confirmed result). Without (or "all"): the latest
 * confirmed draws on or before the date (default today, Yangon), up to 10.
 */
export async function dailyWinnersRoute(c: Context<AppEnv>, deps: Deps) {
  const date = dateParam(c, yangonDate(deps.clock.now()));
  const session = sessionParam(c);
  const { db } = deps.database;
  if (!session) return ok(c, { latest_results: await latestResults(db, date) });
  const draw = await dailyWinners(db, date, session);
  if (!draw) throw new HttpError(404, NO_RESULT);
  return ok(c, draw);
}
