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

/** A JSON logger to stdout, or to `destination` (tests read what was logged). */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
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
