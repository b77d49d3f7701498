import pino from 'pino';
import { logError } from './log-error.ts';

/** Keys whose values never reach a log line, wherever they appear. */
const REDACTED = [
  'password',
  'old_password',
  'new_password',
  'token',
  'code',
  'otp',
  'card_number',
  'cvv',
  'cvc',
  'single_use_token',
  'card_fields',
  'card_token',
  'authorization',
  'x-auth-token',
  'cookie',
];

export type Logger = pino.Logger;

/** pino's number for `error`: what is logged at it or above is reported too, when reporting is on. */
const ERROR_LEVEL = 50;

/** What each log line at `error` or above is handed to: its `err` (if any) and its message. */
export type ErrorLogListener = (error: unknown, what: string) => void;

/** The error and the message of a log call's arguments: `(obj, msg)`, `(err, msg)` or `(msg)`. */
function errorOf(args: unknown[]): { error: unknown; what: string } {
  const [first, second] = args;
  const what = typeof first === 'string' ? first : typeof second === 'string' ? second : 'error';
  if (first instanceof Error) return { error: first, what };
  const error = typeof first === 'object' && first !== null ? (first as { err?: unknown }).err : undefined;
  return { error, what };
}

/**
 * A JSON logger to stdout, or to `destination` (tests read what was logged).
 * With `onError`, every line logged at `error` or above (by this logger or
 * its children) is handed to it as well: the error reporter.
 */
export function createLogger(level: string, destination?: pino.DestinationStream, onError?: ErrorLogListener): Logger {
  return pino(
    {
      level,
      ...(onError && {
        hooks: {
          logMethod(args, method, logLevel) {
            if (logLevel >= ERROR_LEVEL) {
              const { error, what } = errorOf(args);
              onError(error, what);
            }
            method.apply(this, args);
          },
        },
      }),
      redact: {
        paths: [...REDACTED, ...REDACTED.map((k) => `*.${k}`), ...REDACTED.map((k) => `*.*.${k}`)],
        censor: '[redacted]',
      },
      base: undefined,
      // every error is logged under `err`; see log-error.ts for why database errors lose their text
      serializers: { err: logError },
    },
    destination,
  );
}
