import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../types/app';
import type { Db } from '../../db/client';
import { STATUS_WORDS, statusWord, type StatusWord } from '../../domain/cashier';
import {
  AlreadyDecided,
  DutyConflict,
  RequestNotFound,
  SameApprover,
  decideDeposit,
  decideWithdrawal,
  type Decision,
  type DecisionInput,
} from '../../domain/cashier-decisions';
import { fail, ok } from '../../lib/http';
import { kyat } from '../../lib/money';
import { refuse } from '../../i18n/refusals';
import { DUTY_CONFLICT_DAYS } from '../../domain/operators/duties';
import { adminDb } from './audited';
import { pageParam, paginated } from '../../lib/paginate';
import { bodyFields, pathFields, queryFields } from '../../lib/request-input';
import { optionalString } from '../../lib/schemas';
import { consoleChoice, idPath, notFound } from './schemas';
import { countDeposits, countWithdrawals, listDeposits, listWithdrawals, type DepositRow, type RequestFilter, type WithdrawRow } from '../../domain/cashier-requests';
import { depositJson, withdrawJson } from '../cashier/requests';

/** The operator's queue: list requests by status, approve or reject one. */
export const ADMIN_PER_PAGE = 20;

interface Kind<Row> {
  /** "Deposit" / "Withdrawal", for messages. */
  noun: string;
  /** A page of the requests the filter picks, newest first. */
  list(db: Db, filter: RequestFilter, page: number): Promise<Row[]>;
  count(db: Db, filter: RequestFilter): Promise<number>;
  json(row: Row): Record<string, unknown>;
  decide(db: Db, input: DecisionInput): Promise<unknown>;
}

const page = (n: number) => ({ limit: ADMIN_PER_PAGE, offset: (n - 1) * ADMIN_PER_PAGE });

function withOperatorFields<Row extends DepositRow | WithdrawRow>(row: Row, json: Record<string, unknown>) {
  return {
    ...json,
    status_word: statusWord(row.status),
    user: { id: row.userId, user_name: row.userName, name: row.playerName },
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

/** A large withdrawal's first approval (decision 0034): who gave it and when, or null. */
const firstApproval = (row: WithdrawRow) =>
  row.firstApprovedAt ? { by: row.firstApprovedByName, at: row.firstApprovedAt.toISOString() } : null;

export const deposits: Kind<DepositRow> = {
  noun: 'Deposit',
  list: (db, filter, n) => listDeposits(db, filter, page(n)),
  count: countDeposits,
  json: (row) => withOperatorFields(row, { ...depositJson(row), has_receipt: row.receipt !== null }),
  decide: decideDeposit,
};

export const withdrawals: Kind<WithdrawRow> = {
  noun: 'Withdrawal',
  list: (db, filter, n) => listWithdrawals(db, filter, page(n)),
  count: countWithdrawals,
  json: (row) => ({ ...withOperatorFields(row, withdrawJson(row)), first_approval: firstApproval(row) }),
  decide: decideWithdrawal,
};

/** GET /admin/<kind>?status=pending|approved|rejected|all&page= (default pending), newest first. */
const listQuery = { status: consoleChoice(['all', ...(Object.keys(STATUS_WORDS) as StatusWord[])], 'The selected status is invalid.') };

export async function listRequests<Row>(c: Context<AppEnv>, deps: Deps, kind: Kind<Row>) {
  const word = queryFields(c, listQuery).status ?? 'pending';
  const filter: RequestFilter = word === 'all' ? {} : { status: STATUS_WORDS[word] };
  const n = pageParam(c);
  const { db } = deps.database;
  const [rows, total] = await Promise.all([kind.list(db, filter, n), kind.count(db, filter)]);
  return ok(c, paginated(c, deps.env.PUBLIC_URL, rows.map(kind.json), total, n, ADMIN_PER_PAGE));
}

/** POST /admin/<kind>/:id/approve|reject with an optional `note`. */
export async function decideRequest<Row>(c: Context<AppEnv>, deps: Deps, kind: Kind<Row>, decision: Decision) {
  const id = requestId(c, kind);
  const note = await readNote(c);
  const db = adminDb(c, deps);
  const threshold = deps.env.WITHDRAW_SECOND_APPROVAL_KYAT;
  let outcome: unknown;
  try {
    outcome = await kind.decide(db, {
      id,
      decision,
      note,
      now: deps.clock.now(),
      actor: c.var.admin.actor,
      secondApprovalFrom: threshold === undefined ? null : kyat(threshold),
    });
  } catch (err) {
    if (err instanceof RequestNotFound) return fail(c, 404, `${kind.noun} request not found.`);
    if (err instanceof DutyConflict) return fail(c, 409, refuse('admin.duty_conflict', { days: DUTY_CONFLICT_DAYS }), { conflict: err.action });
    if (err instanceof SameApprover) return fail(c, 409, refuse('admin.second_approval_same_operator'));
    if (err instanceof AlreadyDecided) {
      const word = statusWord(err.status);
      return fail(c, 409, `This ${kind.noun.toLowerCase()} request is already ${word}.`, {
        id: err.id,
        status: err.status,
        status_word: word,
      });
    }
    throw err;
  }
  const [row] = await kind.list(db, { id }, 1);
  if ((outcome as { step?: string } | null)?.step === 'first_approval') {
    return ok(c, kind.json(row!), `${kind.noun}: first approval recorded; it waits for a second approval by another operator. No money has moved.`);
  }
  return ok(c, kind.json(row!), `${kind.noun} ${decision === 'approve' ? 'approved' : 'rejected'}.`);
}

export function requestId(c: Context<AppEnv>, kind: { noun: string }): number {
  return pathFields(c, idPath(), notFound(`${kind.noun} request not found.`)).id;
}

const noteBody = { note: optionalString('note', { max: 500 }) };

async function readNote(c: Context<AppEnv>): Promise<string | null> {
  return (await bodyFields(c, noteBody)).note ?? null;
}
