import { randomBytes } from 'node:crypto';

/** A prefixed random id (`acc_…`, `ltx_…`): 128 random bits, base64url. */
export function newLedgerId(prefix: 'acc' | 'ltx'): string {
  return `${prefix}_${randomBytes(16).toString('base64url')}`;
}
