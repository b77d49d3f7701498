import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  CODE_LIFETIME_MINUTES,
  type CodeTimes,
  codeMismatchMessage,
  MAX_CODE_ATTEMPTS,
  RESEND_AFTER_SECONDS,
} from '../../domain/contract/one-time-codes.ts';
import { OTP_LENGTH } from '../../domain/rules.ts';
import { ApiError } from '../http/api-error.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** A uniformly random code of OTP_LENGTH digits, leading zeros kept. */
export function newCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/**
 * The code as stored: an HMAC keyed by a secret of the code's holder (a
 * registration's bearer token, which the database holds only as a hash; a
 * password recovery's own random key). Never the code in clear.
 */
export function hashCode(key: string, code: string): string {
  return createHmac('sha256', key).update(code).digest('hex');
}

export function codeMatches(storedHash: string, key: string, code: string): boolean {
  const given = Buffer.from(hashCode(key, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** When a code sent at `sentAt` stops working. */
export const codeExpiresAt = (sentAt: Date): Date => new Date(sentAt.getTime() + CODE_LIFETIME_MINUTES * MINUTE);

export function codeTimes(sentAt: Date, expiresAt: Date): CodeTimes {
  return {
    resend_available_at: new Date(sentAt.getTime() + RESEND_AFTER_SECONDS * SECOND).toISOString(),
    code_expires_at: expiresAt.toISOString(),
  };
}

/**
 * While the last code (sent at `sentAt`) is under a minute old: 429, saying
 * when to ask again: OTPAlreadySent for a texted code, EmailSendExist (SPEC
 * §8's e-mail family) for an e-mailed one.
 */
export function refuseEarlyResend(sentAt: Date, now: Date, channel: 'email' | 'sms'): void {
  const waitMs = sentAt.getTime() + RESEND_AFTER_SECONDS * SECOND - now.getTime();
  if (waitMs <= 0) return;
  const seconds = Math.ceil(waitMs / SECOND);
  throw new ApiError(
    channel === 'email' ? 'EmailSendExist' : 'OTPAlreadySent',
    `A code was sent less than a minute ago. You can ask for a new one in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    null,
    { retryAfterSeconds: seconds },
  );
}

/** Why a code opened nothing: wrong (with the tries the code has left), expired, or burnt by wrong tries. */
export type CodeRefusal = { kind: 'burnt' | 'expired' } | { kind: 'mismatch'; triesLeft: number };

/**
 * A wrong code against a code already tried `failedAttempts` times: the new
 * count, whether this try burns the code (store its hash as null), and the
 * refusal to answer.
 */
export function wrongCode(failedAttempts: number): { failedAttempts: number; burnt: boolean; refusal: CodeRefusal } {
  const count = failedAttempts + 1;
  const burnt = count >= MAX_CODE_ATTEMPTS;
  return {
    failedAttempts: count,
    burnt,
    refusal: burnt ? { kind: 'burnt' } : { kind: 'mismatch', triesLeft: MAX_CODE_ATTEMPTS - count },
  };
}

/** The error a refused code answers: 422 CodeMismatch (wrong or expired) or 429 AttemptLimit (burnt), on `code`. */
export function codeRefused(refusal: CodeRefusal): ApiError {
  switch (refusal.kind) {
    case 'burnt':
      return new ApiError('AttemptLimit', 'Too many wrong codes. Ask for a new code.', 'code');
    case 'expired':
      return new ApiError('CodeMismatch', 'The verification code has expired. Ask for a new code.', 'code');
    case 'mismatch':
      return new ApiError('CodeMismatch', codeMismatchMessage(refusal.triesLeft), 'code');
  }
}
