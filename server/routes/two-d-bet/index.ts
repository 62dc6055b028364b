import { Hono } from 'hono';
import { bodyLimit } from '../../lib/body-limit';
import type { AppEnv, Deps } from '../../types/app';
import { twoDConfig } from '../../domain/two-d/calendar';
import { fail } from '../../lib/http';
import { requireUser } from '../auth';
import { oneAtATime } from '../wallet/one-at-a-time';
import { placeTwoDBet } from './bet';
import { availabilityRoute, eveningSlips, morningSlips } from './reads';
import { dailyWinnersRoute } from './winners';
import { refuse } from '../../i18n/refusals';

/** 100 lines of { num, amount } fit easily; anything larger is refused before it is read. */
const MAX_BODY_BYTES = 32 * 1024;

/**
 * The 2D player side (api-contract.md § 2D lottery): placing bets against the per-number breaks,
 * the availability grid, the player's slips and the daily winners. Results, the calendar and
 * settlement live in routes/two-d-results and domain/two-d.
 */
export function twoDBetRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();
  const auth = requireUser(deps);
  const cfg = twoDConfig(deps.env);
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => fail(c, 413, refuse('request.too_large')),
  });
  // A player's bets wait their turn in this process (see wallet/one-at-a-time.ts); correctness
  // comes from the counter and wallet row locks, across every process.
  const perPlayer = oneAtATime();

  routes.post('/twod-bet', auth, limitBody, (c) => placeTwoDBet(c, deps, cfg, perPlayer));
  routes.get('/twod-availability', (c) => availabilityRoute(c, deps, cfg));
  routes.get('/twod-bet-slips', auth, (c) => morningSlips(c, deps));
  routes.get('/evening-twod-bet-slips', auth, (c) => eveningSlips(c, deps));
  routes.get('/two-d-daily-winners', auth, (c) => dailyWinnersRoute(c, deps));
  return routes;
}
