/**
 * The audit helper every changing admin route runs through (gate.ts; decision 0018). It reads the
 * body first (bounded, so a slow upload never holds a transaction open), then runs the handler in
 * ONE transaction (domain/operators/audit.ts runAudited) in which the target's state is read, the
 * handler makes its change (through `adminDb(c)`), the state is read again and the audit row is
 * written. A refused or failed
 * request (4xx/5xx) rolls back: no change, no row. A change cannot commit without its row.
 */
import type { Context, Next } from 'hono';
import type { AppEnv, Deps } from '../../types/app';
import type { Db } from '../../db/client';
import { runAudited, type AuditedOutcome } from '../../domain/operators/audit';
import { clientIp } from '../../lib/client-ip';
import { HttpError } from '../../lib/http';
import { REPLAYED_HEADER } from '../../lib/idempotency';
import type { AuditSpec } from './access';

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
    const entry = { actor: admin.actor, action: spec.action, ip: clientIp(c, deps.env.TRUST_PROXY), at: deps.clock.now() };
    try {
      await runAudited(deps.database.db, {
        target: spec.target,
        givenId: async (tx) => {
          admin.db = tx;
          return spec.id ? spec.id(c) : null;
        },
        idFromAnswer: spec.fromAnswer ? (data) => spec.fromAnswer!(data, c) : undefined,
        entry,
        work: async (): Promise<AuditedOutcome> => {
          await next();
          if (c.error || c.res.status >= 400) return { kind: 'rollback' };
          if (c.res.headers.get(REPLAYED_HEADER) === 'true') return { kind: 'replayed' };
          return { kind: 'done', answer: await answerData(c) };
        },
      });
    } finally {
      admin.db = undefined;
    }
  };
}
