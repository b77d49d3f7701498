/**
 * How an error appears in a log line. Database errors carry the values of
 * the failed statement (PGlite's `params`, PostgreSQL's `detail` such as
 * "Key (email)=(amina@example.test) already exists", messages quoting a bad
 * value), and redaction by field name cannot know which of those are
 * personal. So a database error is logged by what identifies the fault —
 * its SQLSTATE code, table, column, constraint and where in our code it was
 * raised — and never by its text; any other error keeps its message.
 */
export interface LoggedError {
  type: string;
  message?: string;
  /** the database's SQLSTATE (not `code`, which redaction treats as a one-time code) */
  sqlstate?: string;
  table?: string;
  column?: string;
  constraint?: string;
  routine?: string;
  /** the stack's frames, without its first line (which repeats the message) */
  stack?: string;
}

/** SQLSTATE: five digits or capital letters. */
const SQLSTATE = /^[0-9A-Z]{5}$/;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function frames(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  return stack
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');
}

type DatabaseError = Error & { code: string } & Record<string, unknown>;

function isDatabaseError(error: unknown): error is DatabaseError {
  const code: unknown = error instanceof Error ? (error as unknown as { code?: unknown }).code : undefined;
  return typeof code === 'string' && SQLSTATE.test(code);
}

export function logError(error: unknown): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error };
  if (isDatabaseError(error)) {
    return {
      type: 'DatabaseError',
      sqlstate: error.code,
      table: text(error.table),
      column: text(error.column),
      constraint: text(error.constraint),
      routine: text(error.routine),
      stack: frames(error.stack),
    };
  }
  return { type: error.name, message: error.message, stack: frames(error.stack) };
}
