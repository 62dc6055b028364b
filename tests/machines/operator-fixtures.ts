/** Payloads shared by the operator console's path models (shapes from docs/operator.md). */
import type { OperatorSession, QueueItem } from '../../src/api/admin';
import { apiError } from '../support/paths';

export const cashierRoutes = ['GET /me', 'DELETE /session', 'GET /dashboard', 'GET /deposits', 'GET /withdrawals', 'POST /deposits/:id/approve'];

export const thidaSession: OperatorSession = {
  token: 'op-token-1',
  operator: { user_name: 'thida', display_name: 'Daw Thida', role: 'cashier' },
  routes: cashierRoutes,
};

export const thidaMe = { operator: thidaSession.operator, routes: cashierRoutes };

export const signInInput = { user_name: 'thida', password: 'correct horse battery', totp: '123456' };
export const setupInput = { user_name: 'thida', setup_code: 'SETUP-CODE-1', password: 'a new password', totp: '654321' };

export const wrongCredentials = apiError(401, 'The user name, password or authenticator code is wrong.');
export const wrongSetup = apiError(401, 'The setup code or the authenticator code is wrong, or the setup code has expired.');
export const unauthenticated = apiError(401, 'Unauthenticated.');
/** A 429 as src/api/admin.ts rejects it: the server's words and its Retry-After. */
export const tooManyLogins = { ...apiError(429, 'Too many sign-in attempts. Please try again in 30 seconds.'), retryAfter: 30 };

const request = (id: number, amount: string, player: string): QueueItem => ({
  id,
  amount,
  user: { id: id + 100, user_name: player, name: null },
  payment_type: 'KBZPay',
  account_name: 'U Kyaw Min',
  account_number: '09250123456',
  refrence_no: '482913',
  has_receipt: true,
  status: 0,
  status_word: 'pending',
  note: null,
  datetime: '2026-11-23 10:00:00',
});

export const deposit7 = request(7, '5000.00', 'Pi00000001');
export const deposit8 = request(8, '25000.00', 'Pi00000002');
export const deposit9 = request(9, '1500.00', 'Pi00000003');
/** 409 for a request another cashier decided (the answer's data names its status). */
export const alreadyApproved = { ...apiError(409, 'This deposit request is already approved.'), data: { id: 7, status: 1, status_word: 'approved' } };
