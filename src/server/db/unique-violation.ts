const UNIQUE_VIOLATION = '23505';

/** Whether a database error is a unique-constraint violation (same SQLSTATE on PGlite and PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;
}
