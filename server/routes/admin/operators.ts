/**
 * The owner's operator management (decision 0018): list, create (a one-time setup code and the
 * otpauth:// URI are in the answer, shown once), disable / enable, re-enrol (reset-totp), end
 * every session; and the audit, filtered. Changes run inside the audit transaction (adminDb).
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv, Deps } from '../../types/app';
import { createOperator, listOperators, operatorView, resetEnrolment, setDisabled, findOperator } from '../../domain/operators/accounts';
import { listAudit } from '../../domain/operators/audit';
import { ROLES, isRole, type Role } from '../../domain/operators/roles';
import { lastSignIns, revokeOperatorSessions } from '../../domain/operators/sessions';
import { refuse } from '../../i18n/refusals';
import { burmeseUnicode } from '../../lib/burmese-unicode';
import { HttpError, ok } from '../../lib/http';
import { pageParam, paginated } from '../../lib/paginate';
import { bodyFields, pathFields, queryFields } from '../../lib/request-input';
import { stringField } from '../../lib/validation';
import { adminDb } from './audited';
import { lookupText } from './schemas';

const AUDIT_PER_PAGE = 50;
type Ctx = Context<AppEnv>;

const operatorBody = {
  user_name: stringField('user_name', { min: 3, max: 50, pattern: /^[A-Za-z0-9._-]+$/, patternMessage: refuse('field.format', { field: 'user_name' }) }),
  display_name: stringField('display_name', { max: 100, normalise: burmeseUnicode }),
  role: z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase().replace(/^2d$/, 'two_d') : v), z.string({ error: refuse('field.required', { field: 'role' }) }).refine(isRole, { error: refuse('field.selected_invalid', { field: 'role' }) })),
};

async function postOperator(c: Ctx, deps: Deps) {
  // Without a display name, the user name is shown.
  const values = await bodyFields(c, operatorBody, (body) => ({ ...body, display_name: body.display_name ?? body.user_name }));
  const db = adminDb(c, deps);
  const now = deps.clock.now();
  const created = await createOperator(db, { userName: values.user_name, displayName: values.display_name, role: values.role as Role }, now);
  if ('refused' in created) throw new HttpError(409, 'An operator already has that user name.');
  return ok(c, { ...(await operatorView(db, created.row, now)), ...created.handout }, 'Operator created. Give them the setup code and the authenticator link; both are shown only now.', 201);
}

const userNamePath = { user_name: lookupText };

async function operatorAction(c: Ctx, deps: Deps, action: 'disable' | 'enable' | 'reset-totp' | 'revoke-sessions') {
  const db = adminDb(c, deps);
  const now = deps.clock.now();
  const { user_name: userName } = pathFields(c, userNamePath);
  const notFound = () => new HttpError(404, 'No operator has that user name.');
  if (action === 'revoke-sessions') {
    const row = await findOperator(db, userName);
    if (!row) throw notFound();
    const ended = await revokeOperatorSessions(db, row.id, now);
    return ok(c, { ...(await operatorView(db, row, now)), sessions_ended: ended }, `${ended} session(s) ended.`);
  }
  const done = action === 'reset-totp' ? await resetEnrolment(db, userName, now) : await setDisabled(db, userName, action === 'disable', now);
  if ('refused' in done) throw notFound();
  const handout = 'handout' in done ? (done.handout as Record<string, string>) : {};
  const messages = { disable: 'Operator disabled; their sessions have ended.', enable: 'Operator enabled.', 'reset-totp': 'Enrolment reset: give them the new setup code and authenticator link.' };
  return ok(c, { ...(await operatorView(db, done.row, now)), ...handout }, messages[action]);
}

const dateQuery = (field: string) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.string().refine((s) => !Number.isNaN(Date.parse(s)), { error: `The ${field} field must be a date or a date-time (ISO 8601).` }).optional());

const auditText = (max: number) => z.string().max(max).optional();
const auditQuery = { actor: auditText(64), action: auditText(64), target_type: auditText(64), target_id: auditText(200), from: dateQuery('from'), to: dateQuery('to') };

async function getAudit(c: Ctx, deps: Deps) {
  const values = queryFields(c, auditQuery);
  const page = pageParam(c);
  const filter = {
    actor: values.actor,
    action: values.action,
    targetType: values.target_type,
    targetId: values.target_id,
    from: values.from ? new Date(values.from) : undefined,
    to: values.to ? new Date(values.to) : undefined,
  };
  const { rows, total } = await listAudit(deps.database.db, filter, { limit: AUDIT_PER_PAGE, offset: (page - 1) * AUDIT_PER_PAGE });
  const json = rows.map((r) => ({ id: r.id, at: r.at.toISOString(), actor_kind: r.actorKind, actor: r.actorName, operator_id: r.operatorId, action: r.action, target_type: r.targetType, target_id: r.targetId, before: r.before, after: r.after, ip: r.ip }));
  return ok(c, paginated(c, deps.env.PUBLIC_URL, json, total, page, AUDIT_PER_PAGE));
}

export function operatorRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();
  routes.get('/operators', async (c) => {
    const now = deps.clock.now();
    const db = deps.database.db;
    const rows = await listOperators(db);
    // The console's list shows when each one last signed in (their newest session).
    const signedIn = await lastSignIns(db);
    const list = await Promise.all(rows.map(async (r) => ({ ...(await operatorView(db, r, now)), last_sign_in_at: signedIn.get(r.id)?.toISOString() ?? null })));
    return ok(c, { roles: ROLES, operators: list });
  });
  routes.post('/operators', (c) => postOperator(c, deps));
  for (const action of ['disable', 'enable', 'reset-totp', 'revoke-sessions'] as const) {
    routes.post(`/operators/:user_name/${action}`, (c) => operatorAction(c, deps, action));
  }
  routes.get('/audit', (c) => getAudit(c, deps));
  return routes;
}
