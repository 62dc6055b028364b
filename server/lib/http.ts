import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';

/** The contract's envelopes (api-contract.md, Conventions), legacy spelling kept exactly. */
export const OK_STATUS = 'Request was successful.';
export const FAIL_STATUS = 'Error has occured...';

export function ok(c: Context, data: unknown, message: string | null = null, status: ContentfulStatusCode = 200) {
  return c.json({ status: OK_STATUS, message, data }, status);
}

export function fail(c: Context, status: ContentfulStatusCode, message: string, data: unknown = null) {
  return c.json({ status: FAIL_STATUS, message, data }, status);
}

export type FieldErrors = Record<string, string[]>;

/** 422 in the Laravel shape: "<first error> (and N more errors)". */
export function validationBody(errors: FieldErrors) {
  const all = Object.values(errors).flat();
  const first = all[0] ?? 'The given data was invalid.';
  const more = all.length - 1;
  const message = more > 0 ? `${first} (and ${more} more error${more === 1 ? '' : 's'})` : first;
  return { message, errors };
}

export function invalid(c: Context, errors: FieldErrors) {
  return c.json(validationBody(errors), 422);
}

export function unauthenticated(c: Context) {
  return c.json({ message: 'Unauthenticated.' }, 401);
}

export function zodFieldErrors(error: ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || 'body';
    (out[field] ??= []).push(issue.message);
  }
  return out;
}

/** Thrown by handlers and domain code; the app's error handler turns it into an envelope. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly data: unknown = null,
    readonly fieldErrors?: FieldErrors,
  ) {
    super(message);
  }
}
