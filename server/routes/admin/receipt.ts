import { Readable } from 'node:stream';
import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../types/app';
import { uploadDir } from '../../env';
import { fail } from '../../lib/http';
import { openReceipt } from '../cashier/receipts';
import { deposits, requestId } from './requests';

/**
 * GET /admin/deposits/:id/receipt: the stored image, streamed with the content type of its real
 * bytes; `nosniff` so a browser never reinterprets it.
 */
export async function streamReceipt(c: Context<AppEnv>, deps: Deps) {
  const id = requestId(c, deposits);
  const [row] = await deposits.list(deps.database.db, { id }, 1);
  const file = row?.receipt ? await openReceipt(uploadDir(deps.env), row.receipt) : null;
  if (!file) return fail(c, 404, 'This deposit request has no receipt.');
  return c.body(Readable.toWeb(file.stream) as ReadableStream, 200, {
    'Content-Type': file.kind.contentType,
    'Content-Length': String(file.size),
    'Content-Disposition': `inline; filename="deposit-${id}-receipt.${file.kind.ext}"`,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
  });
}
