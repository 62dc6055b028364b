/**
 * Agents and their receiving accounts (docs/operator.md § Agents). A production install seeds no
 * agent, so this is how an operator opens for business: add an agent (its referral code is what
 * players register with), then the bank and wallet accounts its players deposit into.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv, Deps } from '../../types/app';
import { addAgent, addAgentAccount, agentIdByReferralCode, listAgentAccounts, listAgents, newReferralCode, paymentTypeByName } from '../../domain/agents';
import { invalidInput } from '../../domain/refusal';
import { burmeseUnicode } from '../../lib/burmese-unicode';
import { HttpError, ok } from '../../lib/http';
import { bodyFields, pathFields } from '../../lib/request-input';
import { adminDb } from './audited';
import { lookupText } from './schemas';

const CODE_PATTERN = /^[A-Za-z0-9_-]{6,32}$/;

/** Operators may type Burmese names in Zawgyi too: stored in Unicode. Anything but text reads as empty. */
const text = (v: unknown) => (typeof v === 'string' ? burmeseUnicode(v.trim()) : '');

/** A required text of at most `max` characters, in the console's own words. */
const agentText = (field: string, max: number) => {
  const label = field.replace(/_/g, ' ');
  return z.preprocess(
    text,
    z
      .string()
      .min(1, { error: `The ${label} field is required.` })
      .max(max, { error: `The ${label} may not be greater than ${max} characters.` }),
  );
};

const agentBody = {
  name: agentText('name', 100),
  /** Optional: empty gives a new code (newReferralCode). */
  referral_code: z.preprocess(text, z.string().refine((code) => !code || CODE_PATTERN.test(code), { error: 'The referral code must be 6 to 32 letters, digits, _ or -.' })),
};
const accountBody = { payment_type: agentText('payment_type', 100), account_name: agentText('account_name', 100), account_no: agentText('account_no', 64) };
const codePath = { code: lookupText };

async function getAgents(c: Context<AppEnv>, deps: Deps) {
  const rows = await listAgents(adminDb(c, deps));
  return ok(c, rows.map((r) => ({ id: r.id, name: r.name, referral_code: r.referralCode, players: r.players, created_at: r.createdAt.toISOString() })));
}

async function postAgent(c: Context<AppEnv>, deps: Deps) {
  const { name, referral_code: given } = await bodyFields(c, agentBody);
  const referralCode = given || newReferralCode();
  const row = await addAgent(adminDb(c, deps), { name, referralCode });
  if (!row) throw new HttpError(409, 'That referral code is already taken.');
  return ok(c, { id: row.id, name: row.name, referral_code: row.referralCode, players: 0, created_at: row.createdAt.toISOString() }, 'Agent added.', 201);
}

async function getAccounts(c: Context<AppEnv>, deps: Deps) {
  const agent = await agentByCode(c, deps);
  const rows = await listAgentAccounts(adminDb(c, deps), agent.id);
  return ok(c, rows.map((r) => ({ id: r.id, payment_type: r.paymentType, account_name: r.accountName, account_no: r.accountNo, status: r.status })));
}

/** The payment type named in `payment_type`, or its 422 listing the known ones. */
async function paymentTypeId(c: Context<AppEnv>, deps: Deps, name: string): Promise<number> {
  const type = await paymentTypeByName(adminDb(c, deps), name);
  if ('id' in type) return type.id;
  throw invalidInput({ payment_type: [`Unknown payment type; one of: ${type.known.join(', ')}.`] });
}

async function postAccount(c: Context<AppEnv>, deps: Deps) {
  const agent = await agentByCode(c, deps);
  const { payment_type: payment, account_name: accountName, account_no: accountNo } = await bodyFields(c, accountBody);
  const typeId = await paymentTypeId(c, deps, payment);
  const id = await addAgentAccount(adminDb(c, deps), { agentId: agent.id, paymentTypeId: typeId, accountName, accountNo });
  if (id === null) throw new HttpError(409, 'That account is already listed for this agent.');
  return ok(c, { id, payment_type: payment, account_name: accountName, account_no: accountNo, status: 1 }, 'Account added.', 201);
}

export function agentAdminRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();
  routes.get('/agents', (c) => getAgents(c, deps));
  routes.post('/agents', (c) => postAgent(c, deps));
  routes.get('/agents/:code/accounts', (c) => getAccounts(c, deps));
  routes.post('/agents/:code/accounts', (c) => postAccount(c, deps));
  return routes;
}

async function agentByCode(c: Context<AppEnv>, deps: Deps) {
  const { code } = pathFields(c, codePath);
  const id = await agentIdByReferralCode(adminDb(c, deps), code);
  if (id === undefined) throw new HttpError(404, 'No agent has that referral code.');
  return { id };
}
