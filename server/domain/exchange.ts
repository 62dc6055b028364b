import { runStatement, statement } from '../db/statement';
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
  const [row] = await runStatement(tx, INSERT_EXCHANGE, [userId, EXCHANGE_TYPE[direction], amount.toString()]);
  const exchangeId = Number(row!.id);
  const reference = exchangeReference(exchangeId);
  const { from, to } = ROUTE[direction];
  const balances = await applyMovements(tx, userId, [
    { wallet: from, amount: -amount, kind: 'exchange', reference },
    { wallet: to, amount, kind: 'exchange', reference },
  ]);
  return { ...balances, exchangeId };
}

/** The exchanges row (table exchanges); hand-written as it runs on every exchange (statement.ts). */
const INSERT_EXCHANGE = statement<{ id: string }>(
  'exchange_insert',
  `insert into exchanges (user_id, type, amount) values ($1::bigint, $2::text, $3::bigint) returning id::text as id`,
);
