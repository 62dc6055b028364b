/**
 * A player's seed pairs (table digit_seeds): at most one active pair per player (the partial
 * unique index digit_seeds_one_active), whose server seed stays secret — only its SHA-256 is
 * shown — until the player rotates it. Rotation reveals it and starts a new pair at nonce 0.
 * A bet and a rotation lock the active row, so they run one at a time per player.
 */
import { and, desc, eq } from 'drizzle-orm';
import { runStatement, statement } from '../../db/statement';
import { digitSeeds } from '../../db/schema';
import type { DbOrTx, Tx } from '../ledger';
import { hashServerSeed, newClientSeed, newServerSeed } from './roll';

/** How many revealed pairs GET /digitbet/fairness lists. */
export const REVEALED_LIST = 20;

/** A new active pair unless the player has one (a concurrent creator waits on the index, then does nothing). */
const ENSURE = statement<{ id: string }>(
  'digit_seed_ensure',
  `insert into digit_seeds (user_id, server_seed, server_seed_hash, client_seed)
   values ($1::bigint, $2::text, $3::text, $4::text)
   on conflict (user_id) where active do nothing
   returning id::text as id`,
);

/** Creates the player's active pair (a random server seed; `clientSeed` or a random one) unless they have one; true if this call created it. */
export async function ensureActivePair(tx: DbOrTx, userId: number, clientSeed = newClientSeed()): Promise<boolean> {
  const serverSeed = newServerSeed();
  const rows = await runStatement(tx, ENSURE, [userId, serverSeed, hashServerSeed(serverSeed), clientSeed]);
  return rows.length > 0;
}

export interface FairnessView {
  current: { seed_id: number; server_seed_hash: string; client_seed: string; nonce: number };
  revealed: {
    seed_id: number;
    server_seed: string;
    server_seed_hash: string;
    client_seed: string;
    bets: number;
    created_at: string;
    revealed_at: string | null;
  }[];
}

/** The active pair (its hash, never its seed) and the latest revealed pairs; creates the first pair on demand. */
export async function fairnessView(db: DbOrTx, userId: number): Promise<FairnessView> {
  const active = () =>
    db
      .select({ id: digitSeeds.id, hash: digitSeeds.serverSeedHash, clientSeed: digitSeeds.clientSeed, nonce: digitSeeds.nonce })
      .from(digitSeeds)
      .where(and(eq(digitSeeds.userId, userId), eq(digitSeeds.active, true)));
  let [current] = await active();
  if (!current) {
    await ensureActivePair(db, userId);
    [current] = await active();
  }
  if (!current) throw new Error(`no active digit seed for user ${userId}`);
  const revealed = await db
    .select()
    .from(digitSeeds)
    .where(and(eq(digitSeeds.userId, userId), eq(digitSeeds.active, false)))
    .orderBy(desc(digitSeeds.id))
    .limit(REVEALED_LIST);
  return {
    current: { seed_id: current.id, server_seed_hash: current.hash, client_seed: current.clientSeed, nonce: current.nonce },
    revealed: revealed.map((s) => ({
      seed_id: s.id,
      server_seed: s.serverSeed,
      server_seed_hash: s.serverSeedHash,
      client_seed: s.clientSeed,
      bets: s.nonce,
      created_at: s.createdAt.toISOString(),
      revealed_at: s.revealedAt ? s.revealedAt.toISOString() : null,
    })),
  };
}

/** Reveals the active pair (the UPDATE waits for a bet holding its lock) and returns the revealed id, if any. */
const REVEAL = statement<{ id: string }>(
  'digit_seed_reveal',
  `update digit_seeds set active = false, revealed_at = now()
    where user_id = $1::bigint and active
   returning id::text as id`,
);

/**
 * Rotation, in the caller's transaction: the active pair is revealed and a new one starts at
 * nonce 0 with `clientSeed` (or a random one). Two rotations at once both happen, one after the
 * other: the later one, finding the pair it waited for already revealed and the new one not yet
 * visible, waits on the index for it, then reveals that one in turn.
 */
export async function rotateSeed(tx: Tx, userId: number, clientSeed: string | undefined): Promise<FairnessView> {
  for (let attempt = 0; attempt < 4; attempt++) {
    await runStatement(tx, REVEAL, [userId]);
    if (await ensureActivePair(tx, userId, clientSeed ?? newClientSeed())) return fairnessView(tx, userId);
  }
  throw new Error(`could not rotate the digit seed of user ${userId}`);
}

