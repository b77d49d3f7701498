import type { Context } from 'hono';
import { ApiError } from './api-error.ts';

const HEADER = 'Idempotency-Key';
const KEY = /^[\x21-\x7e]{8,128}$/;

/**
 * The caller's Idempotency-Key: required on every call that moves money,
 * 8 to 128 visible ASCII characters (a UUID fits). The same key answers with
 * the first result.
 */
export function idempotencyKey(c: Context): string {
  const key = c.req.header(HEADER);
  if (key === undefined || key === '') {
    throw new ApiError('ValidationFailed', `The ${HEADER} header is required`, HEADER);
  }
  if (!KEY.test(key)) {
    throw new ApiError('ValidationFailed', `The ${HEADER} header must be 8 to 128 visible ASCII characters`, HEADER);
  }
  return key;
}
