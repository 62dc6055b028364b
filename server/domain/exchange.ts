import { sql } from 'drizzle-orm';
import { exchanges } from '../db/schema';
import { applyMovements, type Balances, type Tx, type Wallet } from './ledger';

/**
 * Moving money between a player's own wallets: one `exchanges` row and two ledger movements
 * (debit one wallet, credit the other) in the caller's transaction. Throws InsufficientBalance
 * when the source wallet is short; the caller rolls back, so the exchange row goes with it.
 */
export type ExchangeDirection = 'mainToGame' | 'gameToMain';

/** The legacy wire names, stored in exchanges.type. */
export const EXCHANGE_TYPE = {
  mainToGame: 'mainBalanceToGaming',
  gameToMain: 'GamingToMainBalance',
} as const satisfies Record<ExchangeDirection, string>;

const ROUTE: Record<ExchangeDirection, { from: Wallet; to: Wallet }> = {
  mainToGame: { from: 'main', to: 'game' },
  gameToMain: { from: 'game', to: 'main' },
};

export function exchangeReference(id: number): string {
  return `exchange:${id}`;
}

/** `amount` in pya, > 0. Returns the balances after the exchange. */
export async function exchangeBalances(
  tx: Tx,
  userId: number,
  direction: ExchangeDirection,
  amount: bigint,
): Promise<Balances & { exchangeId: number }> {
  if (amount <= 0n) throw new RangeError('an exchange moves a positive amount');
  // The row comes first for its id, which the ledger rows carry as their reference.
  const [row] = await tx
    .insert(exchanges)
    .values({ userId: sql.placeholder('userId'), type: sql.placeholder('type'), amount: sql.placeholder('amount') })
    .returning({ id: exchanges.id })
    .prepare('exchange_insert') // parsed once per connection
    .execute({ userId, type: EXCHANGE_TYPE[direction], amount: amount.toString() });
  const reference = exchangeReference(row!.id);
  const { from, to } = ROUTE[direction];
  const balances = await applyMovements(tx, userId, [
    { wallet: from, amount: -amount, kind: 'exchange', reference },
    { wallet: to, amount, kind: 'exchange', reference },
  ]);
  return { ...balances, exchangeId: row!.id };
}
