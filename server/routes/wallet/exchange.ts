import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../types/app';
import { exchangeBalances, type ExchangeDirection } from '../../domain/exchange';
import { InsufficientBalance, type Tx } from '../../domain/ledger';
import { HttpError, OK_STATUS } from '../../lib/http';
import { runIdempotent, type Outcome } from '../../lib/idempotency';
import { formatMoney } from '../../lib/money';
import { readBody } from '../../lib/request-body';
import { requireAmount } from './amount';
import type { oneAtATime } from './one-at-a-time';
import { refuse } from '../../i18n/refusals';

type Queue = ReturnType<typeof oneAtATime>;

export const EXCHANGED = 'successfully exchange balance';
export const NOT_ENOUGH = refuse('wallet.not_enough');

/**
 * POST /exchange-main-to-game and /exchange-game-to-main. The amount is validated before any
 * transaction opens; the movement, its exchange row and the Idempotency-Key's stored answer
 * commit together. A refusal is thrown out of the transaction so that nothing of it stays:
 * no exchange row, no ledger row, no key (a retry with the same key runs afresh). A player's
 * exchanges wait their turn in `queue` (see one-at-a-time.ts).
 */
export async function exchange(c: Context<AppEnv>, deps: Deps, direction: ExchangeDirection, queue: Queue) {
  const amount = requireAmount(await readBody(c));
  const userId = c.var.user.id;
  const operation = async (tx: Tx): Promise<Outcome> => {
    try {
      const after = await exchangeBalances(tx, userId, direction, amount);
      const data = { balance: formatMoney(after.balance), main_balance: formatMoney(after.mainBalance) };
      return { status: 200, body: { status: OK_STATUS, message: EXCHANGED, data } };
    } catch (err) {
      if (err instanceof InsufficientBalance) throw new HttpError(400, NOT_ENOUGH);
      throw err;
    }
  };
  return queue(userId, () => runIdempotent(c, deps.database, userId, operation));
}
