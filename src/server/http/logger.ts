import pino from 'pino';

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
  'authorization',
  'x-auth-token',
  'cookie',
];

export type Logger = pino.Logger;

export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: [...REDACTED, ...REDACTED.map((k) => `*.${k}`), ...REDACTED.map((k) => `*.*.${k}`)],
      censor: '[redacted]',
    },
    base: undefined,
  });
}
