/**
 * Agents and their receiving accounts (docs/operator.md § Agents). A production install seeds no
 * agent, so this is how an operator opens for business: add an agent (its referral code is what
 * players register with), then the bank and wallet accounts its players deposit into.
 */
import { randomInt } from 'node:crypto';
import { asc, count, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import type { AppEnv, Deps } from '../../types/app';
import { agentPaymentAccounts, agents, paymentTypes, users } from '../../db/schema';
import { burmeseUnicode } from '../../lib/burmese-unicode';
import { HttpError, ok, type FieldErrors } from '../../lib/http';
import { readBody } from '../../lib/request-body';
import { throwIfInvalid } from '../../lib/validation';
import { adminDb } from './audited';

/** No 0/O or 1/I: codes are read aloud and typed on phones. 31^10 ≈ 8·10^14: not guessable under the sign-up limits. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 10;
const CODE_PATTERN = /^[A-Za-z0-9_-]{6,32}$/;

export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** Operators may type Burmese names in Zawgyi too: stored in Unicode. */
const text = (v: unknown) => (typeof v === 'string' ? burmeseUnicode(v.trim()) : '');

function need(errors: FieldErrors, field: string, value: string, max: number): void {
  if (!value) errors[field] = [`The ${field.replace(/_/g, ' ')} field is required.`];
  else if (value.length > max) errors[field] = [`The ${field.replace(/_/g, ' ')} may not be greater than ${max} characters.`];
}

export function agentAdminRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();

  routes.get('/agents', async (c) => {
    const rows = await adminDb(c, deps)
      .select({ id: agents.id, name: agents.name, referralCode: agents.referralCode, createdAt: agents.createdAt, players: count(users.id) })
      .from(agents)
      .leftJoin(users, eq(users.agentId, agents.id))
      .groupBy(agents.id)
      .orderBy(asc(agents.id));
    return ok(c, rows.map((r) => ({ id: r.id, name: r.name, referral_code: r.referralCode, players: Number(r.players), created_at: r.createdAt.toISOString() })));
  });

  routes.post('/agents', async (c) => {
    const body = await readBody(c);
    const name = text(body.name);
    const given = text(body.referral_code);
    const errors: FieldErrors = {};
    need(errors, 'name', name, 100);
    if (given && !CODE_PATTERN.test(given)) errors.referral_code = ['The referral code must be 6 to 32 letters, digits, _ or -.'];
    throwIfInvalid(errors);
    const referralCode = given || newReferralCode();
    const [row] = await adminDb(c, deps).insert(agents).values({ name, referralCode }).onConflictDoNothing().returning();
    if (!row) throw new HttpError(409, 'That referral code is already taken.');
    return ok(c, { id: row.id, name: row.name, referral_code: row.referralCode, players: 0, created_at: row.createdAt.toISOString() }, 'Agent added.', 201);
  });

  routes.get('/agents/:code/accounts', async (c) => {
    const agent = await agentByCode(c, deps, c.req.param('code'));
    const rows = await adminDb(c, deps)
      .select({ id: agentPaymentAccounts.id, paymentType: paymentTypes.name, accountName: agentPaymentAccounts.accountName, accountNo: agentPaymentAccounts.accountNo, status: agentPaymentAccounts.status })
      .from(agentPaymentAccounts)
      .innerJoin(paymentTypes, eq(paymentTypes.id, agentPaymentAccounts.paymentTypeId))
      .where(eq(agentPaymentAccounts.agentId, agent.id))
      .orderBy(asc(agentPaymentAccounts.sort), asc(agentPaymentAccounts.id));
    return ok(c, rows.map((r) => ({ id: r.id, payment_type: r.paymentType, account_name: r.accountName, account_no: r.accountNo, status: r.status })));
  });

  routes.post('/agents/:code/accounts', async (c) => {
    const agent = await agentByCode(c, deps, c.req.param('code'));
    const body = await readBody(c);
    const payment = text(body.payment_type);
    const accountName = text(body.account_name);
    const accountNo = text(body.account_no);
    const errors: FieldErrors = {};
    need(errors, 'payment_type', payment, 100);
    need(errors, 'account_name', accountName, 100);
    need(errors, 'account_no', accountNo, 64);
    throwIfInvalid(errors);
    const [type] = await adminDb(c, deps).select({ id: paymentTypes.id }).from(paymentTypes).where(eq(paymentTypes.name, payment));
    if (!type) {
      const names = (await adminDb(c, deps).select({ name: paymentTypes.name }).from(paymentTypes)).map((t) => t.name);
      throwIfInvalid({ payment_type: [`Unknown payment type; one of: ${names.join(', ')}.`] });
    }
    const [row] = await adminDb(c, deps)
      .insert(agentPaymentAccounts)
      .values({ agentId: agent.id, paymentTypeId: type!.id, accountName, accountNo })
      .onConflictDoNothing()
      .returning({ id: agentPaymentAccounts.id });
    if (!row) throw new HttpError(409, 'That account is already listed for this agent.');
    return ok(c, { id: row.id, payment_type: payment, account_name: accountName, account_no: accountNo, status: 1 }, 'Account added.', 201);
  });

  return routes;
}

async function agentByCode(c: Context<AppEnv>, deps: Deps, code: string) {
  const [agent] = await adminDb(c, deps).select({ id: agents.id }).from(agents).where(eq(agents.referralCode, code));
  if (!agent) throw new HttpError(404, 'No agent has that referral code.');
  return agent;
}
