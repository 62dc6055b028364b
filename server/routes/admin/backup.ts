/**
 * GET /api/admin/backup (owner only; decision 0030): a consistent copy of the embedded database,
 * streamed gzip-compressed, for `npm run admin -- backup <file>`. The dump is taken between
 * transactions and recorded in the audit (domain/operators/backup.ts: who took a copy of every
 * player's data, when, its size and checksum). On PostgreSQL it refuses: pg_dump is the tool there.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv, Deps } from '../../types/app';
import type { Database } from '../../db/client';
import { takeAuditedBackup } from '../../domain/operators/backup';
import { clientIp } from '../../lib/client-ip';
import { fail } from '../../lib/http';

/** Answer headers carrying the uncompressed tar's size and sha256, so the CLI can check what it wrote. */
export const TAR_BYTES_HEADER = 'x-backup-tar-bytes';
export const TAR_SHA256_HEADER = 'x-backup-tar-sha256';

export const ON_POSTGRES =
  'This server keeps its data in PostgreSQL (DATABASE_URL): back it up with pg_dump -Fc, and restore with pg_restore (docs/operator.md § Backups).';
export const BUSY = 'A backup is already being taken; try again when it has finished.';

/** One backup at a time per database: each holds a whole copy of the data folder in memory until sent. */
const inProgress = new WeakSet<Database>();

/** A reader that has taken nothing for this long has stalled: the copy is dropped and the next backup may start. */
const STALL_MS = 5 * 60_000;

/** A timer that `arm` starts again each time; `fire` runs when `ms` pass without one. */
function stallTimer(ms: number, fire: () => void) {
  let timer: NodeJS.Timeout | undefined;
  return {
    arm() {
      clearTimeout(timer);
      timer = setTimeout(fire, ms);
      timer.unref();
    },
    disarm: () => clearTimeout(timer),
  };
}

/**
 * `source`, calling `release` once when it has been read to the end, has failed, has been
 * cancelled (the client left), or has stalled (nothing read for `stallMs`: then it fails, which
 * closes the connection).
 */
export function releasing(source: ReadableStream<Uint8Array>, release: () => void, stallMs = STALL_MS): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let released = false;
  const once = () => {
    stall.disarm();
    if (!released) release();
    released = true;
  };
  let controller: ReadableStreamDefaultController<Uint8Array>;
  const stall = stallTimer(stallMs, () => {
    once();
    controller.error(new Error('the backup transfer stalled'));
    void reader.cancel().catch(() => undefined);
  });
  return new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      stall.arm();
    },
    async pull(c) {
      try {
        const part = await reader.read();
        if (part.done) {
          once();
          c.close();
        } else {
          c.enqueue(part.value);
          stall.arm();
        }
      } catch (err) {
        once();
        c.error(err);
      }
    },
    cancel(reason) {
      once();
      return reader.cancel(reason);
    },
  });
}

async function sendBackup(c: Context<AppEnv>, deps: Deps) {
  const { database } = deps;
  // Hono answers HEAD with the GET handler; a copy nobody reads must not be taken.
  if (c.req.method === 'HEAD') return c.body(null, 405, { Allow: 'GET' });
  if (database.kind !== 'pglite') return fail(c, 409, ON_POSTGRES);
  if (inProgress.has(database)) return fail(c, 409, BUSY);
  inProgress.add(database);
  const release = () => inProgress.delete(database);
  try {
    const at = deps.clock.now();
    const { dump, bytes, sha256 } = await takeAuditedBackup(database, { actor: c.var.admin.actor, ip: clientIp(c, deps.env.TRUST_PROXY), at });
    const body = releasing(dump.stream().pipeThrough(new CompressionStream('gzip')) as ReadableStream<Uint8Array>, release);
    const stamp = at.toISOString().replace(/[:.]/g, '-');
    return c.body(body, 200, {
      'Content-Type': 'application/gzip',
      'Content-Disposition': `attachment; filename="kyatplay-${stamp}.tar.gz"`,
      'Cache-Control': 'private, no-store',
      [TAR_BYTES_HEADER]: String(bytes),
      [TAR_SHA256_HEADER]: sha256,
    });
  } catch (err) {
    release();
    throw err;
  }
}

export function backupRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();
  routes.get('/backup', (c) => sendBackup(c, deps));
  return routes;
}
