import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../types/app';
import { availability, playerSlips } from '../../domain/two-d/betting-read';
import type { Session, TwoDConfig } from '../../domain/two-d/calendar';
import { ok } from '../../lib/http';
import { yangonDate } from '../../lib/time';
import { dateParam, sessionParam } from './params';

/**
 * GET /twod-availability?session=: the grid of the draw a bet would join now (or the requested
 * session of today). No login needed; polled by the bet page, so it is one query for the numbers.
 */
export async function availabilityRoute(c: Context<AppEnv>, deps: Deps, cfg: TwoDConfig) {
  const wanted = sessionParam(c);
  return ok(c, await availability(deps.database.db, deps.clock.now(), cfg, wanted));
}

async function slips(c: Context<AppEnv>, deps: Deps, session: Session) {
  const date = dateParam(c, yangonDate(deps.clock.now()));
  const user = c.var.user;
  return ok(c, await playerSlips(deps.database.db, user.id, user.name, date, session));
}

/** GET /twod-bet-slips: the player's morning slips of today (Yangon), or of `?date=`, newest first. */
export const morningSlips = (c: Context<AppEnv>, deps: Deps) => slips(c, deps, 'morning');
/** GET /evening-twod-bet-slips: the same for the evening draw. */
export const eveningSlips = (c: Context<AppEnv>, deps: Deps) => slips(c, deps, 'evening');
