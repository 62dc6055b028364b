import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import type { Tx } from '../domain/ledger';
import { HttpError } from './http';

export interface Outcome {
  status: ContentfulStatusCode;
  body: unknown;
}

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/**
 * Runs a money operation in one transaction, guarded by the request's `Idempotency-Key` header.
 * The key row is inserted first in the same transaction: a concurrent repeat blocks on the unique
 * index until the first commits, then finds the stored answer and replays it; a key whose
 * operation rolled back (a refusal, a crash) was never stored, so a retry runs afresh.
 * Without the header the operation simply runs in its transaction.
 */
export async function runIdempotent(
  c: Context,
  db: Db,
  userId: number,
  operation: (tx: Tx) => Promise<Outcome>,
): Promise<Response> {
  const key = c.req.header('idempotency-key');
  const scope = `${c.req.method} ${new URL(c.req.url).pathname}`;
  if (key !== undefined && !KEY_PATTERN.test(key)) {
    throw new HttpError(400, 'The Idempotency-Key header must be 1 to 200 visible ASCII characters.');
  }

  const result = await db.transaction(async (tx) => {
    if (key === undefined) return { outcome: await operation(tx), replayed: false };
    const [claimed] = await tx
      .insert(idempotencyKeys)
      .values({ userId, key, scope })
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.id });
    if (!claimed) {
      const [prior] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      if (!prior || prior.responseStatus === null) throw new HttpError(409, 'This request is still being processed.');
      if (prior.scope !== scope) throw new HttpError(422, 'This Idempotency-Key was used for another request.');
      const outcome: Outcome = { status: prior.responseStatus as ContentfulStatusCode, body: JSON.parse(prior.responseBody ?? 'null') };
      return { outcome, replayed: true };
    }
    const outcome = await operation(tx);
    await tx
      .update(idempotencyKeys)
      .set({ responseStatus: outcome.status, responseBody: JSON.stringify(outcome.body) })
      .where(eq(idempotencyKeys.id, claimed.id));
    return { outcome, replayed: false };
  });

  if (result.replayed) c.header(REPLAYED_HEADER, 'true');
  return c.json(result.outcome.body as object, result.outcome.status);
}
