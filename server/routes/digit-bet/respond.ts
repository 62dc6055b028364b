import type { Context } from 'hono';
import { Refusal } from '../../domain/refusal';
import { HttpError, OK_STATUS, refusalAnswer } from '../../lib/http';

/**
 * Digit Bet answers carry `success` beside the usual envelope, as the legacy backend's do
 * (api-contract.md § Digit Bet and Shan): `{ success: true, status, message, data }`, refusals
 * `{ success: false, status, message, data: null }`, 422 `{ success: false, message, errors }`.
 */
export function digitOk(data: unknown, message: string | null = null) {
  return { success: true, status: OK_STATUS, message, data };
}

/** Runs a handler and renders what it throws in the Digit Bet shape; 401 and other errors go to the app. */
export async function digitGuard(c: Context, work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof HttpError || err instanceof Refusal) || (err instanceof HttpError && err.status === 401)) throw err;
    const { status, body } = refusalAnswer(c, err);
    return c.json({ success: false, ...body }, status);
  }
}
