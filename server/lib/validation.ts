import { z } from 'zod';
import { throwIfInvalid, type FieldErrors } from '../domain/refusal';
import { refuse } from '../i18n/refusals';

export { throwIfInvalid };

/**
 * Laravel-style validation on top of zod: every field is checked on its own so each one gets
 * its own messages, worded as the legacy backend words them ("The name field is required.").
 */

/** Laravel's attribute name: `referral_code` → "referral code". */
export function attributeLabel(field: string): string {
  return field.replace(/_/g, ' ');
}

const BURMESE_ZERO = 0x1040;

/** Burmese digits ၀-၉ (U+1040–U+1049) → ASCII 0-9; everything else untouched. */
export function asciiDigits(text: string): string {
  return text.replace(/[\u1040-\u1049]/g, (d) => String(d.charCodeAt(0) - BURMESE_ZERO));
}

export interface StringRule {
  min?: number;
  max: number;
  /** Laravel trims input strings except passwords. Default true. */
  trim?: boolean;
  /** Applied after trimming, before the checks. */
  normalise?: (text: string) => string;
  pattern?: RegExp;
  patternMessage?: string;
}

/** A required string field; empty strings count as missing (Laravel's ConvertEmptyStringsToNull). */
export function stringField(field: string, rule: StringRule) {
  let schema = z.string({
    error: (issue) => (issue.input === undefined || issue.input === null ? refuse('field.required', { field }) : refuse('field.string', { field })),
  });
  if (rule.min !== undefined) {
    schema = schema.min(rule.min, { error: refuse('field.min_chars', { field, min: rule.min }) });
  }
  schema = schema.max(rule.max, { error: refuse('field.max_chars', { field, max: rule.max }) });
  if (rule.pattern) {
    schema = schema.regex(rule.pattern, { error: rule.patternMessage ?? refuse('field.format', { field }) });
  }
  return z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    let text = rule.trim === false ? value : value.trim();
    if (rule.normalise) text = rule.normalise(text);
    return text === '' ? undefined : text;
  }, schema);
}

type Shape = Record<string, z.ZodType>;
export type Values<S extends Shape> = { [K in keyof S]: z.output<S[K]> };

/**
 * Checks each field of `shape` against `input`. Returns the values that passed and the errors,
 * keyed in the shape's order (the 422 message starts with the first one).
 */
export function validateFields<S extends Shape>(
  shape: S,
  input: Record<string, unknown>,
): { values: Partial<Values<S>>; errors: FieldErrors } {
  const values: Partial<Values<S>> = {};
  const errors: FieldErrors = {};
  for (const field of Object.keys(shape) as (keyof S & string)[]) {
    const result = shape[field]!.safeParse(input[field]);
    if (result.success) values[field] = result.data as Values<S>[typeof field];
    else errors[field] = result.error.issues.map((issue) => issue.message);
  }
  return { values, errors };
}

/**
 * The one helper every body and query goes through: each field of `shape` checked on its own, and
 * either every value or the `invalid` refusal (the contract's 422, rendered at the edge).
 */
export function parseFields<S extends Shape>(shape: S, input: Record<string, unknown>): Values<S> {
  const { values, errors } = validateFields(shape, input);
  throwIfInvalid(errors);
  return values as Values<S>;
}

/** Adds a message to a field, keeping the fields in `order`. */
export function addFieldError(errors: FieldErrors, field: string, message: string, order: readonly string[]): FieldErrors {
  const merged: FieldErrors = { ...errors, [field]: [...(errors[field] ?? []), message] };
  const sorted: FieldErrors = {};
  for (const key of order) if (merged[key]) sorted[key] = merged[key];
  for (const key of Object.keys(merged)) if (!sorted[key]) sorted[key] = merged[key]!;
  return sorted;
}
