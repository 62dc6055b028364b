import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import { Refusal as DomainRefusal, type FieldErrors, type RefusalKind } from '../domain/refusal';
import { parseRefusal, refuse, render, requestLang, speak, type Lang, type Refusal } from '../i18n/refusals';

export type { FieldErrors } from '../domain/refusal';

/** The contract's envelopes (api-contract.md, Conventions), legacy spelling kept exactly. */
export const OK_STATUS = 'Request was successful.';
export const FAIL_STATUS = 'Error has occured...';

export function ok(c: Context, data: unknown, message: string | null = null, status: ContentfulStatusCode = 200) {
  return c.json({ status: OK_STATUS, message, data }, status);
}

/** A refusal's `code` and `params` beside the contract's fields (absent for a plain message). */
function codeOf(refusal: Refusal | null): { code?: string; params?: Refusal['params'] } {
  if (!refusal) return {};
  return refusal.params ? { code: refusal.code, params: refusal.params } : { code: refusal.code };
}

/** The contract's failure envelope; a refusal token is spoken in the request's language, with its code. */
export function fail(c: Context, status: ContentfulStatusCode, message: string, data: unknown = null) {
  return c.json(failBody(c, message, data), status);
}

/** `{ message, code?, params? }` for answers in their own shape (games launch, Shan, Digit Bet). */
export function spoken(c: Context, text: string) {
  const refusal = parseRefusal(text);
  return refusal ? { message: speak(requestLang(c), refusal), ...codeOf(refusal) } : { message: text };
}

/** The same for answers whose `code` field is already taken (the games launch's numeric code): the refusal goes under `refusal`. */
export function refusalOf(c: Context, text: string) {
  const refusal = parseRefusal(text);
  if (!refusal) return { message: text };
  return { message: speak(requestLang(c), refusal), refusal: refusal.code, ...(refusal.params ? { params: refusal.params } : {}) };
}

export function failBody(c: Context, message: string, data: unknown = null) {
  const refusal = parseRefusal(message);
  return { status: FAIL_STATUS, message: refusal ? speak(requestLang(c), refusal) : message, data, ...codeOf(refusal) };
}

/**
 * 422 in the Laravel shape: "<first error> (and N more errors)", in `lang`. Beside `errors` (the
 * words), `error_codes` gives each field's refusals as codes and parameters, and `code` is
 * `validation.invalid`.
 */
export function validationBody(errors: FieldErrors, lang: Lang = 'en') {
  const spoken: FieldErrors = {};
  const codes: Record<string, Refusal[]> = {};
  for (const [field, messages] of Object.entries(errors)) {
    spoken[field] = messages.map((m) => render(lang, m));
    const refusals = messages.map(parseRefusal).filter((r): r is Refusal => r !== null);
    if (refusals.length) codes[field] = refusals;
  }
  const all = Object.values(spoken).flat();
  const first = all[0] ?? render(lang, refuse('validation.invalid'));
  const more = all.length - 1;
  const message = more > 0 ? render(lang, refuse(more === 1 ? 'validation.more_one' : 'validation.more_other', { first, count: more })) : first;
  return { message, errors: spoken, code: 'validation.invalid', error_codes: codes };
}

export function invalid(c: Context, errors: FieldErrors) {
  return c.json(validationBody(errors, requestLang(c)), 422);
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

/** The status of each kind of domain refusal (server/domain/refusal.ts): the one mapping. */
export const REFUSAL_STATUS: Record<RefusalKind, ContentfulStatusCode> = { invalid: 422, refused: 400, not_found: 404 };

/**
 * The ONE place a refusal becomes the contract's answer: a domain `Refusal` (status by its kind)
 * or a handler's `HttpError`; field errors give the 422 shape, anything else the failure envelope.
 * The app's error handler sends it; Digit Bet adds its `success: false` (routes/digit-bet/respond.ts).
 */
export function refusalAnswer(c: Context, err: DomainRefusal | HttpError): { status: ContentfulStatusCode; body: Record<string, unknown> } {
  if (err.fieldErrors) return { status: 422, body: validationBody(err.fieldErrors, requestLang(c)) };
  const status = err instanceof DomainRefusal ? REFUSAL_STATUS[err.kind] : err.status;
  return { status, body: failBody(c, err.message, err.data ?? null) };
}
