/**
 * The operator console's journeys: an operator created with the ADMIN_TOKEN and enrolled over the
 * API (password and authenticator code), then signed in through the real sign-in form.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { totpCode } from '../../../server/domain/operators/totp';
import type { manualClock } from '../../../server/lib/clock';
import type { Harness } from './harness';

type ManualClock = ReturnType<typeof manualClock>;

export interface ConsoleOperator {
  user_name: string;
  password: string;
  secret: string;
}

/** The next authenticator code: the server's clock moves on 30 s, so no code is used twice. */
export function codeFor(clock: ManualClock, op: Pick<ConsoleOperator, 'secret'>): string {
  clock.advance(30_000);
  return totpCode(op.secret, clock.now());
}

/** Created with the ADMIN_TOKEN and enrolled over the API: ready to sign in in the browser. */
export async function enrolOperator(
  h: Harness,
  clock: ManualClock,
  adminToken: string,
  who: { user_name: string; role: string; display_name?: string; password?: string },
): Promise<ConsoleOperator> {
  const { user_name, role, display_name } = who;
  const created = await h.server.call('POST', '/api/admin/operators', { token: adminToken, body: { user_name, role, display_name } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const op = { user_name, password: who.password ?? `${user_name}-console-2026`, secret: new URL(created.body.data.otpauth_uri).searchParams.get('secret')! };
  const setup = await h.server.call('POST', '/api/admin/session/setup', {
    body: { user_name, setup_code: created.body.data.setup_code, password: op.password, totp: codeFor(clock, op) },
  });
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  return op;
}

/** Through the console's sign-in form (at /admin unless the page is already there), until the console shows the operator. */
export async function signInToConsole(page: Page, clock: ManualClock, op: ConsoleOperator, opts: { goto?: boolean } = {}): Promise<void> {
  if (opts.goto !== false) await page.goto('/admin');
  await page.locator('input[name="user_name"]').fill(op.user_name);
  await page.locator('input[name="password"]').fill(op.password);
  await page.locator('input[name="totp"]').fill(codeFor(clock, op));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByTestId('operator').waitFor();
}
