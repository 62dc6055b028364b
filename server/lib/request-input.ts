import type { Context } from 'hono';
import type { z } from 'zod';
import type { FieldErrors } from '../domain/refusal';
import { readBody } from './request-body';
import { parseFields, throwIfInvalid, validateFields, type Values } from './validation';

/**
 * The one place a route reads its input (decision 0021): the body (JSON, form or multipart:
 * lib/request-body.ts), the query and the path's parameters, each checked against a shape of
 * pieces (lib/schemas.ts, or a feature's own shapes built from them) by `validateFields` /
 * `parseFields`, so a refused field is the contract's 422 with its codes. Route files call none of
 * `c.req.json()`, `c.req.parseBody()`, `c.req.query(…)`, `c.req.param(…)` themselves
 * (tests/architecture/schemas.test.ts).
 */

type Shape = Record<string, z.ZodType>;
export type FieldsChecked<S extends Shape> = ReturnType<typeof validateFields<S>>;

/** Every query parameter (the first of a repeated one), as Hono reads them. */
export const queryInput = (c: Context): Record<string, unknown> => c.req.query();

/** The query and the body as one record, the body winning: routes that take either (a DELETE's query). */
export async function queryAndBody(c: Context): Promise<Record<string, unknown>> {
  return { ...queryInput(c), ...(await readBody(c)) };
}

/** The body's fields, or the 422. `prepare` fills in defaults one field takes from another. */
export async function bodyFields<S extends Shape>(c: Context, shape: S, prepare?: (body: Record<string, unknown>) => Record<string, unknown>): Promise<Values<S>> {
  const body = await readBody(c);
  return parseFields(shape, prepare ? prepare(body) : body);
}

/** The body's values and errors, for a route that adds its cross-field rules before answering. */
export async function checkBody<S extends Shape>(c: Context, shape: S): Promise<FieldsChecked<S>> {
  return validateFields(shape, await readBody(c));
}

/** The query's fields, or the 422. */
export function queryFields<S extends Shape>(c: Context, shape: S): Values<S> {
  return parseFields(shape, queryInput(c));
}

/** The query's and the body's fields together (the body winning), with their errors. */
export async function checkQueryAndBody<S extends Shape>(c: Context, shape: S): Promise<FieldsChecked<S>> {
  return validateFields(shape, await queryAndBody(c));
}

/** The path's parameters' values and errors (a middleware choosing by them, refusing nothing itself). */
export function checkPath<S extends Shape>(c: Context, shape: S): FieldsChecked<S> {
  return validateFields(shape, c.req.param() as Record<string, unknown>);
}

/**
 * The path's parameters. A malformed one names nothing, so by default it is what `notFound`
 * throws (the target's own 404, as an id no row has); without `notFound` it is the 422.
 */
export function pathFields<S extends Shape>(c: Context, shape: S, notFound?: (errors: FieldErrors) => Error): Values<S> {
  const { values, errors } = checkPath(c, shape);
  if (notFound && Object.keys(errors).length > 0) throw notFound(errors);
  throwIfInvalid(errors);
  return values as Values<S>;
}
