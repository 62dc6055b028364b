/**
 * The operator's 2D API, mounted at /api/admin/two-d behind the admin token (docs/two-d.md):
 * results (enter, override, confirm → settle at once) with their audit, holidays, per-number
 * breaks and closures. Bodies are JSON; errors are the contract's 422 / 409 / 404 envelopes.
 */
import { resultsDigest } from '../../domain/telegram/results-digest';
import { Hono, type Context } from 'hono';
import { bodyLimit } from '../../lib/body-limit';
import { z } from 'zod';
import type { AppEnv, Deps } from '../../types/app';
import { drawAt, isTradingDay, type Session } from '../../domain/two-d/calendar';
import { addHoliday, holidaySet, listHolidays, removeHoliday } from '../../domain/two-d/holidays';
import { normaliseSetIndex, normaliseSetValue, twoDFromSet } from '../../domain/two-d/number-rule';
import {
  addClosure,
  closedNumbers,
  listClosures,
  listLimits,
  pendingSlipsOn,
  removeClosure,
  removeLimit,
  setLimit,
  type ClosureKind,
} from '../../domain/two-d/operator';
import {
  ConfirmMismatch,
  DrawClosed,
  NoResult,
  NothingPending,
  SameConfirmer,
  auditTrail,
  confirmTwoPerson,
  listResults,
  pendingProposal,
  rejectProposal,
  setResult,
  type ConfirmActor,
  type Proposal,
  type StoredResult,
} from '../../domain/two-d/results';
import { twoDRuntime } from '../../domain/two-d/runtime';
import { dutyActor } from '../../domain/operators/duties';
import { TOKEN_ACTOR } from '../../domain/operators/roles';
import { settleDraw, type SettlementSummary } from '../../domain/two-d/settlement';
import type { DrawFigures } from '../../domain/two-d/sources';
import { fail, ok, type FieldErrors } from '../../lib/http';
import { formatMoney, kyat } from '../../lib/money';
import { bodyFields, checkBody, checkQueryAndBody, pathFields, queryFields, type FieldsChecked } from '../../lib/request-input';
import { yangonDateTime } from '../../lib/time';
import { throwIfInvalid } from '../../lib/validation';
import { refuse } from '../../i18n/refusals';
import { adminDb } from '../admin/audited';
import { consoleDate, notFound } from '../admin/schemas';

const MAX_BODY_BYTES = 16 * 1024;

// --- field rules (Laravel-worded messages) ---------------------------------------------------

const required = (field: string) => (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === '' ? `The ${field} field is required.` : `The ${field} field must be a string.`;
const text = (v: unknown) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() || undefined : v);

const dateRule = z.preprocess(text, z.string({ error: required('date') }).pipe(consoleDate('date')));
const sessionRule = z.preprocess(
  text,
  z.string({ error: required('session') }).refine((s) => s === 'morning' || s === 'evening', { error: refuse('field.selected_invalid', { field: 'session' }) }),
);
const optionalText = (field: string, max: number) =>
  z.preprocess(text, z.string({ error: `The ${field} field must be a string.` }).max(max, { error: `The ${field} field must not be greater than ${max} characters.` }).optional());
const twodRule = z.preprocess(text, z.string({ error: 'The twod field must be a string.' }).regex(/^\d{2}$/, { error: 'The twod field must be 2 digits (00-99).' }).optional());
const boolRule = (field: string) =>
  z.preprocess(
    (v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v),
    z.boolean({ error: `The ${field} field must be true or false.` }).optional(),
  );
/** A query's optional date: trimmed, blank is absent. */
const queryDate = (field: string) => z.preprocess(text, consoleDate(field).optional());

const resultBody = {
  date: dateRule,
  session: sessionRule,
  set_index: optionalText('set index', 20),
  value: optionalText('value', 24),
  twod: twodRule,
  confirm: boolRule('confirm'),
  actor: optionalText('actor', 64),
};
const rejectBody = { date: dateRule, session: sessionRule, actor: optionalText('actor', 64) };
const resultsQuery = { from: queryDate('from'), to: queryDate('to') };
const auditQuery = {
  date: queryDate('date'),
  session: z.preprocess(text, z.enum(['morning', 'evening'], { error: refuse('field.selected_invalid', { field: 'session' }) }).optional()),
};
const holidayBody = { date: dateRule, name: z.preprocess(text, z.string({ error: required('name') }).max(100, { error: 'The name field must not be greater than 100 characters.' })) };
const holidayPath = { date: consoleDate('date') };
const holidaysQuery = { from: consoleDate('from').optional() };
const limitPath = { number: z.string().regex(/^\d{2}$/, { error: 'The number must be 2 digits (00-99).' }) };
const limitBody = {
  break_amount: z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
    z
      .number({ error: (i) => (i.input === undefined || i.input === null ? 'The break amount field is required.' : 'The break amount field must be a number.') })
      .int({ error: 'The break amount field must be a whole number of Kyat.' })
      .min(0, { error: 'The break amount field must be at least 0.' })
      .max(1_000_000_000, { error: 'The break amount field must not be greater than 1000000000.' }),
  ),
};
const closureInputShape = {
  kind: z.preprocess(text, z.enum(['head', 'number'], { error: (i) => (i.input === undefined ? 'The kind field is required.' : 'The selected kind is invalid.') })),
  value: z.preprocess(text, z.string({ error: required('value') })),
};

const addError = (errors: FieldErrors, field: string, message: string) => {
  (errors[field] ??= []).push(message);
};

// --- JSON shapes -----------------------------------------------------------------------------

const settlementJson = (s: SettlementSummary | null) =>
  s && { outcome: s.outcome, already: s.already, twod: s.twod, bets: s.bets, winners: s.winners, paid: formatMoney(s.paid) };

function resultJson(r: StoredResult & { settlement?: { outcome: string; winners: number; paid: bigint; settledAt: Date } | null; pending?: Proposal | null }) {
  return {
    date: r.date,
    session: r.session,
    set_index: r.setIndex || null,
    value: r.value || null,
    twod: r.twod,
    source: r.source,
    status: r.status,
    updated_at: r.updatedAt.toISOString(),
    ...(r.pending !== undefined && { pending: r.pending && { by: r.pending.byName, at: r.pending.at.toISOString() } }),
    ...(r.settlement !== undefined && {
      settlement: r.settlement && {
        outcome: r.settlement.outcome,
        winners: r.settlement.winners,
        paid: formatMoney(r.settlement.paid),
        settled_at: r.settlement.settledAt.toISOString(),
      },
    }),
  };
}

// --- handlers --------------------------------------------------------------------------------

type ResultValues = FieldsChecked<typeof resultBody>['values'];

/** One SET figure normalised, or null with its error: missing while the other is given, or malformed. */
function setFigure(errors: FieldErrors, field: 'set_index' | 'value', given: string | undefined): string | null {
  const words =
    field === 'set_index'
      ? { missing: 'The set index field is required when value is present.', format: 'The set index field must be a number with at most two decimals (1,346.23).' }
      : { missing: 'The value field is required when set index is present.', format: 'The value field must be a number with at most two decimals (57,388.58).' };
  if (given === undefined) {
    addError(errors, field, words.missing);
    return null;
  }
  try {
    return field === 'set_index' ? normaliseSetIndex(given) : normaliseSetValue(given);
  } catch {
    addError(errors, field, words.format);
    return null;
  }
}

/** The draw's figures: the SET index and value (the twod derived, and a given twod must match), or the twod alone. */
function resultFigures(values: ResultValues, errors: FieldErrors): DrawFigures | null {
  if (values.set_index === undefined && values.value === undefined) {
    if (values.twod !== undefined) return { setIndex: '', value: '', twod: values.twod };
    // A bare confirm confirms the result already entered.
    if (!errors.twod && values.confirm !== true) addError(errors, 'twod', 'The twod field is required when set index and value are not present.');
    return null;
  }
  const setIndex = setFigure(errors, 'set_index', values.set_index);
  const value = setFigure(errors, 'value', values.value);
  if (!setIndex || !value) return null;
  const twod = twoDFromSet(setIndex, value);
  if (values.twod !== undefined && values.twod !== twod) addError(errors, 'twod', `The twod field must match the SET figures (${twod}).`);
  return { setIndex, value, twod };
}

/** The date must be a trading day, and a result is confirmed only after its draw. */
async function checkDraw(c: Context<AppEnv>, deps: Deps, values: ResultValues, errors: FieldErrors, now: Date) {
  if (!values.date || !values.session) return;
  const holidays = await holidaySet(adminDb(c, deps), values.date, values.date);
  if (!isTradingDay(values.date, holidays)) addError(errors, 'date', 'The date is not a trading day (a weekend or a holiday).');
  const draw = drawAt(values.date, values.session as Session, twoDRuntime(deps).cfg);
  if (values.confirm && now.getTime() < draw.getTime()) {
    addError(errors, 'confirm', `A result can be confirmed only after its draw (${yangonDateTime(draw).slice(0, 16)} Yangon).`);
  }
}

/** POST /results: { date, session, set_index + value | twod, confirm?, actor? }. */
async function postResult(c: Context<AppEnv>, deps: Deps) {
  const { values, errors } = await checkBody(c, resultBody);
  const figures = resultFigures(values, errors);
  const now = deps.clock.now();
  await checkDraw(c, deps, values, errors, now);
  throwIfInvalid(errors);
  const draw = { date: values.date!, session: values.session as Session, figures };
  if (values.confirm && deps.env.TWO_D_RESULT_CONFIRM === 'two-person') return confirmByTwo(c, deps, { ...draw, auditName: values.actor });
  return saveResult(c, deps, { ...draw, confirm: values.confirm === true, actor: values.actor ?? c.var.admin?.actor.name ?? 'admin' }, now);
}

/** One operator's result: saved provisional, or confirmed and the draw settled at once. */
async function saveResult(c: Context<AppEnv>, deps: Deps, input: { date: string; session: Session; figures: DrawFigures | null; confirm: boolean; actor: string }, now: Date) {
  const { date, session, figures, actor } = input;
  const db = adminDb(c, deps);
  let outcome;
  try {
    outcome = await setResult(db, { date, session, figures, status: input.confirm ? 'confirmed' : 'provisional', source: 'operator', actor }, now, resultsDigest(deps.env));
  } catch (err) {
    if (err instanceof DrawClosed) return fail(c, 409, `This draw is already ${err.outcome}; its result can no longer change.`);
    if (err instanceof NoResult) return fail(c, 404, 'This draw has no result to confirm.');
    throw err;
  }
  twoDRuntime(deps).live.invalidate();
  const settlement = outcome.result.status === 'confirmed' ? await settleDraw(db, date, session, deps.clock) : null;
  const message = settlement
    ? `Result ${outcome.result.twod} confirmed; the draw is settled (${settlement.winners} winner(s), ${formatMoney(settlement.paid)} paid).`
    : outcome.changed
      ? `Result ${outcome.result.twod} saved (provisional: confirm it to settle).`
      : 'Nothing changed.';
  return ok(c, { result: resultJson(outcome.result), action: outcome.action, settlement: settlementJson(settlement) }, message);
}

/**
 * Who acts, for two-person confirmation (domain/operators/duties.ts dutyActor: each operator is their
 * own, the ADMIN_TOKEN is one actor); the audit names the operator, or the `actor` the CLI names.
 */
function confirmActor(c: Context<AppEnv>, auditName: string | undefined): ConfirmActor & { audit: string } {
  const actor = c.var.admin?.actor ?? TOKEN_ACTOR;
  return { ...dutyActor(actor), audit: actor.kind === 'operator' ? actor.name : (auditName ?? 'admin-token') };
}

/** TWO_D_RESULT_CONFIRM=two-person: the first confirm waits; a different actor's confirm settles. */
async function confirmByTwo(c: Context<AppEnv>, deps: Deps, input: { date: string; session: Session; figures: DrawFigures | null; auditName?: string }) {
  const { date, session } = input;
  const who = confirmActor(c, input.auditName);
  const db = adminDb(c, deps);
  const rt = twoDRuntime(deps);
  let outcome;
  try {
    outcome = await confirmTwoPerson(db, { date, session, figures: input.figures, actor: who, auditActor: who.audit }, deps.clock.now(), resultsDigest(deps.env));
  } catch (err) {
    if (err instanceof DrawClosed) return fail(c, 409, `This draw is already ${err.outcome}; its result can no longer change.`);
    if (err instanceof NoResult) return fail(c, 404, 'This draw has no result to confirm.');
    if (err instanceof SameConfirmer) return fail(c, 409, refuse('two_d.confirm_same_operator'));
    if (err instanceof ConfirmMismatch) return fail(c, 409, refuse('two_d.confirm_mismatch', { twod: err.pending }));
    throw err;
  }
  rt.live.invalidate();
  if (outcome.step === 'proposed') {
    const pending = await pendingProposal(db, date, session);
    return ok(
      c,
      { result: resultJson({ ...outcome.result, pending: pending && { by: pending.by, byName: pending.byName, at: pending.at } }), action: outcome.action, settlement: null },
      `Result ${outcome.result.twod} is waiting for a second operator to confirm it; nothing is settled yet.`,
    );
  }
  const settlement = await settleDraw(db, date, session, deps.clock);
  return ok(
    c,
    { result: resultJson(outcome.result), action: outcome.action, settlement: settlementJson(settlement) },
    `Result ${outcome.result.twod} confirmed; the draw is settled (${settlement.winners} winner(s), ${formatMoney(settlement.paid)} paid).`,
  );
}

/** POST /results/reject: { date, session }: turns down the result waiting for a second operator. */
async function postReject(c: Context<AppEnv>, deps: Deps) {
  const values = await bodyFields(c, rejectBody);
  const who = confirmActor(c, values.actor);
  let result;
  try {
    result = await rejectProposal(adminDb(c, deps), { date: values.date, session: values.session as Session, auditActor: who.audit, actorName: who.name }, deps.clock.now());
  } catch (err) {
    if (err instanceof DrawClosed) return fail(c, 409, `This draw is already ${err.outcome}; its result can no longer change.`);
    if (err instanceof NothingPending) return fail(c, 409, refuse('two_d.nothing_pending'));
    throw err;
  }
  twoDRuntime(deps).live.invalidate();
  return ok(c, { result: resultJson({ ...result, pending: null }), action: 'reject', settlement: null }, `Result ${result.twod} rejected: it stays provisional, and nothing waits for confirmation.`);
}

async function getResults(c: Context<AppEnv>, deps: Deps) {
  const { from, to } = queryFields(c, resultsQuery);
  const rows = await listResults(adminDb(c, deps), { from, to, limit: 200 });
  return ok(c, rows.map(resultJson));
}

async function getAudit(c: Context<AppEnv>, deps: Deps) {
  const { date, session } = queryFields(c, auditQuery);
  const rows = await auditTrail(adminDb(c, deps), { date, session, limit: 200 });
  return ok(
    c,
    rows.map((r) => ({ id: r.id, date: r.date, session: r.session, action: r.action, actor: r.actor, before: r.before, after: r.after, created_at: r.createdAt.toISOString() })),
  );
}

async function postHoliday(c: Context<AppEnv>, deps: Deps) {
  const { date, name } = await bodyFields(c, holidayBody);
  const db = adminDb(c, deps);
  const added = await addHoliday(db, date, name, deps.clock.now());
  const pending = await pendingSlipsOn(db, date);
  twoDRuntime(deps).live.invalidate();
  const warning = pending > 0 ? ` ${pending} pending slip(s) on that date will be voided and refunded after the draw window.` : '';
  return ok(c, { date, name, added }, `${added ? 'Holiday added.' : 'Holiday renamed.'}${warning}`, added ? 201 : 200);
}

async function deleteHoliday(c: Context<AppEnv>, deps: Deps) {
  const { date } = pathFields(c, holidayPath, notFound('No such holiday.'));
  if (!(await removeHoliday(adminDb(c, deps), date))) return fail(c, 404, 'No such holiday.');
  return ok(c, { date }, 'Holiday removed.');
}

/** `:number`: two digits, else the 422. */
const limitNumber = (c: Context<AppEnv>): string => pathFields(c, limitPath).number;

async function putLimit(c: Context<AppEnv>, deps: Deps) {
  const number = limitNumber(c);
  const { break_amount: breakAmount } = await bodyFields(c, limitBody);
  const row = await setLimit(adminDb(c, deps), number, kyat(breakAmount), deps.clock.now());
  return ok(c, { number, break_amount: formatMoney(row.breakAmount) }, `Break of ${number} set.`);
}

async function deleteLimit(c: Context<AppEnv>, deps: Deps) {
  const number = limitNumber(c);
  if (!(await removeLimit(adminDb(c, deps), number))) return fail(c, 404, `${number} has no break override.`);
  return ok(c, { number, break_amount: formatMoney(twoDRuntime(deps).cfg.defaultBreak) }, `${number} is back to the default break.`);
}

async function getLimits(c: Context<AppEnv>, deps: Deps) {
  const rows = await listLimits(adminDb(c, deps));
  return ok(c, {
    default_break: formatMoney(twoDRuntime(deps).cfg.defaultBreak),
    limits: rows.map((r) => ({ number: r.number, break_amount: formatMoney(r.breakAmount), updated_at: r.updatedAt.toISOString() })),
  });
}

/** { kind, value } from the body or the query (a DELETE may carry either): a head is one digit, a number two. */
async function closureInput(c: Context<AppEnv>): Promise<{ kind: ClosureKind; value: string }> {
  const { values, errors } = await checkQueryAndBody(c, closureInputShape);
  if (values.kind && values.value !== undefined) {
    const pattern = values.kind === 'head' ? /^\d$/ : /^\d{2}$/;
    if (!pattern.test(values.value)) addError(errors, 'value', values.kind === 'head' ? 'The value of a head must be one digit (0-9).' : 'The value of a number must be 2 digits (00-99).');
  }
  throwIfInvalid(errors);
  return { kind: values.kind!, value: values.value! };
}

const closureJson = (kind: ClosureKind, value: string) => ({ kind, value, numbers: closedNumbers(kind, value) });

async function postClosure(c: Context<AppEnv>, deps: Deps) {
  const { kind, value } = await closureInput(c);
  const added = await addClosure(adminDb(c, deps), kind, value, deps.clock.now());
  return ok(c, closureJson(kind, value), added ? `Closed ${kind} ${value}.` : `${kind} ${value} was already closed.`, added ? 201 : 200);
}

async function deleteClosure(c: Context<AppEnv>, deps: Deps) {
  const { kind, value } = await closureInput(c);
  if (!(await removeClosure(adminDb(c, deps), kind, value))) return fail(c, 404, `${kind} ${value} is not closed.`);
  return ok(c, closureJson(kind, value), `Reopened ${kind} ${value}.`);
}

async function getClosures(c: Context<AppEnv>, deps: Deps) {
  const rows = await listClosures(adminDb(c, deps));
  return ok(c, rows.map((r) => ({ ...closureJson(r.kind, r.value), created_at: r.createdAt.toISOString() })));
}

async function getHolidays(c: Context<AppEnv>, deps: Deps) {
  const { from } = queryFields(c, holidaysQuery);
  return ok(c, await listHolidays(adminDb(c, deps), from));
}

/** Mounted by routes/admin at /two-d, after its token check. */
export function twoDAdminRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();
  const limit = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => fail(c, 413, refuse('request.too_large')) });
  routes.get('/results', (c) => getResults(c, deps));
  routes.post('/results', limit, (c) => postResult(c, deps));
  routes.post('/results/reject', limit, (c) => postReject(c, deps));
  routes.get('/audit', (c) => getAudit(c, deps));
  routes.get('/holidays', (c) => getHolidays(c, deps));
  routes.post('/holidays', limit, (c) => postHoliday(c, deps));
  routes.delete('/holidays/:date', (c) => deleteHoliday(c, deps));
  routes.get('/limits', (c) => getLimits(c, deps));
  routes.put('/limits/:number', limit, (c) => putLimit(c, deps));
  routes.delete('/limits/:number', (c) => deleteLimit(c, deps));
  routes.get('/closures', (c) => getClosures(c, deps));
  routes.post('/closures', limit, (c) => postClosure(c, deps));
  routes.delete('/closures', limit, (c) => deleteClosure(c, deps));
  return routes;
}

