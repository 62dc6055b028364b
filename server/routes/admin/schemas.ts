/**
 * The operator console's own pieces (routes/admin/**, routes/two-d-results/admin.ts), beside the
 * shared ones of lib/schemas.ts that its shapes are mostly composed from. Some console answers
 * are plain English words rather than refusal codes (an operator's answers, never a player's);
 * these pieces keep them word for word.
 */
import { z } from 'zod';
import { isCalendarDate } from '../../domain/two-d/calendar';
import { HttpError, type FieldErrors } from '../../lib/http';
import { fromCheck, idText } from '../../lib/schemas';

/** A path's `:id` as digits (lib/schemas.ts `idText`); pass `notFound(…)` so a bad one is the target's 404. */
export const idPath = (max?: number) => ({ id: idText('id', max) });

/** The 404 a malformed path parameter answers: it names nothing, as an id no row has. */
export const notFound = (message: string) => () => new HttpError(404, message);

/** The same, worded by the piece that refused (its message is the whole 404). */
export const notFoundAsWorded = (errors: FieldErrors) => new HttpError(404, Object.values(errors)[0]?.[0] ?? 'Not found.');

/** A path parameter looked up as it is (a user name, a referral code): any text. */
export const lookupText = z.string();

/** `YYYY-MM-DD`, a real date; anything else "The <field> field must be a valid date (YYYY-MM-DD).". */
export const consoleDate = (field: string) => z.string().refine(isCalendarDate, { error: `The ${field} field must be a valid date (YYYY-MM-DD).` });

/** One of `words` (absent: undefined, the route's default), else `message`. */
export const consoleChoice = <W extends string>(words: readonly W[], message: string) =>
  fromCheck<W | undefined>((v) => (v === undefined ? { ok: true, value: undefined } : words.includes(v as W) ? { ok: true, value: v as W } : { ok: false, message }));
