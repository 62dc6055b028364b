import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Database } from '../db/client';
import { runStatement, statement } from '../db/statement';
import type { Step, StepRows, Transaction } from '../db/transaction';
import type { Tx } from '../domain/ledger';
import { HttpError } from './http';
import { refuse } from '../i18n/refusals';

export interface Outcome {
  status: ContentfulStatusCode;
  body: unknown;
}

/** An operation's answer, and the statements that commit with it. */
export interface OperationOutcome extends Outcome {
  /**
   * The operation's last writes, sent with the key's answer and COMMIT in one round trip (before
   * them), or with COMMIT alone when there is no key. Should any of them fail, nothing commits:
   * not they, not what the operation wrote before, not the key.
   */
  withCommit?: readonly Step[];
}

/** Thrown out of the transaction to roll back what the leading statements did, when the key had been used. */
class Replay {
  constructor(readonly outcome: Outcome) {}
}

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** The IETF Idempotency-Key draft's answer to a key reused with another payload: 422, nothing run. */
export const KEY_REUSED_MESSAGE = refuse('idempotency.body_changed');
export const KEY_REUSED_CODE = 'idempotency_key_reused';

/**
 * The key's stored scope: "METHOD /path #<sha256 of the request>". The method and path come first
 * (a key used on another route is refused with its own message); the fingerprint covers the
 * query and the body, so a retry must be the very same request to be replayed. Keys stored
 * before fingerprints (no " #") replay on scope alone.
 */
function splitScope(stored: string): { scope: string; fingerprint: string | undefined } {
  const at = stored.indexOf(' #');
  return at === -1 ? { scope: stored, fingerprint: undefined } : { scope: stored.slice(0, at), fingerprint: stored.slice(at + 2) };
}

/**
 * A hash of what the request asks for: its query and body. JSON bodies as the bytes sent (a
 * retry sends the same text); form and multipart bodies as their fields in order, files by name,
 * type and a hash of their bytes, because a browser picks a new multipart boundary on every send.
 * Read from hono's body cache: the route has already read the body (under its size limit).
 */
export async function requestFingerprint(c: Context): Promise<string> {
  const hash = createHash('sha256');
  hash.update(new URL(c.req.url).search);
  hash.update('\n');
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')) {
    const form = await c.req.parseBody({ all: true });
    for (const [name, value] of Object.entries(form)) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (typeof item === 'string') hash.update(JSON.stringify([name, item]));
        else hash.update(JSON.stringify([name, item.name, item.type, item.size, createHash('sha256').update(new Uint8Array(await item.arrayBuffer())).digest('hex')]));
      }
    }
  } else {
    hash.update(await c.req.text());
  }
  return hash.digest('hex');
}

/**
 * The key's three statements (table idempotency_keys), written by hand and named: they run on
 * every money request, where building them with drizzle cost more than running them.
 */
export const CLAIM_KEY = statement<{ id: string }>(
  'idempotency_claim',
  `insert into idempotency_keys (user_id, key, scope) values ($1::bigint, $2::text, $3::text)
   on conflict do nothing returning id::text as id`,
);
const PRIOR_ANSWER = statement<{ scope: string; response_status: number | null; response_body: string | null }>(
  'idempotency_prior',
  `select scope, response_status, response_body from idempotency_keys where user_id = $1::bigint and key = $2::text`,
);
export const STORE_ANSWER = statement<never>(
  'idempotency_store',
  `update idempotency_keys set response_status = $2::int, response_body = $3::text where id = $1::bigint`,
);

/**
 * Runs a money operation in one transaction, guarded by the request's `Idempotency-Key` header.
 * The key row is inserted first in the same transaction: a concurrent repeat blocks on the unique
 * index until the first commits, then finds the stored answer and replays it; a key whose
 * operation rolled back (a refusal, a crash) was never stored, so a retry runs afresh. A repeat
 * must be the same request (requestFingerprint): the same key with another body is refused with
 * 422 and nothing runs, as the IETF Idempotency-Key draft says.
 * Without the header the operation simply runs in its transaction.
 *
 * `leading`: the operation's first statements, sent in the transaction's first round trip with
 * BEGIN and the key's claim, after the claim; their rows are handed to the operation. When the
 * key turns out to be taken they have run all the same, so the transaction is rolled back
 * before the stored answer is replayed. The operation's `withCommit` statements travel with the
 * answer and COMMIT (OperationOutcome).
 */
export async function runIdempotent<const T extends readonly Step[] = []>(
  c: Context,
  database: Database,
  userId: number,
  operation: (tx: Tx, leading: StepRows<T>) => Promise<OperationOutcome>,
  leading?: T,
): Promise<Response> {
  const key = c.req.header('idempotency-key');
  const scope = `${c.req.method} ${new URL(c.req.url).pathname}`;
  if (key !== undefined && !KEY_PATTERN.test(key)) {
    throw new HttpError(400, refuse('idempotency.bad_key'));
  }
  const fingerprint = key === undefined ? undefined : await requestFingerprint(c);
  const storedScope = `${scope} #${fingerprint}`;

  const steps: readonly Step[] = leading ?? [];
  const run = async (t: Transaction): Promise<Done> => {
    if (key === undefined) return runUnkeyed(t, steps, operation);
    const { claimed, lead } = await claimKey<T>(t, steps, [userId, key, storedScope]);
    if (!claimed) return priorAnswer(t.tx, { userId, key, scope, fingerprint }, steps.length > 0);
    return runClaimed(t, claimed.id, () => operation(t.tx, lead));
  };

  let result: Done;
  try {
    result = await database.inTransaction(run);
  } catch (err) {
    if (!(err instanceof Replay)) throw err;
    result = { outcome: err.outcome, replayed: true };
  }

  if (result.replayed) c.header(REPLAYED_HEADER, 'true');
  // A fresh keyed answer is sent as the very text stored for it (serialized once).
  if (result.text !== undefined) return c.body(result.text, result.outcome.status, { 'Content-Type': 'application/json' });
  return c.json(result.outcome.body as object, result.outcome.status);
}

/** Without a key: the leading statements, the operation, and its last writes with COMMIT. */
async function runUnkeyed<T extends readonly Step[]>(
  { tx, pipeline, commitWithAll }: Transaction,
  steps: readonly Step[],
  operation: (tx: Tx, leading: StepRows<T>) => Promise<OperationOutcome>,
): Promise<Done> {
  const lead = (steps.length > 0 ? await pipeline(steps) : []) as StepRows<T>;
  const outcome = await operation(tx, lead);
  if (outcome.withCommit && outcome.withCommit.length > 0) await commitWithAll(outcome.withCommit);
  return { outcome, replayed: false };
}

/** Inserts the key's row, in one round trip with the leading statements (after it); `claimed` is undefined when the key was taken. */
async function claimKey<T extends readonly Step[]>(
  { tx, pipeline }: Transaction,
  steps: readonly Step[],
  params: [number, string, string],
): Promise<{ claimed: { id: string } | undefined; lead: StepRows<T> }> {
  if (steps.length === 0) {
    const [claimed] = await runStatement(tx, CLAIM_KEY, params);
    return { claimed, lead: [] as unknown as StepRows<T> };
  }
  const [claim, ...rest] = await pipeline([[CLAIM_KEY, params], ...steps]);
  const [claimed] = claim as { id: string }[];
  return { claimed, lead: rest as StepRows<T> };
}

/**
 * The key was taken: the stored answer to replay, or the refusal (another route or body: 422; not
 * answered yet: 409). Each refusal throws: the transaction rolls back, undoing the leading
 * statements too; with leading statements a replay throws as well (Replay), for the same reason.
 */
async function priorAnswer(
  tx: Tx,
  request: { userId: number; key: string; scope: string; fingerprint: string | undefined },
  hadLeading: boolean,
): Promise<Done> {
  const [prior] = await runStatement(tx, PRIOR_ANSWER, [request.userId, request.key]);
  const used = prior ? splitScope(prior.scope) : undefined;
  if (used && used.scope !== request.scope) throw new HttpError(422, refuse('idempotency.other_request'));
  if (used?.fingerprint !== undefined && used.fingerprint !== request.fingerprint) {
    throw new HttpError(422, KEY_REUSED_MESSAGE, { error: KEY_REUSED_CODE });
  }
  if (!prior || prior.response_status === null) throw new HttpError(409, refuse('idempotency.in_progress'));
  const outcome: Outcome = { status: prior.response_status as ContentfulStatusCode, body: JSON.parse(prior.response_body ?? 'null') };
  if (hadLeading) throw new Replay(outcome); // undoes what the leading statements did
  return { outcome, replayed: true };
}

/** The operation ran under the fresh key: its answer is stored by the statement that commits, so the key and its answer land together. */
async function runClaimed({ commitWith, commitWithAll }: Transaction, keyId: string, operation: () => Promise<OperationOutcome>): Promise<Done> {
  const outcome = await operation();
  const text = JSON.stringify(outcome.body);
  const params = [keyId, outcome.status, text];
  if (outcome.withCommit && outcome.withCommit.length > 0) await commitWithAll([...outcome.withCommit, [STORE_ANSWER, params]]);
  else await commitWith(STORE_ANSWER, params);
  return { outcome, text, replayed: false };
}

interface Done {
  outcome: Outcome;
  /** The answer as stored for the key. */
  text?: string;
  replayed: boolean;
}
