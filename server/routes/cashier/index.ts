import { z } from 'zod';
import { Hono } from 'hono';
import { bodyLimit } from '../../lib/body-limit';
import type { AppEnv, Deps } from '../../types/app';
import { fail, ok } from '../../lib/http';
import { requireUser } from '../auth/middleware';
import { agentAccounts, savedPayoutAccounts } from '../../domain/cashier-accounts';
import { agentPaymentTypeRow, bankRow, latestPayoutJson, savedPayoutsJson } from './accounts';
import { createDeposit } from './deposit';
import { depositLog, depositRequestLog, withdrawLog, withdrawRequestLog } from './logs';
import { createWithdrawal } from './withdraw';
import { refuse } from '../../i18n/refusals';
import { queryFields } from '../../lib/request-input';

/** `?all=1`: every saved payout account; anything else (or none): the legacy single object. */
const allQuery = { all: z.unknown().transform((v) => v === '1') };

/** Room for the form fields and multipart framing around a receipt of the largest size. */
const FORM_SLACK_BYTES = 64 * 1024;

/**
 * Cashier (api-contract.md § Cashier): the agent's receiving accounts, deposit and withdraw
 * requests, and the player's logs of them. Every route needs a player token; the guard is per
 * route so that this router claims no paths but its own.
 */
export function cashierRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();
  const auth = requireUser(deps);
  const tooLarge = (c: Parameters<typeof fail>[0]) => fail(c, 413, refuse('request.too_large'));
  const depositBody = bodyLimit({ maxSize: deps.env.MAX_RECEIPT_BYTES + FORM_SLACK_BYTES, onError: tooLarge });
  const smallBody = bodyLimit({ maxSize: FORM_SLACK_BYTES, onError: tooLarge });

  routes.get('/banks', auth, async (c) => ok(c, (await agentAccounts(deps.database.db, c.var.user.agentId)).map(bankRow)));
  routes.get('/agent-payment-type', auth, async (c) =>
    ok(c, (await agentAccounts(deps.database.db, c.var.user.agentId)).map(agentPaymentTypeRow)),
  );
  // The existing site reads one object (the latest account, as the existing backend answers);
  // `?all=1` lists every saved account, newest first (our site's withdraw form offers them all).
  routes.get('/user-payment', auth, async (c) => {
    const all = queryFields(c, allQuery).all;
    const rows = await savedPayoutAccounts(deps.database.db, c.var.user.id);
    return all ? ok(c, savedPayoutsJson(rows)) : ok(c, latestPayoutJson(rows, c.var.user.id), 'User Payment List');
  });

  routes.post('/depositfinicial', auth, depositBody, (c) => createDeposit(c, deps));
  routes.post('/withdrawfinicial', auth, smallBody, (c) => createWithdrawal(c, deps));

  routes.get('/depositlogfinicial', auth, (c) => depositLog(c, deps));
  routes.get('/withdrawlogfinicial', auth, (c) => withdrawLog(c, deps));
  routes.get('/transaction/deposit-requestlog', auth, (c) => depositRequestLog(c, deps));
  routes.get('/transaction/withdraw-requestlog', auth, (c) => withdrawRequestLog(c, deps));
  return routes;
}
