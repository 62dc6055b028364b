import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../types/app';
import type { Tx } from '../../domain/ledger';
import { BET_PLACED, drawForBet, placeBet } from '../../domain/two-d/betting';
import { parseBetInput } from '../../domain/two-d/betting-input';
import type { TwoDConfig } from '../../domain/two-d/calendar';
import { OK_STATUS } from '../../lib/http';
import { runIdempotent, type Outcome } from '../../lib/idempotency';
import { readBody } from '../../lib/request-body';
import type { oneAtATime } from '../wallet/one-at-a-time';

type Queue = ReturnType<typeof oneAtATime>;

/**
 * POST /twod-bet. The body is checked before any transaction (422). Then, through the
 * Idempotency-Key and in ONE transaction: the draw from the server's clock (400 when closed), the
 * counters locked and checked (400 listing every over-limit or closed number), the main balance
 * debited (400 "Insufficient Funds"), the slip, its bets and the counters written. A refusal is
 * thrown out of the transaction: nothing of it stays, not even the key.
 */
export async function placeTwoDBet(c: Context<AppEnv>, deps: Deps, cfg: TwoDConfig, queue: Queue) {
  const input = parseBetInput(await readBody(c));
  const user = c.var.user;
  const operation = async (tx: Tx): Promise<Outcome> => {
    const draw = await drawForBet(tx, deps.clock.now(), cfg, input.session);
    const slip = await placeBet(tx, {
      userId: user.id,
      playerName: user.name,
      draw,
      lines: input.lines,
      total: input.total,
      cfg,
      clock: deps.clock,
    });
    return { status: 200, body: { status: OK_STATUS, message: BET_PLACED, data: { slip } } };
  };
  return queue(user.id, () => runIdempotent(c, deps.database, user.id, operation));
}
