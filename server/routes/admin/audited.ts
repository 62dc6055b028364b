/**
 * The audit helper every changing admin route runs through (gate.ts; decision 0018). It reads the
 * body first (bounded, so a slow upload never holds a transaction open), then opens ONE
 * transaction in which the target's state is read, the route's handler makes its change (through
 * `adminDb(c)`), the state is read again and the audit row is written. A refused or failed
 * request (4xx/5xx) rolls back: no change, no row. A change cannot commit without its row.
 */
import type { Context, Next } from 'hono';
import type { AppEnv, Deps } from '../../types/app';
import type { Db } from '../../db/client';
import { recordAudit } from '../../domain/operators/audit';
import { snapshot } from '../../domain/operators/snapshots';
import { clientIp } from '../../lib/client-ip';
import { HttpError } from '../../lib/http';
import { REPLAYED_HEADER } from '../../lib/idempotency';
import type { AuditSpec } from './access';

const ROLLBACK = Symbol('rollback');
const KIB = 1024;

type Ctx = Context<AppEnv>;

/** The database handle of an admin handler: the audit transaction while one is open. */
export const adminDb = (c: Ctx, deps: Deps): Db => c.var.admin?.db ?? deps.database.db;

/** Reads the whole body (at most `cap` bytes) so the routes' own limits and parsers reuse it. */
async function bufferBody(c: Ctx, cap: number): Promise<void> {
  const raw = c.req.raw;
  if (!raw.body) return;
  const tooLarge = () => new HttpError(413, 'The request body is too large.');
  if (Number(raw.headers.get('content-length') ?? 0) > cap) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = raw.body.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    size += part.value.length;
    if (size > cap) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(part.value);
  }
  const headers = new Headers(raw.headers);
  headers.set('content-length', String(size));
  headers.delete('transfer-encoding');
  c.req.raw = new Request(raw.url, { method: raw.method, headers, body: Buffer.concat(chunks) });
}

async function answerData(c: Ctx): Promise<Record<string, unknown> | null> {
  const body = (await c.res.clone().json().catch(() => null)) as { data?: unknown } | null;
  return body && typeof body.data === 'object' && body.data !== null ? (body.data as Record<string, unknown>) : null;
}

export function auditedChange(deps: Deps) {
  // Larger than any admin route's own limit (a video ad's video + poster + fields).
  const cap = deps.env.MAX_VIDEO_BYTES + 2 * deps.env.MAX_IMAGE_BYTES + 256 * KIB;
  return async (c: Ctx, spec: AuditSpec, next: Next) => {
    await bufferBody(c, cap);
    const admin = c.var.admin;
    try {
      await deps.database.db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        admin.db = tx;
        const givenId = spec.id ? await spec.id(c) : null;
        const before = await snapshot(tx, spec.target, givenId);
        await next();
        if (c.error || c.res.status >= 400) throw ROLLBACK;
        // A replayed answer (lib/idempotency.ts) changed nothing: no second audit row.
        if (c.res.headers.get(REPLAYED_HEADER) === 'true') return;
        const data = await answerData(c);
        const id = givenId ?? (data && spec.fromAnswer ? spec.fromAnswer(data, c) : null);
        // A target type without a reader (media) is recorded as the answer gave it.
        const state = await snapshot(tx, spec.target, id);
        const after = state === undefined ? data : state;
        const ip = clientIp(c, deps.env.TRUST_PROXY);
        await recordAudit(tx, { actor: admin.actor, action: spec.action, target: { type: spec.target, id }, before, after, ip, at: deps.clock.now() });
      });
    } catch (err) {
      if (err !== ROLLBACK) throw err;
    } finally {
      admin.db = undefined;
    }
  };
}
