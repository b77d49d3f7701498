/**
 * SQLSTATEs that say the database, not the statement, failed: the connection
 * was refused or lost (class 08), the server is shutting down, crashed or is
 * starting (57P01–57P03), has no connection slot left (53300), or cancelled a
 * statement that ran past `statement_timeout` (57014), or ended a session idle
 * in a transaction too long (25P03).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014', '25P03']);
/** What Node's sockets say when the database cannot be reached. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** What `pg` and its pool say about a connection they lost, could not open in time, or gave no answer on. */
const CLIENT_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Query read timeout$/,
  /is not queryable$/,
  /^Client was closed and is not queryable$/,
];

function unavailable(error: object): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (
    typeof code === 'string' &&
    (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code) || NETWORK_CODES.has(code))
  ) {
    return true;
  }
  return typeof message === 'string' && CLIENT_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * Whether an error means the database is away or too slow (the caller may
 * try again shortly: 503), rather than that the call was wrong. Looks
 * through `cause` and the errors of an AggregateError (a connection refused
 * on both IPv4 and IPv6).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  if (unavailable(error)) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) {
    return true;
  }
  return isDatabaseUnavailable((error as { cause?: unknown }).cause, depth + 1);
}
