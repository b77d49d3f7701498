const UNIQUE_VIOLATION = '23505';

/**
 * Whether a database error is a unique-constraint violation (same SQLSTATE on
 * PGlite and PostgreSQL), of the named constraint when one is given.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint: violated } = error as { code?: unknown; constraint?: unknown };
  return code === UNIQUE_VIOLATION && (constraint === undefined || violated === constraint);
}
