/** PostgreSQL's SQLSTATE for a unique violation. */
export const UNIQUE_VIOLATION = '23505';
export const DUPLICATE_PREPARED_STATEMENT = '42P05';
export const UNDEFINED_PREPARED_STATEMENT = '26000';

/**
 * The database error behind a failed query (drizzle wraps the driver's error in `cause`), as
 * both node-postgres and PGlite report it: SQLSTATE `code` and the `constraint` name.
 */
export function pgError(err: unknown): { code?: string; constraint?: string } | undefined {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const candidate = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
      };
    }
    e = candidate.cause;
  }
  return undefined;
}

export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const info = pgError(err);
  return info?.code === UNIQUE_VIOLATION && (constraint === undefined || info.constraint === constraint);
}
