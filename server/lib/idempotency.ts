import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Database } from '../db/client';
import { runStatement, statement } from '../db/statement';
import type { Transaction } from '../db/transaction';
import type { DbOrTx, Tx } from '../domain/ledger';
import { HttpError } from './http';
import { refuse } from '../i18n/refusals';

export interface Outcome {
  status: ContentfulStatusCode;
  body: unknown;
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
const CLAIM_KEY = statement<{ id: string }>(
  'idempotency_claim',
  `insert into idempotency_keys (user_id, key, scope) values ($1::bigint, $2::text, $3::text)
   on conflict do nothing returning id::text as id`,
);
const PRIOR_ANSWER = statement<PriorRow>(
  'idempotency_prior_row',
  `select id::text as id, scope, response_status, response_body from idempotency_keys where user_id = $1::bigint and key = $2::text`,
);
interface PriorRow {
  id: string;
  scope: string;
  response_status: number | null;
  response_body: string | null;
}

/** A request's Idempotency-Key, and what it is stored with: "METHOD /path #<fingerprint>". */
export interface RequestKey {
  key: string;
  scope: string;
  fingerprint: string;
  storedScope: string;
}

/** The request's key (400 when malformed), or undefined without the header. Reads the body, which the route has already read under its limit. */
export async function requestKey(c: Context): Promise<RequestKey | undefined> {
  const key = c.req.header('idempotency-key');
  if (key === undefined) return undefined;
  if (!KEY_PATTERN.test(key)) throw new HttpError(400, refuse('idempotency.bad_key'));
  const scope = `${c.req.method} ${new URL(c.req.url).pathname}`;
  const fingerprint = await requestFingerprint(c);
  return { key, scope, fingerprint, storedScope: `${scope} #${fingerprint}` };
}

/** An answered key's row: its stored answer, or (body null) the id of a key whose operation keeps its answer in its own rows (digit-bet). */
export interface AnsweredKey {
  id: number;
  status: ContentfulStatusCode;
  /** The answer's text, or null when the operation keeps its answer itself. */
  body: string | null;
}

/**
 * The row of a key found taken, once it is the same request's: another route or body is refused
 * (422), a key not answered yet is 409 (its operation is still running, or it never finished).
 */
export async function answeredKey(db: DbOrTx, userId: number, request: RequestKey): Promise<AnsweredKey> {
  const [prior] = await runStatement(db, PRIOR_ANSWER, [userId, request.key]);
  const used = prior ? splitScope(prior.scope) : undefined;
  if (used && used.scope !== request.scope) throw new HttpError(422, refuse('idempotency.other_request'));
  if (used?.fingerprint !== undefined && used.fingerprint !== request.fingerprint) {
    throw new HttpError(422, KEY_REUSED_MESSAGE, { error: KEY_REUSED_CODE });
  }
  if (!prior || prior.response_status === null) throw new HttpError(409, refuse('idempotency.in_progress'));
  return { id: Number(prior.id), status: prior.response_status as ContentfulStatusCode, body: prior.response_body };
}

const STORE_ANSWER = statement<never>(
  'idempotency_store',
  `update idempotency_keys set response_status = $2::int, response_body = $3::text where id = $1::bigint`,
);

/** Claims the request's key for `userId` on `db` (a transaction): the new key row's id, or null when it was taken before. */
export async function claimKey(db: DbOrTx, userId: number, request: RequestKey): Promise<string | null> {
  const [claimed] = await runStatement(db, CLAIM_KEY, [userId, request.key, request.storedScope]);
  return claimed?.id ?? null;
}

/** Stores a claimed key's answer in the claim's transaction (so the key and its answer commit together). */
export async function storeAnswer(db: DbOrTx, keyId: string, status: number, text: string): Promise<void> {
  await runStatement(db, STORE_ANSWER, [keyId, status, text]);
}

/**
 * Runs a money operation in one transaction, guarded by the request's `Idempotency-Key` header.
 * The key row is inserted first in the same transaction: a concurrent repeat blocks on the unique
 * index until the first commits, then finds the stored answer and replays it; a key whose
 * operation rolled back (a refusal, a crash) was never stored, so a retry runs afresh. A repeat
 * must be the same request (requestFingerprint): the same key with another body is refused with
 * 422 and nothing runs, as the IETF Idempotency-Key draft says.
 * Without the header the operation simply runs in its transaction.
 */
export async function runIdempotent(c: Context, database: Database, userId: number, operation: (tx: Tx) => Promise<Outcome>): Promise<Response> {
  const request = await requestKey(c);
  const result = await database.inTransaction(async (t: Transaction): Promise<Done> => {
    if (request === undefined) return { outcome: await operation(t.tx), replayed: false };
    const claimed = await claimKey(t.tx, userId, request);
    if (claimed === null) return priorAnswer(t.tx, userId, request);
    return runClaimed(t, claimed, () => operation(t.tx));
  });

  if (result.replayed) c.header(REPLAYED_HEADER, 'true');
  // A fresh keyed answer is sent as the very text stored for it (serialized once).
  if (result.text !== undefined) return c.body(result.text, result.outcome.status, { 'Content-Type': 'application/json' });
  return c.json(result.outcome.body as object, result.outcome.status);
}

/** The key was taken: the stored answer to replay, or the refusal (another route or body: 422; not answered yet: 409), which throws and rolls back. */
async function priorAnswer(tx: Tx, userId: number, request: RequestKey): Promise<Done> {
  const { status, body } = await answeredKey(tx, userId, request);
  return { outcome: { status, body: JSON.parse(body ?? 'null') }, replayed: true };
}

/** The operation ran under the fresh key: its answer is stored by the statement that commits, so the key and its answer land together. */
async function runClaimed({ commitWith }: Transaction, keyId: string, operation: () => Promise<Outcome>): Promise<Done> {
  const outcome = await operation();
  const text = JSON.stringify(outcome.body);
  await commitWith(STORE_ANSWER, [keyId, outcome.status, text]);
  return { outcome, text, replayed: false };
}

interface Done {
  outcome: Outcome;
  /** The answer as stored for the key. */
  text?: string;
  replayed: boolean;
}
