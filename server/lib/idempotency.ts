import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Database } from '../db/client';
import { runStatement, statement } from '../db/statement';
import type { Tx } from '../domain/ledger';
import { HttpError } from './http';

export interface Outcome {
  status: ContentfulStatusCode;
  body: unknown;
}

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/**
 * The key's three statements (table idempotency_keys), written by hand and named: they run on
 * every money request, where building them with drizzle cost more than running them.
 */
const CLAIM_KEY = statement<{ id: string }>(
  'idempotency_claim',
  `insert into idempotency_keys (user_id, key, scope) values ($1::bigint, $2::text, $3::text)
   on conflict do nothing returning id::text as id`,
);
const PRIOR_ANSWER = statement<{ scope: string; response_status: number | null; response_body: string | null }>(
  'idempotency_prior',
  `select scope, response_status, response_body from idempotency_keys where user_id = $1::bigint and key = $2::text`,
);
const STORE_ANSWER = statement<never>(
  'idempotency_store',
  `update idempotency_keys set response_status = $2::int, response_body = $3::text where id = $1::bigint`,
);

/**
 * Runs a money operation in one transaction, guarded by the request's `Idempotency-Key` header.
 * The key row is inserted first in the same transaction: a concurrent repeat blocks on the unique
 * index until the first commits, then finds the stored answer and replays it; a key whose
 * operation rolled back (a refusal, a crash) was never stored, so a retry runs afresh.
 * Without the header the operation simply runs in its transaction.
 */
export async function runIdempotent(
  c: Context,
  database: Database,
  userId: number,
  operation: (tx: Tx) => Promise<Outcome>,
): Promise<Response> {
  const key = c.req.header('idempotency-key');
  const scope = `${c.req.method} ${new URL(c.req.url).pathname}`;
  if (key !== undefined && !KEY_PATTERN.test(key)) {
    throw new HttpError(400, 'The Idempotency-Key header must be 1 to 200 visible ASCII characters.');
  }

  const result = await database.inTransaction(async ({ tx, commitWith }) => {
    if (key === undefined) return { outcome: await operation(tx), replayed: false };
    const [claimed] = await runStatement(tx, CLAIM_KEY, [userId, key, scope]);
    if (!claimed) {
      const [prior] = await runStatement(tx, PRIOR_ANSWER, [userId, key]);
      if (!prior || prior.response_status === null) throw new HttpError(409, 'This request is still being processed.');
      if (prior.scope !== scope) throw new HttpError(422, 'This Idempotency-Key was used for another request.');
      const outcome: Outcome = { status: prior.response_status as ContentfulStatusCode, body: JSON.parse(prior.response_body ?? 'null') };
      return { outcome, replayed: true };
    }
    const outcome = await operation(tx);
    // The answer is stored by the statement that commits: the key and its answer land together.
    await commitWith(STORE_ANSWER, [claimed.id, outcome.status, JSON.stringify(outcome.body)]);
    return { outcome, replayed: false };
  });

  if (result.replayed) c.header(REPLAYED_HEADER, 'true');
  return c.json(result.outcome.body as object, result.outcome.status);
}
