/**
 * The books (decision 0029): POST /books/check runs the check now, records it and answers the
 * result; GET /books lists the last results. One check at a time: a second, while one runs (in
 * any process), is refused with 409 `admin.books_running` (on PGlite, with its one connection,
 * requests wait for each other instead). The ADMIN_TOKEN's runs are recorded
 * as 'cli', an operator's as 'operator'.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv, Deps } from '../../types/app';
import type { Discrepancy } from '../../domain/books';
import { BooksCheckRunning, recentChecks, runBooksCheck, type RecordedCheck } from '../../domain/books-runs';
import { refuse } from '../../i18n/refusals';
import { HttpError, ok } from '../../lib/http';
import { formatMoney } from '../../lib/money';
import { queryFields } from '../../lib/request-input';
import { adminDb } from './audited';

type Ctx = Context<AppEnv>;

const pya = (text: string | null) => (text === null ? null : formatMoney(BigInt(text)));

function discrepancyJson(d: Discrepancy) {
  return { kind: d.kind, user_id: d.userId, wallet: d.wallet, expected: pya(d.expected), found: pya(d.found), ids: d.ids };
}

/** A recorded check as the API shows it: money in Kyat with two decimals, like every admin answer. */
export function checkJson(r: RecordedCheck) {
  const s = r.summary;
  const totals = (w: 'main' | 'game') => ({ balance: pya(s.totals[w].balance), ledger: pya(s.totals[w].ledger) });
  return {
    id: r.id,
    ok: r.ok,
    started_at: r.startedAt.toISOString(),
    finished_at: r.finishedAt.toISOString(),
    trigger: r.trigger,
    actor: r.actor,
    summary: {
      players: s.players,
      wallets: s.wallets,
      ledger_rows: s.ledgerRows,
      records: s.records,
      totals: { main: totals('main'), game: totals('game') },
      discrepancies: s.discrepancies,
      by_kind: s.byKind,
      duration_ms: s.durationMs,
    },
    discrepancies: r.discrepancies.map(discrepancyJson),
  };
}

async function postCheck(c: Ctx, deps: Deps) {
  const actor = c.var.admin.actor;
  try {
    const result = await runBooksCheck(adminDb(c, deps), {
      trigger: actor.kind === 'token' ? 'cli' : 'operator',
      actor: actor.name,
      now: () => deps.clock.now(),
    });
    const message = result.ok ? 'The books balance.' : `${result.summary.discrepancies} discrepancies found.`;
    return ok(c, checkJson(result), message);
  } catch (err) {
    if (err instanceof BooksCheckRunning) throw new HttpError(409, refuse('admin.books_running'));
    throw err;
  }
}

const LIMIT_WORDS = 'The limit must be a whole number from 1 to 50.';
const listQuery = {
  limit: z
    .string()
    .regex(/^\d{1,2}$/, { error: LIMIT_WORDS })
    .transform(Number)
    .refine((n) => n >= 1 && n <= 50, { error: LIMIT_WORDS })
    .optional(),
};

async function getChecks(c: Ctx, deps: Deps) {
  const { limit } = queryFields(c, listQuery);
  const rows = await recentChecks(deps.database.db, limit ?? 10);
  return ok(c, rows.map(checkJson));
}

export function booksRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();
  routes.post('/books/check', (c) => postCheck(c, deps));
  routes.get('/books', (c) => getChecks(c, deps));
  return routes;
}
