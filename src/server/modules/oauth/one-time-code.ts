import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '../../../domain/rules.ts';

/** A uniformly random code of OTP_LENGTH digits, leading zeros kept. */
export function newCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/**
 * The code as stored: an HMAC keyed by the registration's bearer token,
 * which the database holds only as a hash. Someone who reads the table
 * cannot try the million codes against it without the token.
 */
export function hashCode(registrationToken: string, code: string): string {
  return createHmac('sha256', registrationToken).update(code).digest('hex');
}

export function codeMatches(storedHash: string, registrationToken: string, code: string): boolean {
  const given = Buffer.from(hashCode(registrationToken, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
