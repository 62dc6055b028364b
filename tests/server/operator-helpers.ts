import { expect } from 'vitest';
import type { DbKind } from '../../server/db/client';
import { totpCode } from '../../server/domain/operators/totp';
import type { Role } from '../../server/domain/operators/roles';
import type { Env } from '../../server/env';
import { manualClock } from '../../server/lib/clock';
import type { TestServer } from '../support/server';
import { ADMIN_TOKEN, startCashierServer, type CashierServer } from './cashier-helpers';

/** Shared pieces of the operator tests: a server with ADMIN_TOKEN, enrolled operators, their codes. */
export { ADMIN_TOKEN };
export type Clock = ReturnType<typeof manualClock>;

export interface Operator {
  userName: string;
  password: string;
  secret: string;
  role: Role;
  token: string;
}

export async function startOperatorServer(kind: DbKind, opts: { env?: Partial<Env>; clock?: Clock } = {}) {
  const clock = opts.clock ?? manualClock('2026-01-05T05:00:00Z');
  const server = await startCashierServer(kind, { clock, env: { ADMIN_TOKEN, ...opts.env } });
  return { server, clock };
}

export const secretOf = (uri: string) => new URL(uri).searchParams.get('secret')!;

/** The next step's code: moves the clock to the next 30 s step first, so the code is never a replay. */
export function nextCode(clock: Clock, secret: string): string {
  clock.advance(30_000);
  return totpCode(secret, clock.now());
}

let seq = 0;
/** Created by the ADMIN_TOKEN, enrolled with the setup code, signed in: a live session token. */
export async function enrolOperator(server: CashierServer, clock: Clock, role: Role, userName = `op_${role}_${++seq}`): Promise<Operator> {
  const created = await server.call('POST', '/api/admin/operators', { token: ADMIN_TOKEN, body: { user_name: userName, display_name: `Test ${role}`, role } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const secret = secretOf(created.body.data.otpauth_uri);
  const password = `pass-${userName}-0123`;
  const setup = await server.call('POST', '/api/admin/session/setup', {
    body: { user_name: userName, setup_code: created.body.data.setup_code, password, totp: nextCode(clock, secret) },
  });
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  return { userName, password, secret, role, token: setup.body.data.token };
}

export async function signIn(server: TestServer, op: Pick<Operator, 'userName' | 'password'>, totp: string, headers?: Record<string, string>) {
  return server.call('POST', '/api/admin/session', { body: { user_name: op.userName, password: op.password, totp }, headers });
}
