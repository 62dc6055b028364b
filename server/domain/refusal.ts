/**
 * What the domain says when it will not do something (decision 0021). The domain does not speak
 * HTTP: it throws a `Refusal` of a kind, with its words (a refusal token of i18n/refusals.ts, or
 * plain text); ONE place, `refusalAnswer` in lib/http.ts, turns the kind into a status and the
 * contract's body. It imports only the refusal words' tokens, so every layer may use it.
 */
import { refuse } from '../i18n/refusals';

/** A field's messages, keyed by the field's path ("amounts.0.num"), in the order they are reported. */
export type FieldErrors = Record<string, string[]>;

/**
 * - `invalid`: the input breaks a rule (the contract's 422 with per-field errors);
 * - `refused`: a valid request the rules of the game refuse now (closed, over a limit, not enough money);
 * - `not_found`: what the request names does not exist.
 */
export type RefusalKind = 'invalid' | 'refused' | 'not_found';

export class Refusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    /** A refusal token (i18n/refusals.ts `refuse`) or plain words; spoken at the edge. */
    message: string,
    /** Extra data for the answer (e.g. the over-limit numbers). */
    readonly data: unknown = null,
    /** Per-field messages, for `invalid`. */
    readonly fieldErrors?: FieldErrors,
  ) {
    super(message);
    this.name = 'Refusal';
  }
}

/** The `invalid` refusal for field errors (the 422's message is built from the fields at the edge). */
export function invalidInput(errors: FieldErrors, summary = refuse('validation.invalid')): Refusal {
  return new Refusal('invalid', summary, null, errors);
}

/** Throws `invalidInput(errors)` when there is anything to report. */
export function throwIfInvalid(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw invalidInput(errors);
}
