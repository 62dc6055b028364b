import { Hono, type Context } from 'hono';
import { bodyLimit } from '../../lib/body-limit';
import type { AppEnv, Deps } from '../../types/app';
import { DigitBetBatcher, betHistory, placeDigitBet, replayedBet } from '../../domain/digit-bet/bets';
import { parseClientSeed, parseDigitBet } from '../../domain/digit-bet/input';
import { payoutsFrom } from '../../domain/digit-bet/outcome';
import { fairnessView, rotateSeed } from '../../domain/digit-bet/seeds';
import type { Tx } from '../../domain/ledger';
import { fail } from '../../lib/http';
import { REPLAYED_HEADER, answeredKey, requestKey, runIdempotent, type Outcome } from '../../lib/idempotency';
import { readBody } from '../../lib/request-body';
import { queryFields } from '../../lib/request-input';
import { optionalIdQuery } from '../../lib/schemas';
import { requireUser } from '../auth';
import { oneAtATime } from '../wallet/one-at-a-time';
import { digitGuard, digitOk } from './respond';
import { refuse } from '../../i18n/refusals';

const MAX_BODY_BYTES = 4 * 1024;
/** `?seed_id=` of GET /digitbet/history: optional, a positive integer. */
const historyQuery = { seed_id: optionalIdQuery('seed_id') };

/**
 * Provably fair Digit Bet (docs/digit-bet.md): POST /digitbet, GET /digitbet/history[?seed_id],
 * GET /digitbet/fairness, POST /digitbet/seed/rotate. The server rolls; what the client sends as
 * `rolled_number`/`outcome` is ignored.
 */
export function digitBetRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();
  const auth = requireUser(deps);
  const payouts = payoutsFrom(deps.env);
  const limitBody = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => fail(c, 413, refuse('request.too_large')) });
  // A player's bets and rotations wait their turn in this process (wallet/one-at-a-time.ts);
  // correctness comes from the seed and wallet row locks, across every process.
  const perPlayer = oneAtATime();

  const batcher = new DigitBetBatcher(deps.database.db, payouts);
  routes.post('/digitbet', auth, limitBody, (c) => digitGuard(c, () => placeBet(c, deps, batcher, perPlayer)));

  routes.get('/digitbet/history', auth, (c) =>
    digitGuard(c, async () => {
      const { seed_id: seedId } = queryFields(c, historyQuery);
      return c.json(digitOk(await betHistory(deps.database.db, c.var.user.id, seedId)));
    }),
  );

  routes.get('/digitbet/fairness', auth, (c) =>
    digitGuard(c, async () => c.json(digitOk(await fairnessView(deps.database.db, c.var.user.id)))),
  );

  routes.post('/digitbet/seed/rotate', auth, limitBody, (c) =>
    digitGuard(c, async () => {
      const clientSeed = parseClientSeed(await readBody(c));
      const userId = c.var.user.id;
      const operation = async (tx: Tx): Promise<Outcome> => ({ status: 200, body: digitOk(await rotateSeed(tx, userId, clientSeed)) });
      return perPlayer(userId, () => runIdempotent(c, deps.database, userId, operation));
    }),
  );
  return routes;
}

/**
 * POST /digitbet: one statement (bets.ts), one round trip to the database after the token's. A
 * key already used gets that bet's answer again (Idempotent-Replayed), rebuilt from its row, or
 * the stored text of an answer given before migration 0014 (keys are kept, so an upgraded install
 * still holds such rows: decision 0036); another request's key is refused (lib/idempotency.ts).
 */
async function placeBet(c: Context<AppEnv>, deps: Deps, batcher: DigitBetBatcher, perPlayer: ReturnType<typeof oneAtATime>) {
  const input = parseDigitBet(await readBody(c), deps.env.DIGIT_MAX_STAKE);
  const userId = c.var.user.id;
  const key = await requestKey(c);
  const db = deps.database.db;
  const placed = await perPlayer(userId, () => placeDigitBet(batcher, db, { userId, input, at: deps.clock.now(), key }));
  if (placed) return c.json(digitOk(placed.data, placed.message));
  const answered = await answeredKey(db, userId, key!);
  c.header(REPLAYED_HEADER, 'true');
  if (answered.body !== null) return c.json(JSON.parse(answered.body) as object, answered.status);
  const replayed = await replayedBet(db, answered.id);
  if (!replayed) throw new Error(`idempotency key ${answered.id} names no bet`);
  return c.json(digitOk(replayed.data, replayed.message));
}
